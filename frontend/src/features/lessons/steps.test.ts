import { expect, test } from "vitest";
import { makeNode, makePod, makeState, numbered } from "@/test/fixtures";
import type { SimEvent } from "@/protocol/events";
import { follow, next, onEvents, previous, progressAt, revealed, START, stepAt, stepSeqs, type Progress } from "./steps";

// Lesson 2's shape: its last three steps' events come close together (seq 4, 5, 6).
const log = numbered([
  { kind: "cluster.snapshot", t: 0, state: makeState([makeNode("n1")], [makePod("web"), makePod("batch", { nodeName: "n1" })]) },
  { kind: "cycle.started", t: 0, cycle: 1, pod: "default/web", attempts: 1 },
  { kind: "pod.nominated", t: 0, pod: "default/web", node: "n1" },
  { kind: "k8s.event", t: 0, type: "Normal", reason: "Preempted", object: "default/batch", message: "", action: "Preempting", related: "default/web" },
  { kind: "pod.deleted", t: 30, pod: "default/batch", node: "n1", reason: "Preempted" },
  { kind: "pod.bound", t: 30, pod: "default/web", node: "n1", cycle: 2 },
] as Parameters<typeof numbered>[0]);
const triggers = [
  { event: "cluster.snapshot" },
  { event: "pod.nominated", pod: "default/web" },
  { event: "k8s.event", reason: "Preempted" },
  { event: "pod.deleted", pod: "default/batch" },
  { event: "pod.bound", pod: "default/web" },
];
const upTo = (seq: number): SimEvent[] => log.filter((e) => e.seq <= seq);
const at = (current: number): Progress => ({ current, waitingFor: null });

test("the step is read from the event on screen: the steps whose event it has reached", () => {
  const seqs = stepSeqs(triggers, log);
  expect([0, 1, 2, 3, 4, 5, 6].map((seq) => stepAt(seqs, seq))).toEqual([0, 1, 1, 2, 3, 4, 5]);
  expect(stepAt(stepSeqs(triggers, upTo(3)), 6)).toBe(2);  // later steps' events have not arrived
  expect(onEvents(START, stepSeqs(triggers, upTo(1)))).toBeNull();  // opening moves nothing
});

test("a wait ends once the view shows the awaited step, however it got there", () => {
  const seqs = stepSeqs(triggers, log);
  expect(progressAt(seqs, 3, 3)).toEqual({ current: 1, waitingFor: 3 });
  expect(progressAt(seqs, 5, 3)).toEqual({ current: 3, waitingFor: null });
});

test("Next goes to exactly the next step even when later steps have happened too", () => {
  const seqs = stepSeqs(triggers, log);
  let p = at(0);
  const visited: number[] = [];
  for (let i = 1; i < triggers.length; i++) {
    const move = next(p, seqs);
    p = move.progress;
    visited.push(move.seek as number);
  }
  expect(visited).toEqual([3, 4, 5, 6]);
  expect(p.current).toBe(4);
});

test("Next waits for a step that has not happened, and shows it when its event arrives", () => {
  const early = stepSeqs(triggers, upTo(4));
  const waiting = next(at(2), early);
  expect(waiting).toEqual({ progress: { current: 2, waitingFor: 3 } });
  expect(onEvents(waiting.progress, stepSeqs(triggers, upTo(4)))).toBeNull();
  expect(onEvents(waiting.progress, stepSeqs(triggers, upTo(6)))).toEqual({ progress: at(3), seek: 5 });
});

test("Previous goes back one step and cancels a wait; after the last step Next goes live", () => {
  const seqs = stepSeqs(triggers, log);
  expect(previous({ current: 2, waitingFor: 3 }, seqs)).toEqual({ progress: at(1), seek: 3 });
  expect(previous(at(0), seqs).seek).toBeUndefined();
  expect(next(at(4), seqs)).toEqual({ progress: at(4), seek: null });
});

test("a question is revealed once the view shows its reveal event", () => {
  expect(revealed(4, 3)).toBe(false);
  expect(revealed(4, 4)).toBe(true);
  expect(revealed(null, 99)).toBe(false);
});

test("a workshop follower shows the instructor's step as given and waits for nothing", () => {
  expect(follow(3)).toEqual({ current: 2, waitingFor: null });
  expect(follow(null)).toEqual(START);
});
