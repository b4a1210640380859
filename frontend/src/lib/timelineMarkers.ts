// The key moments of a run, for markers on the timeline that jump to them.
import type { SimEvent } from "@/protocol/events";
import { shortKey } from "./format";

export const MARKER_KINDS = ["failed", "nominated", "preemption", "eviction", "bind"] as const;
export type MarkerKind = (typeof MARKER_KINDS)[number];

/**
 * How each kind is drawn: a shape of its own and a colour (never the colour alone: "failed" and
 * "preemption" must differ to a deuteranope too), with the name the timeline's legend shows.
 * Shapes are SVG paths in a 10×10 box; the colours stay apart under colour-vision deficiencies
 * (timelineMarkers.test.ts).
 */
export const MARKER_LOOK: Record<MarkerKind, { name: string; path: string; color: string }> = {
  failed: { name: "failed scheduling", path: "M0 2 2 0l3 3 3-3 2 2-3 3 3 3-2 2-3-3-3 3-2-2 3-3z", color: "#b91c1c" },
  nominated: { name: "nominated", path: "M5 0l5 5-5 5-5-5z", color: "#cc79a7" },
  preemption: { name: "preemption", path: "M5 0l5 10H0z", color: "#0072b2" },
  eviction: { name: "eviction", path: "M1 1h8v8H1z", color: "#000000" },
  bind: { name: "bind", path: "M5 0a5 5 0 1 1 0 10A5 5 0 1 1 5 0z", color: "#009e73" },
};

export interface TimelineMarker {
  seq: number;
  t: number;
  kind: MarkerKind;
  label: string;
}

export function markerOf(e: SimEvent): TimelineMarker | null {
  const at = { seq: e.seq, t: e.t };
  switch (e.kind) {
    case "cycle.finished":
      return e.result === "unschedulable" ? { ...at, kind: "failed", label: `FailedScheduling: ${shortKey(e.pod)}` } : null;
    case "pod.nominated":
      return { ...at, kind: "nominated", label: `${shortKey(e.pod)} nominated to ${e.node}` };
    case "preemption.evaluated":
      return e.chosen ? { ...at, kind: "preemption", label: `${shortKey(e.pod)} preempts on ${e.chosen}` } : null;
    case "pod.terminating":
      return e.preemptedBy ? { ...at, kind: "eviction", label: `${shortKey(e.pod)} evicted by ${shortKey(e.preemptedBy)}` } : null;
    case "pod.bound":
      return { ...at, kind: "bind", label: `${shortKey(e.pod)} bound to ${e.node}` };
    default:
      return null;
  }
}

/** The marker seq before or after `seq` (for "previous/next key event"), or null at either end. */
export function adjacentMarker(markers: readonly TimelineMarker[], seq: number, direction: -1 | 1): number | null {
  if (direction > 0) return markers.find((m) => m.seq > seq)?.seq ?? null;
  for (let i = markers.length - 1; i >= 0; i--) if (markers[i].seq < seq) return markers[i].seq;
  return null;
}
