// Workshops show clusters of hundreds to a thousand nodes: folding must stay cheap per event.
import { expect, test } from "vitest";
import { applyEvent, foldTo } from "./applyEvent";
import type { SimEvent } from "./events";
import { makeNode, makePod, makeState } from "@/test/fixtures";

test("binding 3,000 pods onto 1,000 nodes folds quickly and touches one node list per bind", () => {
  const nodes = Array.from({ length: 1000 }, (_, i) => makeNode(`node-${i}`));
  const pods = Array.from({ length: 3000 }, (_, i) => makePod(`p-${i}`, { queue: "active", cpu: 100 }));
  const events: SimEvent[] = [{ seq: 1, t: 0, kind: "cluster.snapshot", state: makeState(nodes, pods) }];
  pods.forEach((p, i) => events.push({ seq: i + 2, t: i / 100, kind: "pod.bound", pod: p.key, node: `node-${i % 1000}`, cycle: i + 1 }));

  const started = performance.now();
  const end = foldTo(events);
  const elapsed = performance.now() - started;

  expect(end.byNode.get("node-7")!.bound).toHaveLength(3);
  expect(elapsed).toBeLessThan(3_000);
  const before = foldTo(events, 10);
  const after = applyEvent(before, events[10]);
  const changed = after.byNode.keys().filter((n) => after.byNode.get(n) !== before.byNode.get(n));
  expect(changed).toEqual(["node-9"]);
});
