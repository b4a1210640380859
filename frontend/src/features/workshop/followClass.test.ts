import { afterEach, expect, test, vi } from "vitest";
import { RunStore } from "@/lib/runStore";
import { preemptionStory } from "@/test/fixtures";
import { followClass } from "./followClass";
import type { Position, WorkshopView } from "./state";
import { WorkshopStore } from "./store";

afterEach(() => vi.unstubAllGlobals());

const position: Position = { view: "run", runId: 7, seq: 2, step: 1, compare: null };
const workshop: WorkshopView = {
  code: "ABC234", title: "Lesson 2", instructor: "teacher", lesson: "basic-preemption", scenario: "lesson02",
  runId: 7, push: 1, position, locked: false, status: "open", createdAt: null, endedAt: null, link: "/w/ABC234", joinUrl: "http://192.0.2.2:8000/w/ABC234",
};

test("a student's run view is at the instructor's event in the message's own task, before any frame", () => {
  vi.stubGlobal("requestAnimationFrame", vi.fn());  // no frame comes: what is seen was done at once
  const ws = new WorkshopStore("ABC234");
  ws.dispatch({ type: "hello", role: "student", workshop, me: null, questions: [] });
  const store = new RunStore(7);
  store.receive(preemptionStory().slice(0, 6));
  const stop = followClass(ws, store, 7);
  expect(store.getSnapshot().viewSeq).toBe(2);
  ws.dispatch({ type: "position", position: { ...position, seq: 5, step: 3 } });
  expect(store.getSnapshot()).toMatchObject({ viewSeq: 5 });
  expect(store.getSnapshot().view.seq).toBe(5);
  ws.dispatch({ type: "position", position: { ...position, seq: null, step: null } });  // back to live
  expect(store.getSnapshot().viewSeq).toBeNull();
  ws.dispatch({ type: "position", position: { ...position, runId: 8, seq: 1 } });  // another run: not this view's
  expect(store.getSnapshot().viewSeq).toBeNull();
  stop();
  ws.dispatch({ type: "position", position: { ...position, seq: 3 } });
  expect(store.getSnapshot().viewSeq).toBeNull();
});

test("a class ahead of the events received waits at the last one and goes on as they arrive; a scrub is undone", () => {
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "requestAnimationFrame", "performance"] });
  try {
    const ws = new WorkshopStore("ABC234");
    ws.dispatch({ type: "hello", role: "student", workshop: { ...workshop, position: { ...position, seq: 8 } }, me: null, questions: [] });
    const story = preemptionStory();
    const store = new RunStore(7);
    store.receive(story.slice(0, 6));
    const stop = followClass(ws, store, 7);
    expect(store.getSnapshot().viewSeq).toBe(6);  // the class's event 8 has not arrived: the last one
    store.receive(story.slice(6, 10));
    vi.advanceTimersByTime(200);  // the store tells its listeners on a frame
    expect(store.getSnapshot().viewSeq).toBe(8);
    store.seek(3);  // the student drags the timeline
    vi.advanceTimersByTime(200);
    expect(store.getSnapshot().viewSeq).toBe(8);
    stop();
  } finally {
    vi.useRealTimers();
  }
});
