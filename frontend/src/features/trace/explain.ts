// Plain-language explanations that keep the upstream terms (SCHEDULER_SPEC §5.9, §7).
import type { PreemptionCandidate, PreemptionCriterion } from "@/protocol/events";
import type { NodeFree } from "@/protocol/state";
import { formatResource } from "@/lib/quantity";
import { describeStartTime } from "@/lib/format";

export const CRITERION_WORDS: Record<PreemptionCriterion, string> = {
  onlyCandidate: "it was the only candidate node",
  fewestPDBViolations: "fewest PodDisruptionBudget violations",
  lowestHighestPriority: "lowest priority of the most important victim",
  smallestPrioritySum: "smallest sum of victim priorities",
  fewestVictims: "fewest victims",
  latestStartTime: "latest start time of the most important victims (prefer disrupting recently started pods)",
  random: "all criteria tied, so one of the remaining nodes was picked at random",
};

/** pickOneNodeForPreemption applies these in order; earlier ones tied when a later one decided. */
export const CRITERIA_ORDER: PreemptionCriterion[] = [
  "fewestPDBViolations",
  "lowestHighestPriority",
  "smallestPrioritySum",
  "fewestVictims",
  "latestStartTime",
  "random",
];

export function explainCriterion(criterion: PreemptionCriterion | null, chosen: string | null): string {
  if (!chosen) return "No node was chosen for preemption.";
  if (!criterion) return `Picked ${chosen}.`;
  if (criterion === "onlyCandidate") return `Picked ${chosen} because ${CRITERION_WORDS.onlyCandidate}.`;
  const idx = CRITERIA_ORDER.indexOf(criterion);
  const tied = CRITERIA_ORDER.slice(0, idx).map((c) => CRITERION_WORDS[c]);
  const tail = tied.length ? ` (the candidates tied on ${tied.join(", then ")})` : "";
  return `Picked ${chosen} by ${CRITERION_WORDS[criterion]}${tail}.`;
}

/** The value of the deciding criterion for one candidate, to show in the table. */
export function criterionValue(c: PreemptionCandidate, criterion: PreemptionCriterion | null): string {
  switch (criterion) {
    case "fewestPDBViolations":
      return `${c.numPDBViolations} PDB violation(s)`;
    case "lowestHighestPriority":
      return `highest victim priority ${c.highestPriority}`;
    case "smallestPrioritySum":
      return `priority sum ${c.prioritySum}, compared as ${shiftedPrioritySum(c)}`;
    case "fewestVictims":
      return `${c.victims.length} victim(s)`;
    case "latestStartTime":
      return `earliest start ${describeStart(c.earliestStartTime)}`;
    default:
      return "";
  }
}

/** pickOneNodeForPreemption adds MaxInt32 + 1 (2³¹) to each victim's priority before summing, so
 * every victim counts positively: what the candidates are compared by. */
export const PRIORITY_SHIFT = 2 ** 31;

export function shiftedPrioritySum(c: PreemptionCandidate): number {
  return c.prioritySum + c.victims.length * PRIORITY_SHIFT;
}

/** The earliest start of a candidate's most important victims in words ("now" when none has started). */
export function describeStart(t: number | null): string {
  return t === null ? "now" : describeStartTime(t);
}

const INSUFFICIENT = /^Insufficient (.+)$/;

/** "Insufficient cpu" → "Insufficient cpu: needs 2, 1.5 free" (free computed from state at filter time). */
export function explainReason(reason: string, podRequests: Record<string, number>, free: NodeFree | undefined): string {
  if (!free) return reason;
  const m = INSUFFICIENT.exec(reason);
  if (m) {
    const r = m[1];
    const avail = (free.allocatable[r] ?? 0) - (free.requested[r] ?? 0);
    const reserved = free.nominated[r] ?? 0;
    const need = podRequests[r] ?? 0;
    const extra = reserved ? ` (${formatResource(r, reserved)} of it reserved for nominated pods)` : "";
    return `${reason}: needs ${formatResource(r, need)}, ${formatResource(r, Math.max(0, avail))} free${extra}`;
  }
  if (reason === "Too many pods") return `Too many pods: ${free.pods} of ${free.allocatable.pods ?? 110} already on the node`;
  return reason;
}
