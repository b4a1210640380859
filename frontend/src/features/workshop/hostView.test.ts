import { afterEach, expect, test, vi } from "vitest";
import { RunStore } from "@/lib/runStore";
import { preemptionStory } from "@/test/fixtures";
import { HostView } from "./hostView";
import type { WorkshopStore } from "./store";

afterEach(() => vi.unstubAllGlobals());

const events = preemptionStory().slice(0, 6);

function hostOn(classSeq: number | null) {
  // Frames never come: whatever is published here is published before this page draws anything.
  vi.stubGlobal("requestAnimationFrame", vi.fn());
  const sent: unknown[] = [];
  const ws = { send: (m: unknown) => sent.push(m) } as unknown as WorkshopStore;
  const store = new RunStore(7);
  store.receive(events);
  const host = new HostView(store, ws, 7, classSeq);
  host.attach();
  store.onMove(host.sync);
  return { store, host, sent };
}

test("the instructor's click is published at once, before the frame that draws it", () => {
  const { store, host, sent } = hostOn(3);
  host.receive(3);  // the class is at event 3: the page goes there, publishing nothing
  expect(store.getSnapshot().viewSeq).toBe(3);
  expect(sent).toEqual([]);
  store.seek(4);  // Next step
  expect(sent).toEqual([{ type: "position", position: { view: "run", runId: 7, seq: 4, compare: null } }]);
  expect(requestAnimationFrame).toHaveBeenCalled();  // the drawing still waits for its frame
});

test("going where the class is publishes nothing, and an echo of the page's own move is not undone", () => {
  const { store, host, sent } = hostOn(2);
  host.receive(2);
  store.seek(5);
  store.seek(4);
  expect(sent.map((m) => (m as { position: { seq: number } }).position.seq)).toEqual([5, 4]);
  host.receive(5);  // the echo of the first move arrives after the second was sent: the page stays
  expect(store.getSnapshot().viewSeq).toBe(4);
  expect(sent).toHaveLength(2);
});
