// RunSocket: one run's WebSocket (docs/events.md "WebSocket protocol"), outside React.
// It tracks the last seq it delivered, reconnects with exponential backoff, and resumes
// with ?after=<last seq> so the caller keeps its state across drops. With ?encoding=gzip
// (where the browser can inflate) the backlog's whole pages arrive as binary gzip frames;
// messages are still handled strictly in the order they arrived.
import type { components } from "@/api/schema";
import { FATAL_CLOSE_CODES } from "@/protocol/closeCodes";
import type { SimEvent } from "@/protocol/events";

export const SOCKET_STATUSES = ["idle", "connecting", "open", "reconnecting", "closed"] as const;
export type SocketStatus = (typeof SOCKET_STATUSES)[number];

export interface RunView {
  id: number;
  scenario: string;
  /** A run's statuses come from its lifecycle (playground/runs/lifecycle.py) through the API's schema. */
  status: components["schemas"]["RunStatusEnum"];
  reason: string;
  speed: number;
  seed: number;
  time: number;
  lastSeq: number;
  canControl: boolean;
  restartedAs?: number | null;
  restartOf?: number | null;
  /** The virtual clock's anchor and the server's epoch seconds when it wrote this (docs/runs.md). */
  clock?: { time: number; wallTime: number; speed: number; running: boolean } | null;
  serverTime?: number | null;
  /** The lesson slug of a lesson's run. */
  lesson?: string | null;
  /** 1-based place among queued runs while status is "queued"; `reason` says why it waits. */
  queuePosition?: number | null;
  [extra: string]: unknown;
}

export type ServerMessage =
  | { type: "hello"; protocol: number; run: RunView; after?: number }
  | { type: "events"; events: SimEvent[] }
  | { type: "status"; run: RunView }
  | { type: "command.result"; id: string | null; command: Record<string, unknown> | null; run?: RunView }
  | {
      type: "error";
      id: string | null;
      /** The HTTP status REST would have answered with (400, 403, 409, 429). */
      status?: number;
      message: string;
      errors: { field: string; value?: unknown; message: string }[];
    }
  | { type: "pong" };

export interface RunSocketHandlers {
  onEvents(events: SimEvent[]): void;
  onRun?(run: RunView): void;
  onStatus?(status: SocketStatus): void;
  onMessage?(msg: ServerMessage): void;
}

/** The subset of the browser WebSocket the client uses (lets tests pass a fake). */
export interface WebSocketLike {
  readyState: number;
  binaryType?: string;
  onopen: ((ev: unknown) => void) | null;
  onmessage: ((ev: { data: unknown }) => void) | null;
  onclose: ((ev: { code: number }) => void) | null;
  onerror: ((ev: unknown) => void) | null;
  send(data: string): void;
  close(code?: number): void;
}

export interface RunSocketOptions {
  /** Base URL without query, e.g. ws://host/ws/runs/17/ */
  url: string;
  after?: number;
  createSocket?: (url: string) => WebSocketLike;
  setTimer?: (fn: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
  random?: () => number;
  baseDelayMs?: number;
  maxDelayMs?: number;
  /** Ask for gzip backlog frames; default: when the browser has DecompressionStream. */
  gzip?: boolean;
}

/** A binary frame: a JSON header line, then the gzip text of an `events` message. */
export async function inflateFrame(data: ArrayBuffer | Uint8Array): Promise<string> {
  const bytes = data instanceof Uint8Array ? data : new Uint8Array(data);
  const newline = bytes.indexOf(10);
  if (newline < 0) throw new Error("binary frame without a header line");
  const body = bytes.slice(newline + 1);
  const stream = new Response(body).body!.pipeThrough(new DecompressionStream("gzip"));
  return new Response(stream).text();
}

/** A command's answer on the socket: as REST's body ({command, run}: run only for a restart). */
export interface SocketCommandResult {
  command: Record<string, unknown> | null;
  run?: RunView;
}

/** A command refused on the socket: the same envelope and status REST answers with. */
export class SocketCommandError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors: { field: string; value?: unknown; message: string }[] = [],
  ) {
    super(message);
  }
}

