// The TypeScript fold must agree with scheduler_core's own fold (scheduler_core/events.py) on a
// log the real core emitted (regenerate with frontend/scripts/real_fixture.py).
import { describe, expect, test } from "vitest";
import real from "@/test/real/preemption.json";
import type { ClusterState, SimEvent } from "./events";
import { foldTo } from "./applyEvent";
import { toClusterState } from "./state";

const events = real.events as unknown as SimEvent[];
const byKey = <T extends { key: string }>(xs: T[]) => [...xs].sort((a, b) => a.key.localeCompare(b.key));

describe("folding a real scheduler_core log", () => {
  test("ends in the same State as scheduler_core's fold", () => {
    const ours = toClusterState(foldTo(events));
    const theirs = real.fold as unknown as ClusterState;
    expect({ ...ours, pods: byKey(ours.pods) }).toEqual({ ...theirs, pods: byKey(theirs.pods) });
  });

  test("rewinding to any seq gives the State scheduler_core had at that seq", () => {
    const states = real.states as unknown as ClusterState[];
    events.forEach((e, i) => {
      const ours = toClusterState(foldTo(events, e.seq));
      expect({ ...ours, pods: byKey(ours.pods) }, `seq ${e.seq}`).toEqual({ ...states[i], pods: byKey(states[i].pods) });
    });
  });

  test("the preemption picked node-1 because its victim started latest", () => {
    const s = foldTo(events);
    const p = s.cycles.get(String(1))!.preemption!;
    expect(p.chosen).toBe("node-1");
    expect(p.criterion).toBe("latestStartTime");
  });
});
