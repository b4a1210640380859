import { expect, test } from "vitest";
import { preemptionStory } from "@/test/fixtures";
import { findSeq, triggerMatches } from "./triggers";

const events = preemptionStory();

test("a trigger matches when every key matches, PodViews by key", () => {
  const pre = events.find((e) => e.kind === "k8s.event" && e.reason === "Preempted")!;
  expect(triggerMatches({ event: "k8s.event", reason: "Preempted" }, pre)).toBe(true);
  expect(triggerMatches({ event: "k8s.event", reason: "Scheduled" }, pre)).toBe(false);
  expect(triggerMatches({ event: "cluster.snapshot" }, events[0])).toBe(true);
});

test("nth picks the nth match and upTo hides later events (rewind)", () => {
  const second = findSeq({ event: "cycle.started", pod: "default/preemptor", nth: 2 }, events);
  expect(events.find((e) => e.seq === second)).toMatchObject({ kind: "cycle.started", cycle: 2 });
  expect(findSeq({ event: "pod.bound" }, events, 10)).toBeNull();
});

test("time, messageContains and queueEvent", () => {
  expect(findSeq({ time: 30 }, events)).toBe(events.find((e) => e.t >= 30)!.seq);
  expect(findSeq({ event: "k8s.event", messageContains: "on node node-1" }, events)).not.toBeNull();
  expect(findSeq({ queueEvent: "AssignedPodDelete" }, events)).not.toBeNull();
});
