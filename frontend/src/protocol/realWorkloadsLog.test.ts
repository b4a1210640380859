// The TypeScript fold agrees with scheduler_core's on a log with workloads: workload.updated,
// pod.succeeded and the PDB status fields (regenerate with frontend/scripts/real_fixture.py
// frontend/src/test/real/workloads.yaml).
import { describe, expect, test } from "vitest";
import real from "@/test/real/workloads.json";
import type { ClusterState, SimEvent } from "./events";
import { foldTo } from "./applyEvent";
import { toClusterState } from "./state";

const events = real.events as unknown as SimEvent[];
const byKey = <T extends { key: string }>(xs: T[]) => [...xs].sort((a, b) => a.key.localeCompare(b.key));

describe("folding a real scheduler_core log with workloads", () => {
  test("every seq gives the State scheduler_core had at that seq", () => {
    const states = real.states as unknown as ClusterState[];
    events.forEach((e, i) => {
      const ours = toClusterState(foldTo(events, e.seq));
      expect({ ...ours, pods: byKey(ours.pods) }, `seq ${e.seq}`).toEqual({ ...states[i], pods: byKey(states[i].pods) });
    });
  });

  test("the Job's finished pod is Succeeded and no longer drawn on its node", () => {
    const s = foldTo(events);
    const done = s.pods.values().filter((p) => p.phase === "Succeeded");
    expect(done.map((p) => p.owner?.kind)).toEqual(["Job"]);
    expect(s.byNode.get("node-1")!.bound.some((p) => p.phase === "Succeeded")).toBe(false);
  });

  test("the budget over the Deployment expects its 2 replicas", () => {
    const pdb = foldTo(events).pdbs["default/web-pdb"];
    expect([pdb.expectedPods, pdb.desiredHealthy]).toEqual([2, 1]);
  });
});
