// The key moments of a run, for markers on the timeline that jump to them.
import type { SimEvent } from "@/protocol/events";
import { shortKey } from "./format";

export const MARKER_KINDS = ["failed", "nominated", "preemption", "eviction", "bind"] as const;
export type MarkerKind = (typeof MARKER_KINDS)[number];

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
