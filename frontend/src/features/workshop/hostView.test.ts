import { afterEach, expect, test, vi } from "vitest";
import { RunStore } from "@/lib/runStore";
import { preemptionStory } from "@/test/fixtures";
import { HostView } from "./hostView";
import type { WorkshopStore } from "./store";

afterEach(() => vi.useRealTimers());

const events = preemptionStory().slice(0, 6);

function hostOn(classSeq: number | null) {
  // Frames come when the test says: the store tells its subscribers (HostView.sync) on a frame, at
  // most one per 100 ms.
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "requestAnimationFrame", "performance"] });
  const frame = () => vi.advanceTimersByTime(200);
  const sent: unknown[] = [];
  const ws = { send: (m: unknown) => sent.push(m) } as unknown as WorkshopStore;
  const store = new RunStore(7);
  store.receive(events);
  const host = new HostView(store, ws, 7, classSeq);
  host.attach();
  store.subscribe(host.sync);
  frame();
  return { store, host, sent, frame };
}

const seqs = (sent: unknown[]) => sent.map((m) => (m as { position: { seq: number } }).position.seq);

test("going where the class is publishes nothing; a move made on the page is published", () => {
  const { store, host, sent, frame } = hostOn(3);
  host.receive(3);
  frame();
  expect(store.getSnapshot().viewSeq).toBe(3);
  expect(sent).toEqual([]);
  store.seek(4);  // Next step
  frame();
  expect(sent).toEqual([{ type: "position", position: { view: "run", runId: 7, seq: 4, compare: null } }]);
});

test("an echo of the page's own earlier move does not pull it back", () => {
  const { store, host, sent, frame } = hostOn(2);
  host.receive(2);
  frame();
  store.seek(5);
  frame();
  store.seek(4);
  frame();
  expect(seqs(sent)).toEqual([5, 4]);
  host.receive(5);  // the echo of the first move arrives after the second was sent: the page stays
  frame();
  expect(store.getSnapshot().viewSeq).toBe(4);
  expect(sent).toHaveLength(2);
});
