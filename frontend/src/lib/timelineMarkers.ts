// The key moments of a run, for markers on the timeline that jump to them.
import type { SimEvent } from "@/protocol/events";
import i18n from "@/i18n";
import { shortKey } from "./format";

export const MARKER_KINDS = ["failed", "nominated", "preemption", "eviction", "bind"] as const;
export type MarkerKind = (typeof MARKER_KINDS)[number];

/**
 * How each kind is drawn: a shape of its own and a colour (never the colour alone: "failed" and
 * "preemption" must differ to a deuteranope too), with the name the timeline's legend shows.
 * Shapes are SVG paths in a 10×10 box; the colours stay apart under colour-vision deficiencies
 * (timelineMarkers.test.ts). The names are the catalogs' run.timeline.kind.<kind> (`markerKindName`).
 */
export const MARKER_LOOK: Record<MarkerKind, { path: string; color: string }> = {
  failed: { path: "M0 2 2 0l3 3 3-3 2 2-3 3 3 3-2 2-3-3-3 3-2-2 3-3z", color: "#b91c1c" },
  nominated: { path: "M5 0l5 5-5 5-5-5z", color: "#cc79a7" },
  preemption: { path: "M5 0l5 10H0z", color: "#0072b2" },
  eviction: { path: "M1 1h8v8H1z", color: "#000000" },
  bind: { path: "M5 0a5 5 0 1 1 0 10A5 5 0 1 1 5 0z", color: "#009e73" },
};

/** A kind's name in the reader's language, as the legend shows it. */
export function markerKindName(kind: MarkerKind): string {
  return i18n.t(`run.timeline.kind.${kind}`);
}

export interface TimelineMarker {
  seq: number;
  t: number;
  kind: MarkerKind;
  /** The pod the moment is about (its key). */
  pod: string;
  /** The node (failed: none; eviction: the preemptor's key). */
  other: string | null;
}

/** "hi preempts on n1", in the reader's language: worded when drawn, so a language switch rewords it. */
export function markerLabel(m: TimelineMarker): string {
  return i18n.t(`run.timeline.marker.${m.kind}`, { pod: shortKey(m.pod), other: m.other === null ? "" : shortKey(m.other) });
}

export function markerOf(e: SimEvent): TimelineMarker | null {
  const at = { seq: e.seq, t: e.t };
  switch (e.kind) {
    case "cycle.finished":
      return e.result === "unschedulable" ? { ...at, kind: "failed", pod: e.pod, other: null } : null;
    case "pod.nominated":
      return { ...at, kind: "nominated", pod: e.pod, other: e.node };
    case "preemption.evaluated":
      return e.chosen ? { ...at, kind: "preemption", pod: e.pod, other: e.chosen } : null;
    case "pod.terminating":
      return e.preemptedBy ? { ...at, kind: "eviction", pod: e.pod, other: e.preemptedBy } : null;
    case "pod.bound":
      return { ...at, kind: "bind", pod: e.pod, other: e.node };
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
