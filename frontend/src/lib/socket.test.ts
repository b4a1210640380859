import { describe, expect, test } from "vitest";
import { backoffDelay, RunSocket, SocketCommandError, type WebSocketLike } from "./socket";
import { preemptionStory } from "@/test/fixtures";

class FakeWebSocket implements WebSocketLike {
  readyState = 0;
  onopen: WebSocketLike["onopen"] = null;
  onmessage: WebSocketLike["onmessage"] = null;
  onclose: WebSocketLike["onclose"] = null;
  onerror: WebSocketLike["onerror"] = null;
  sent: string[] = [];
  closedWith: number | null = null;
  constructor(readonly url: string) {}
  send(data: string) {
    this.sent.push(data);
  }
  close(code = 1000) {
    this.closedWith = code;
  }
  serverOpen() {
    this.readyState = 1;
    this.onopen?.({});
  }
  serverSend(msg: unknown) {
    this.onmessage?.({ data: JSON.stringify(msg) });
  }
  serverSendBinary(data: ArrayBuffer) {
    this.onmessage?.({ data });
  }
  serverDrop(code = 1006) {
    this.readyState = 3;
    this.onclose?.({ code });
  }
}

function harness() {
  const sockets: FakeWebSocket[] = [];
  const timers: { fn: () => void; ms: number }[] = [];
  const received: number[] = [];
  const statuses: string[] = [];
  const client = new RunSocket(
    {
      url: "ws://x/ws/runs/7/",
      createSocket: (u) => {
        const s = new FakeWebSocket(u);
        sockets.push(s);
        return s;
      },
      setTimer: (fn, ms) => timers.push({ fn, ms }),
      clearTimer: () => undefined,
      random: () => 1,
      baseDelayMs: 500,
      maxDelayMs: 8000,
    },
    { onEvents: (evs) => received.push(...evs.map((e) => e.seq)), onStatus: (s) => statuses.push(s) },
  );
  return { client, sockets, timers, received, statuses };
}

const events = preemptionStory();

describe("RunSocket", () => {
  test("connects from seq 0 and delivers events in order", () => {
    const h = harness();
    h.client.connect();
    expect(h.sockets[0].url).toBe("ws://x/ws/runs/7/?after=0&encoding=gzip");
    h.sockets[0].serverOpen();
    h.sockets[0].serverSend({ type: "events", events: events.slice(0, 5) });
    expect(h.received).toEqual([1, 2, 3, 4, 5]);
    expect(h.client.status).toBe("open");
  });

  test("after a drop it reconnects with backoff and resumes after its last seq", () => {
    const h = harness();
    h.client.connect();
    h.sockets[0].serverOpen();
    h.sockets[0].serverSend({ type: "events", events: events.slice(0, 5) });
    h.sockets[0].serverDrop();
    expect(h.client.status).toBe("reconnecting");
    expect(h.timers).toHaveLength(1);
    h.timers[0].fn();
    expect(h.sockets[1].url).toBe("ws://x/ws/runs/7/?after=5&encoding=gzip");
    h.sockets[1].serverOpen();
    h.sockets[1].serverSend({ type: "events", events: events.slice(5, 8) });
    expect(h.received).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });

  test("the delay doubles per failed attempt up to the maximum and resets once connected", () => {
    const h = harness();
    h.client.connect();
    for (let i = 0; i < 6; i++) {
      h.sockets[i].serverDrop();
      h.timers[i].fn();
    }
    expect(h.timers.map((t) => t.ms)).toEqual([500, 1000, 2000, 4000, 8000, 8000]);
    h.sockets[6].serverOpen();
    h.sockets[6].serverDrop();
    expect(h.timers[6].ms).toBe(500);
  });

  test("events it already delivered are not delivered twice", () => {
    const h = harness();
    h.client.connect();
    h.sockets[0].serverOpen();
    h.sockets[0].serverSend({ type: "events", events: events.slice(0, 4) });
    h.sockets[0].serverSend({ type: "events", events: events.slice(2, 6) });
    expect(h.received).toEqual([1, 2, 3, 4, 5, 6]);
  });

  test.each([
    [4404, "a run the viewer may not read"],
    [4401, "a refused ticket (the same ticket would be refused again)"],
  ])("close code %i closes for good, without retrying: %s", (code) => {
    const h = harness();
    h.client.connect();
    h.sockets[0].serverDrop(code);
    expect(h.client.status).toBe("closed");
    expect(h.timers).toHaveLength(0);
  });

  test("close() stops reconnecting", () => {
    const h = harness();
    h.client.connect();
    h.sockets[0].serverOpen();
    h.client.close();
    expect(h.sockets[0].closedWith).toBe(1000);
    expect(h.client.status).toBe("closed");
    expect(h.timers).toHaveLength(0);
  });

  test("commands sent while disconnected are flushed when the socket opens", () => {
    const h = harness();
    h.client.connect();
    h.client.send({ type: "command", id: "c-1", command: { type: "pause" } });
    expect(h.sockets[0].sent).toEqual([]);
    h.sockets[0].serverOpen();
    expect(JSON.parse(h.sockets[0].sent[0])).toMatchObject({ command: { type: "pause" } });
  });
});

