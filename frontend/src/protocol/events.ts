// The event protocol (docs/events.md). Every kind, payload and vocabulary is generated from the
// schemas scheduler_core publishes (events.gen.ts, `make api-types`); this module is what the app
// imports: those types, and the helpers that read an event's per-node verdicts.
import type { CycleFilteredEvent, NodeStatus } from "./events.gen";

export * from "./events.gen";

/**
 * Per-node statuses of cycle.filtered / preemption.evaluated, compact at 5,000 nodes: each distinct
 * verdict once in `verdicts` (first-seen order), `statuses` maps node -> index into it (docs/events.md).
 */
export type NodeVerdicts = Pick<CycleFilteredEvent, "statuses" | "verdicts">;

/** One node's verdict; runs stored before `verdicts` existed carry the status object itself. */
function verdictAt(e: NodeVerdicts, v: number | NodeStatus | undefined): NodeStatus | undefined {
  return typeof v === "number" ? e.verdicts[v] : v;
}

/** [node, status] per rejected node, in the trace's (search) order. */
export function nodeStatuses(e: NodeVerdicts): [string, NodeStatus][] {
  const out: [string, NodeStatus][] = [];
  for (const [node, v] of Object.entries(e.statuses as Record<string, number | NodeStatus>)) {
    const s = verdictAt(e, v);
    if (s) out.push([node, s]);
  }
  return out;
}

/** The status of one node, or undefined when it is not in the (capped) trace. */
export function nodeStatus(e: NodeVerdicts, node: string): NodeStatus | undefined {
  return verdictAt(e, (e.statuses as Record<string, number | NodeStatus | undefined>)[node]);
}
