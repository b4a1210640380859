// RunStore: a run's event log and its folded state, fed by RunSocket, read by React through
// useSyncExternalStore. Rewinding refolds the log up to a seq; "live" follows the socket.
import { applyEvent } from "@/protocol/applyEvent";
import type { SimEvent } from "@/protocol/events";
import { initialRunState, type RunState } from "@/protocol/state";
import { markerOf, type TimelineMarker } from "./timelineMarkers";
import {
  RunSocket,
  runSocketUrl,
  type RunSocketOptions,
  type RunView,
  type SocketCommandResult,
  type SocketStatus,
} from "./socket";
import { bestSkewMs, localAnchor, type LocalAnchor } from "./useVirtualNow";

export interface RunSnapshot {
  live: RunState;
  /** What the views draw: the live state, or the state folded to `viewSeq` when rewound. */
  view: RunState;
  viewSeq: number | null;
  lastSeq: number;
  run: RunView | null;
  /** The run's virtual clock on this browser's clock, from the latest run JSON (useVirtualNow). */
  anchor: LocalAnchor | null;
  socket: SocketStatus;
  lastError: string | null;
}

/** While batches stream in (a speed-0 run), the views are drawn at most this often: a big
 * cluster's frame is ~30 ms of style, layout and React, and drawing it for every batch left
 * the page no frame to answer a click (docs/benchmarks.md, browser). */
const RENDER_EVERY_MS = 100;

/** Keep the folded state every this many events, so rewinding folds at most this many. */
const CHECKPOINT_EVERY = 250;

/** The store whose socket is watching each run on this page: commands to the run go over it. */
const connectedStores = new Map<string, RunStore>();

/** A command over the open socket of the run's store on this page, or null (then use REST). */
export function commandOverSocket(runId: number | string, command: Record<string, unknown>): Promise<SocketCommandResult> | null {
  return connectedStores.get(String(runId))?.command(command) ?? null;
}

export class RunStore {
  private events: SimEvent[] = [];
  /** The timeline's key events, kept as events arrive (not refound in the whole log per frame). */
  private markerList: readonly TimelineMarker[] = [];
  /** checkpoints[i] = the state after event (i + 1) * CHECKPOINT_EVERY (states share structure, so this is cheap). */
  private checkpoints: RunState[] = [];
  private snap: RunSnapshot = {
    live: initialRunState,
    view: initialRunState,
    viewSeq: null,
    lastSeq: 0,
    run: null,
    anchor: null,
    socket: "idle",
    lastError: null,
  };
  private listeners = new Set<() => void>();
  private socket: RunSocket | null = null;
  private scheduled = false;
  private lastRender = -Infinity;
  /** The server clock's lead over this browser's, best estimate (`bestSkewMs`). */
  private skewMs: number | null = null;

  constructor(
    readonly runId: number | string,
    private readonly wallClock: () => number = Date.now,
  ) {}

  subscribe = (fn: () => void): (() => void) => {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  };

  getSnapshot = (): RunSnapshot => this.snap;

  /** Every event received so far, in seq order (appended in place; pair it with lastSeq). */
  get allEvents(): readonly SimEvent[] {
    return this.events;
  }

  connect(options: Partial<RunSocketOptions> = {}): void {
    this.socket = new RunSocket(
      { url: runSocketUrl(this.runId), after: this.snap.live.seq, ...options },
      {
        onEvents: (evs) => this.receive(evs),
        onRun: (run) => this.updateRun(run),
        onStatus: (socket) => this.update({ socket }),
        onMessage: (msg) => {
          // An error with an id answers one of our commands: its sender shows it.
          if (msg.type === "error" && msg.id === null) this.update({ lastError: msg.message });
        },
      },
    );
    this.socket.connect();
    connectedStores.set(String(this.runId), this);
  }

  disconnect(): void {
    this.socket?.close();
    this.socket = null;
    if (connectedStores.get(String(this.runId)) === this) connectedStores.delete(String(this.runId));
  }

  /** A command on this run's open socket (cheaper and quicker than a POST for the server), or
   * null when it is not open. */
  command(command: Record<string, unknown>): Promise<SocketCommandResult> | null {
    return this.socket?.command(command) ?? null;
  }

  /** The timeline markers of every event received so far (a new array when one is added). */
  get markers(): readonly TimelineMarker[] {
    return this.markerList;
  }

  /** Add events (from the socket or a REST page); duplicates and old seqs are ignored. */
  receive(evs: readonly SimEvent[]): void {
    let live = this.snap.live;
    const found: TimelineMarker[] = [];
    for (const e of evs) {
      if (e.seq <= live.seq) continue;
      this.events.push(e);
      live = applyEvent(live, e);
      if (live.seq % CHECKPOINT_EVERY === 0) this.checkpoints[live.seq / CHECKPOINT_EVERY - 1] = live;
      const marker = markerOf(e);
      if (marker) found.push(marker);
    }
    if (found.length) this.markerList = this.markerList.concat(found);
    this.update({ live, lastSeq: live.seq, view: this.snap.viewSeq === null ? live : this.snap.view });
  }

  /** Hold the views at `seq` (fold events up to it) while the run goes on; null = follow live. */
  seek(seq: number | null): void {
    if (seq === null) {
      this.update({ viewSeq: null, view: this.snap.live });
      return;
    }
    const at = Math.min(seq, this.snap.lastSeq);
    this.update({ viewSeq: at, view: at === this.snap.live.seq ? this.snap.live : this.stateAt(at) });
  }

  /** The state after event `seq`: from the nearest checkpoint, fold forward. */
  stateAt(seq: number): RunState {
    const k = Math.min(Math.floor(seq / CHECKPOINT_EVERY), this.checkpoints.length);
    let state = k > 0 && this.checkpoints[k - 1] ? this.checkpoints[k - 1] : initialRunState;
    // Events are contiguous from seq 1, so event n sits at index n - 1.
    for (let i = state.seq; i < seq && i < this.events.length; i++) state = applyEvent(state, this.events[i]);
    return state;
  }

  /** A RunView from REST; the socket's hello/status messages are fresher and win. */
  setRun(run: RunView): void {
    if (!this.snap.run) this.updateRun(run);
  }

  /** A fresh run JSON (socket hello/status, or a command's answer): its clock re-anchors ours. */
  updateRun(run: RunView): void {
    const receivedAt = this.wallClock();
    this.skewMs = bestSkewMs(this.skewMs, run, receivedAt);
    this.update({ run, anchor: localAnchor(run, receivedAt, this.skewMs) });
  }

  clearError(): void {
    this.update({ lastError: null });
  }

  private update(patch: Partial<RunSnapshot>): void {
    this.snap = { ...this.snap, ...patch };
    // Coalesce bursts of socket batches into one render per frame, and at most one per
    // RENDER_EVERY_MS: the first change after a quiet moment is drawn on the next frame.
    if (this.scheduled) return;
    this.scheduled = true;
    const flush = () => {
      this.scheduled = false;
      this.lastRender = performance.now();
      this.listeners.forEach((l) => l());
    };
    const onFrame = () => (typeof requestAnimationFrame === "function" ? requestAnimationFrame(flush) : queueMicrotask(flush));
    const wait = this.lastRender + RENDER_EVERY_MS - performance.now();
    if (wait > 0) setTimeout(onFrame, wait);
    else onFrame();
  }
}
