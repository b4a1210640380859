// The TypeScript fold agrees with scheduler_core's at every seq of a log holding every event kind
// (src/test/real/every_kind.yaml and .commands.json; regenerate with frontend/scripts/real_fixture.py).
// tests/scheduler_core/test_event_schema.py validates the same events against the core's schemas.
import { describe, expect, test } from "vitest";
import real from "@/test/real/every_kind.json";
import { EVENT_KINDS, type ClusterState, type SimEvent } from "./events";
import { foldTo } from "./applyEvent";
import { toClusterState } from "./state";

const events = real.events as unknown as SimEvent[];
const byKey = <T extends { key: string }>(xs: T[]) => [...xs].sort((a, b) => a.key.localeCompare(b.key));

describe("folding a real scheduler_core log with every event kind", () => {
  test("the log holds every kind", () => {
    expect(new Set(events.map((e) => e.kind))).toEqual(new Set(EVENT_KINDS));
  });

  test("every seq gives the State scheduler_core had at that seq", () => {
    const states = real.states as unknown as ClusterState[];
    events.forEach((e, i) => {
      const ours = toClusterState(foldTo(events, e.seq));
      expect({ ...ours, pods: byKey(ours.pods) }, `seq ${e.seq} (${e.kind})`).toEqual({
        ...states[i],
        pods: byKey(states[i].pods),
      });
    });
  });
});
