import { expect, test } from "vitest";
import { RunStore } from "./runStore";
import { preemptionStory } from "@/test/fixtures";

const events = preemptionStory();

test("live view follows new events; a held view stays at its seq while the run goes on", () => {
  const store = new RunStore(1);
  store.receive(events.slice(0, 5));
  expect(store.getSnapshot().view.seq).toBe(5);
  store.seek(3);
  store.receive(events.slice(5, 10));
  expect(store.getSnapshot()).toMatchObject({ viewSeq: 3, lastSeq: 10 });
  expect(store.getSnapshot().view.seq).toBe(3);
  store.seek(null);
  expect(store.getSnapshot().view.seq).toBe(10);
});

test("duplicate deliveries do not grow the log", () => {
  const store = new RunStore(1);
  store.receive(events.slice(0, 6));
  store.receive(events.slice(3, 8));
  expect(store.allEvents.map((e) => e.seq)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
});

test("the timeline's markers are gathered as events arrive, each once", async () => {
  const { markerOf } = await import("./timelineMarkers");
  const store = new RunStore(1);
  store.receive(events.slice(0, 6));
  store.receive(events.slice(3));
  expect(store.markers).toEqual(events.map(markerOf).filter((m) => m !== null));
  expect(store.markers.length).toBeGreaterThan(0);
});

test("rewinding from a checkpoint gives the same state as folding from the start", async () => {
  const { foldTo } = await import("@/protocol/applyEvent");
  const { numbered, makeNode, makePod, makeState } = await import("@/test/fixtures");
  const pods = Array.from({ length: 600 }, (_, i) => makePod(`p${i}`, { queue: "active", cpu: 10 }));
  const log = numbered([
    { kind: "cluster.snapshot", t: 0, state: makeState([makeNode("a"), makeNode("b")], pods) },
    ...pods.map((p, i) => ({ kind: "pod.bound" as const, t: i, pod: p.key, node: i % 2 ? "a" : "b", cycle: i + 1 })),
  ]);
  const store = new RunStore(1);
  store.receive(log);
  for (const seq of [1, 249, 250, 251, 520, 601]) expect(store.stateAt(seq)).toEqual(foldTo(log, seq));
});

test("every run JSON re-anchors the clock; a late REST answer does not override the socket's", async () => {
  const { virtualNowAt } = await import("./useVirtualNow");
  let wall = 1_000_000;
  const store = new RunStore(1, () => wall);
  const view = (status: string, time: number, wallTime: number, running: boolean) => ({
    id: 1, scenario: "s", status, reason: "", speed: 1, seed: 0, time, lastSeq: 1, canControl: true,
    clock: { time, wallTime, speed: 1, running }, serverTime: wall / 1000,
  }) as import("./socket").RunView;
  store.updateRun(view("running", 10, 999, true)); // anchored 1 s before it arrived
  wall = 1_002_000;
  expect(virtualNowAt(store.getSnapshot().anchor, wall)).toBeCloseTo(13, 9);
  store.updateRun(view("paused", 12.1, 1_001.5, false));
  store.setRun(view("running", 0, 0, true));
  wall = 1_060_000;
  expect(virtualNowAt(store.getSnapshot().anchor, wall)).toBe(12.1);
});
