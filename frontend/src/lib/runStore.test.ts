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