test("backoff jitter stays between half and the whole exponential delay", () => {
  expect(backoffDelay(2, 500, 10_000, () => 0)).toBe(1000);
  expect(backoffDelay(2, 500, 10_000, () => 1)).toBe(2000);

});

async function frame(evs: { seq: number }[]): Promise<ArrayBuffer> {
  const header = JSON.stringify({ type: "events", encoding: "gzip", first: evs[0].seq, last: evs.at(-1)!.seq });
  const text = new Response(JSON.stringify({ type: "events", events: evs })).body!;
  const body = new Uint8Array(await new Response(text.pipeThrough(new CompressionStream("gzip"))).arrayBuffer());
  const out = new Uint8Array(header.length + 1 + body.length);
  out.set(new TextEncoder().encode(header + "\n"));
  out.set(body, header.length + 1);
  return out.buffer;
}

describe("RunSocket with gzip frames", () => {
  test("gzip backlog frames are inflated and delivered in arrival order, text after them waits", async () => {
    const h = harness();
    h.client.connect();
    h.sockets[0].serverOpen();
    h.sockets[0].serverSendBinary(await frame(events.slice(0, 5)));
    h.sockets[0].serverSend({ type: "events", events: events.slice(5, 7) }); // live, right behind it
    expect(h.received).toEqual([]); // still inflating: the text must not overtake it
    await h.client.settled();
    expect(h.received).toEqual([1, 2, 3, 4, 5, 6, 7]);
    h.sockets[0].serverSend({ type: "events", events: events.slice(7, 8) });
    expect(h.received).toEqual([1, 2, 3, 4, 5, 6, 7, 8]); // nothing pending: at once again
  });

  test("a frame that cannot be inflated drops the socket and nothing after it is delivered", async () => {
    const h = harness();
    h.client.connect();
    h.sockets[0].serverOpen();
    h.sockets[0].serverSendBinary(new TextEncoder().encode('{"type":"events"}\nnot gzip').buffer);
    h.sockets[0].serverSendBinary(await frame(events.slice(5, 7)));
    await h.client.settled();
    expect(h.received).toEqual([]);
    expect(h.sockets[0].closedWith).toBe(4000);
  });

  test("a command goes on the open socket and is answered by its id", async () => {
    const h = harness();
    h.client.connect();
    expect(h.client.command({ type: "pause" })).toBeNull(); // not open yet: the caller uses REST
    h.sockets[0].serverOpen();
    const answer = h.client.command({ type: "pause" })!;
    const sent = JSON.parse(h.sockets[0].sent[0]);
    expect(sent).toMatchObject({ type: "command", command: { type: "pause" } });
    h.sockets[0].serverSend({ type: "command.result", id: "other", command: null });
    h.sockets[0].serverSend({ type: "command.result", id: sent.id, command: { seq: 1, status: "applied" }, run: { id: 7 } });
    await expect(answer).resolves.toEqual({ command: { seq: 1, status: "applied" }, run: { id: 7 } });
  });

  test("a refused command rejects with REST's status and envelope", async () => {
    const h = harness();
    h.client.connect();
    h.sockets[0].serverOpen();
    const answer = h.client.command({ type: "delete_pod", pod: "nope" })!;
    const { id } = JSON.parse(h.sockets[0].sent[0]);
    h.sockets[0].serverSend({ type: "error", id, status: 400, message: "pod: no pod default/nope",
      errors: [{ field: "pod", value: "nope", message: "no pod default/nope" }] });
    const error = await answer.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SocketCommandError);
    expect(error).toMatchObject({ status: 400, message: "pod: no pod default/nope" });
  });

  test("a drop before the answer rejects the command instead of leaving it hanging", async () => {
    const h = harness();
    h.client.connect();
    h.sockets[0].serverOpen();
    const answer = h.client.command({ type: "step" })!;
    h.sockets[0].serverDrop();
    await expect(answer).rejects.toThrow(/may have been applied/);
  });
});
