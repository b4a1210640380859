// The TypeScript fold agrees with scheduler_core's on a log with pods waiting at Permit: permit.waiting,
// permit.allowed, permit.rejected and State.waitingPods (regenerate with frontend/scripts/real_fixture.py
// frontend/src/test/real/permit.yaml; the run's config and timed commands are in permit.run.json).
import { describe, expect, test } from "vitest";
import real from "@/test/real/permit.json";
import type { ClusterState, SimEvent } from "./events";
import { foldTo } from "./applyEvent";
import { toClusterState } from "./state";

const events = real.events as unknown as SimEvent[];
const byKey = <T extends { key: string }>(xs: T[]) => [...xs].sort((a, b) => a.key.localeCompare(b.key));

describe("folding a real scheduler_core log with waiting pods", () => {
  test("every seq gives the State scheduler_core had at that seq", () => {
    const states = real.states as unknown as ClusterState[];
    events.forEach((e, i) => {
      const ours = toClusterState(foldTo(events, e.seq));
      expect({ ...ours, pods: byKey(ours.pods) }, `seq ${e.seq}`).toEqual({ ...states[i], pods: byKey(states[i].pods) });
    });
  });

  test("both gated pods wait, in the waiting lane, until one is allowed", () => {
    const firstAllow = events.find((e) => e.kind === "permit.allowed")!;
    const before = foldTo(events, firstAllow.seq - 1);
    expect(before.waitingPods?.map((w) => w.pod)).toEqual(["default/gated-a", "default/gated-b"]);
    expect(before.pods.get("default/gated-a")?.queue).toBe("waiting");
  });

  test("the preempted waiting pod's cycle records the rejection, not a deletion", () => {
    const s = foldTo(events);
    const cycle = s.cycles.get("1")!;
    expect(cycle.permitWaiting?.node).toBe("node-1");
    expect(cycle.permitEnded).toMatchObject({ kind: "permit.rejected", plugin: "DefaultPreemption", message: "preempted" });
    expect(s.pods.get("default/gated-a")?.phase).toBe("Pending");
  });
});