/** Waiting longer than this for a command's answer gives up (the server answers within 5 s). */
const COMMAND_TIMEOUT_MS = 15_000;

/** Close codes after which retrying cannot help (bad request, a refused ticket, run not readable). */
const FATAL_CODES = new Set(FATAL_CLOSE_CODES);

export function backoffDelay(attempt: number, base: number, max: number, random: () => number): number {
  const exp = Math.min(max, base * 2 ** attempt);
  // Full jitter between half and the whole delay, so many viewers do not reconnect in lockstep.
  return Math.round(exp / 2 + (random() * exp) / 2);
}

export function runSocketUrl(runId: number | string, loc: Location = window.location): string {
  const proto = loc.protocol === "https:" ? "wss:" : "ws:";
  return `${proto}//${loc.host}/ws/runs/${runId}/`;
}

export class RunSocket {
  status: SocketStatus = "idle";
  lastSeq: number;
  attempt = 0;
  private ws: WebSocketLike | null = null;
  private timer: unknown = null;
  private stopped = false;
  private readonly opts: Required<Omit<RunSocketOptions, "after">>;
  private readonly handlers: RunSocketHandlers;
  private pending: string[] = [];
  /** Messages behind a binary frame being inflated wait here, so the order holds. */
  private chain: Promise<void> | null = null;
  private readonly broken = new WeakSet<WebSocketLike>();
  /** Commands sent on the open socket, awaiting their answer, by the id we gave them. */
  private awaiting = new Map<string, { resolve(r: SocketCommandResult): void; reject(e: Error): void; timer: unknown }>();
  private nextCommandId = 1;

  constructor(options: RunSocketOptions, handlers: RunSocketHandlers) {
    this.lastSeq = options.after ?? 0;
    this.handlers = handlers;
    this.opts = {
      url: options.url,
      createSocket: options.createSocket ?? ((u) => new WebSocket(u) as unknown as WebSocketLike),
      setTimer: options.setTimer ?? ((fn, ms) => setTimeout(fn, ms)),
      clearTimer: options.clearTimer ?? ((h) => clearTimeout(h as ReturnType<typeof setTimeout>)),
      random: options.random ?? Math.random,
      baseDelayMs: options.baseDelayMs ?? 500,
      maxDelayMs: options.maxDelayMs ?? 15_000,
      gzip: options.gzip ?? typeof DecompressionStream === "function",
    };
  }

  connect(): void {
    this.stopped = false;
    this.open(this.status === "idle" || this.status === "closed" ? "connecting" : "reconnecting");
  }

  close(): void {
    this.stopped = true;
    if (this.timer !== null) this.opts.clearTimer(this.timer);
    this.timer = null;
    const ws = this.ws;
    this.ws = null;
    if (ws) {
      ws.onclose = null;
      ws.close(1000);
    }
    this.dropAwaiting();
    this.setStatus("closed");
  }

  /** A run command on this socket (docs/events.md, "WebSocket protocol"), answered on it: null
   * when the socket is not open (send it with REST instead). Not queued while disconnected, and
   * rejected should the socket drop before the answer (the command may have been applied). */
  command(command: Record<string, unknown>): Promise<SocketCommandResult> | null {
    const ws = this.ws;
    if (!ws || this.status !== "open") return null;
    const id = `c${this.nextCommandId++}`;
    return new Promise<SocketCommandResult>((resolve, reject) => {
      const timer = this.opts.setTimer(() => {
        this.awaiting.delete(id);
        reject(new Error("no answer to the command within 15 s; see the run's log"));
      }, COMMAND_TIMEOUT_MS);
      this.awaiting.set(id, { resolve, reject, timer });
      ws.send(JSON.stringify({ type: "command", id, command }));
    });
  }

