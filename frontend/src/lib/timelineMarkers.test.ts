import { describe, expect, it } from "vitest";
import type { SimEvent } from "@/protocol/events";
import { contrastRatio, seenDifference } from "@/test/colorVision";
import { adjacentMarker, MARKER_KINDS, MARKER_LOOK, markerKindName, markerLabel, markerOf, type TimelineMarker } from "./timelineMarkers";

const ev = (seq: number, kind: string, more: Record<string, unknown> = {}) => ({ seq, t: seq / 10, kind, ...more }) as unknown as SimEvent;

const log = [
  ev(1, "cluster.snapshot"),
  ev(2, "cycle.finished", { pod: "default/hi", result: "unschedulable", node: null }),
  ev(3, "preemption.evaluated", { pod: "default/hi", chosen: "n1" }),
  ev(4, "pod.nominated", { pod: "default/hi", node: "n1" }),
  ev(5, "pod.terminating", { pod: "default/lo", preemptedBy: "default/hi" }),
  ev(6, "pod.terminating", { pod: "default/done", preemptedBy: null }),
  ev(7, "preemption.evaluated", { pod: "default/x", chosen: null }),
  ev(8, "cycle.finished", { pod: "default/hi", result: "scheduled", node: "n1" }),
  ev(9, "pod.bound", { pod: "default/hi", node: "n1" }),
];

const markersOf = (events: readonly SimEvent[]) => events.map(markerOf).filter((m): m is TimelineMarker => m !== null);

describe("markerOf", () => {
  it("marks failed scheduling, preemption, nomination, eviction by a preemptor and bind, nothing else", () => {
    expect(markersOf(log).map((m) => [m.seq, m.kind, markerLabel(m)])).toEqual([
      [2, "failed", "FailedScheduling: hi"],
      [3, "preemption", "hi preempts on n1"],
      [4, "nominated", "hi nominated to n1"],
      [5, "eviction", "lo evicted by hi"],
      [9, "bind", "hi bound to n1"],
    ]);
  });
});

describe("adjacentMarker", () => {
  const markers = markersOf(log);
  it.each([
    [4, 1, 5],
    [4, -1, 3],
    [9, 1, null],
    [2, -1, null],
    [6, -1, 5],
  ] as const)("from %i going %i -> %s", (seq, dir, want) => {
    expect(adjacentMarker(markers, seq, dir)).toBe(want);
  });
});

describe("how the markers are drawn", () => {
  const kinds = MARKER_KINDS.map((k) => ({ ...MARKER_LOOK[k], name: markerKindName(k) }));

  it("gives every kind its own shape and its own name", () => {
    expect(new Set(kinds.map((k) => k.path)).size).toBe(MARKER_KINDS.length);
    expect(new Set(kinds.map((k) => k.name)).size).toBe(MARKER_KINDS.length);
  });

  it.each(["normal", "protanopia", "deuteranopia", "tritanopia"] as const)("keeps the kinds' colours apart in %s too", (vision) => {
    for (let i = 0; i < kinds.length; i++)
      for (let j = i + 1; j < kinds.length; j++)
        expect(seenDifference(kinds[i].color, kinds[j].color, vision), `${kinds[i].name}/${kinds[j].name}`).toBeGreaterThanOrEqual(11);
  });

  it("draws every shape at 3:1 or more against white", () => {
    for (const k of kinds) expect(contrastRatio(k.color, "#ffffff"), k.name).toBeGreaterThanOrEqual(3);
  });
});