  private answer(msg: ServerMessage): void {
    if ((msg.type !== "command.result" && msg.type !== "error") || msg.id === null) return;
    const waiting = this.awaiting.get(msg.id);
    if (!waiting) return;
    this.awaiting.delete(msg.id);
    this.opts.clearTimer(waiting.timer);
    if (msg.type === "command.result") waiting.resolve({ command: msg.command, run: msg.run });
    else waiting.reject(new SocketCommandError(msg.status ?? 400, msg.message, msg.errors));
  }

  private dropAwaiting(): void {
    for (const waiting of this.awaiting.values()) {
      this.opts.clearTimer(waiting.timer);
      waiting.reject(new Error("the connection dropped before the command was answered; it may have been applied"));
    }
    this.awaiting.clear();
  }

  /** Send a client message; queued while disconnected and flushed on open. */
  send(message: Record<string, unknown>): void {
    const data = JSON.stringify(message);
    if (this.ws && this.status === "open") this.ws.send(data);
    else this.pending.push(data);
  }

  private open(status: SocketStatus): void {
    this.setStatus(status);
    const url = `${this.opts.url}?after=${this.lastSeq}${this.opts.gzip ? "&encoding=gzip" : ""}`;
    const ws = this.opts.createSocket(url);
    ws.binaryType = "arraybuffer";
    this.ws = ws;
    ws.onopen = () => {
      this.attempt = 0;
      this.setStatus("open");
      for (const data of this.pending.splice(0)) ws.send(data);
    };
    ws.onmessage = (ev) => this.arrive(ws, ev.data);
    ws.onerror = () => undefined; // onclose follows and decides.
    ws.onclose = (ev) => {
      if (this.ws !== ws) return;
      this.ws = null;
      this.dropAwaiting();
      if (this.stopped || FATAL_CODES.has(ev.code)) {
        this.setStatus("closed");
        return;
      }
      this.scheduleReconnect();
    };
  }

  private scheduleReconnect(): void {
    const delay = backoffDelay(this.attempt, this.opts.baseDelayMs, this.opts.maxDelayMs, this.opts.random);
    this.attempt += 1;
    this.setStatus("reconnecting");
    this.timer = this.opts.setTimer(() => {
      this.timer = null;
      if (!this.stopped) this.open("reconnecting");
    }, delay);
  }

  /** Resolves once every message received so far has been handled (tests, callers that wait). */
  async settled(): Promise<void> {
    while (this.chain !== null) await this.chain;
  }

  /** Text is handled at once unless a binary frame before it is still being inflated. */
  private arrive(ws: WebSocketLike, raw: unknown): void {
    if (this.broken.has(ws)) return;
    if (typeof raw === "string" && this.chain === null) {
      this.receive(raw);
      return;
    }
    const next = (this.chain ?? Promise.resolve())
      .then(async () => {
        if (this.broken.has(ws)) return;
        this.receive(typeof raw === "string" ? raw : await inflateFrame(raw as ArrayBuffer));
      })
      .catch(() => {
        // A frame that cannot be read would leave a gap: ignore this socket from here on, drop
        // it, and resume after lastSeq on a new one.
        this.broken.add(ws);
        if (this.ws === ws) ws.close(4000);
      });
    this.chain = next;
    void next.finally(() => {
      if (this.chain === next) this.chain = null;
    });
  }

  private receive(raw: unknown): void {
    let msg: ServerMessage;
    try {
      msg = JSON.parse(String(raw)) as ServerMessage;
    } catch {
      return;
    }
    this.answer(msg);
    this.handlers.onMessage?.(msg);
    if (msg.type === "hello" || msg.type === "status") this.handlers.onRun?.(msg.run);
    if (msg.type !== "events") return;
    // Guard the "no gap, no duplicate" promise on our side too: drop what we already have.
    const fresh = msg.events.filter((e) => e.seq > this.lastSeq);
    if (fresh.length === 0) return;
    this.lastSeq = fresh[fresh.length - 1].seq;
    this.handlers.onEvents(fresh);
  }

  private setStatus(status: SocketStatus): void {
    if (this.status === status) return;
    this.status = status;
    this.handlers.onStatus?.(status);
  }
}
