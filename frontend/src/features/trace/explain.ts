// Plain-language explanations that keep the upstream terms (SCHEDULER_SPEC §5.9, §7).
import i18n from "@/i18n";
import type { PreemptionCandidate, PreemptionCriterion } from "@/protocol/events";
import type { NodeFree } from "@/protocol/state";
import { formatResource } from "@/lib/quantity";
import { describeStartTime } from "@/lib/format";

/** A criterion of pickOneNodeForPreemption in words ("fewest victims"), in the reader's language. */
export function criterionWords(criterion: PreemptionCriterion): string {
  return i18n.t(`run.criterion.${criterion}`);
}

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
  if (!chosen) return i18n.t("run.explain.noneChosen");
  if (!criterion) return i18n.t("run.explain.picked", { node: chosen });
  if (criterion === "onlyCandidate") return i18n.t("run.explain.pickedOnly", { node: chosen, why: criterionWords("onlyCandidate") });
  const idx = CRITERIA_ORDER.indexOf(criterion);
  const tied = CRITERIA_ORDER.slice(0, idx).map(criterionWords);
  const by = criterionWords(criterion);
  return tied.length
    ? i18n.t("run.explain.pickedByTied", { node: chosen, by, tied: tied.join(i18n.t("run.explain.thenSeparator")) })
    : i18n.t("run.explain.pickedBy", { node: chosen, by });
}

/** The value of the deciding criterion for one candidate, to show in the table. */
export function criterionValue(c: PreemptionCandidate, criterion: PreemptionCriterion | null): string {
  switch (criterion) {
    case "fewestPDBViolations":
      return i18n.t("run.explain.pdbViolations", { count: c.numPDBViolations });
    case "lowestHighestPriority":
      return i18n.t("run.explain.highestPriority", { priority: c.highestPriority });
    case "smallestPrioritySum":
      return i18n.t("run.explain.prioritySum", { sum: c.prioritySum, shifted: shiftedPrioritySum(c) });
    case "fewestVictims":
      return i18n.t("run.explain.victims", { count: c.victims.length });
    case "latestStartTime":
      return i18n.t("run.explain.earliestStart", { start: describeStart(c.earliestStartTime) });
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
  return t === null ? i18n.t("run.explain.now") : describeStartTime(t);
}

const INSUFFICIENT = /^Insufficient (.+)$/;

/** Upstream's Filter and PostFilter reasons (pkg/scheduler/framework/plugins/...) that have a plain-language
 * explanation, by the catalogs' key under run.reason. The reasons themselves are shown as upstream wrote them. */
const EXPLAINED: [RegExp, string][] = [
  [/^node\(s\) didn't match Pod's node affinity\/selector$/, "nodeAffinity"],
  [/^node\(s\) had untolerated taint/, "taint"],
  [/^node\(s\) were unschedulable$/, "unschedulable"],
  [/^node\(s\) didn't have free ports for the requested pod ports$/, "ports"],
  [/^node\(s\) didn't match the requested node name$/, "nodeName"],
  [/^node\(s\) didn't match pod affinity rules$/, "podAffinity"],
  [/^node\(s\) didn't match pod anti-affinity rules$/, "podAntiAffinity"],
  [/^node\(s\) didn't satisfy existing pods anti-affinity rules$/, "existingAntiAffinity"],
  [/^node\(s\) didn't match pod topology spread constraints/, "topologySpread"],
  [/^pod affinity terms conflict$/, "affinityConflict"],
  [/^Preemption is not helpful for scheduling\.?$/, "notHelpful"],
];

/**
 * A plain-language explanation of one of upstream's reasons, in the reader's language, or null:
 * "Insufficient cpu" → "needs 2, 1.5 free" (free computed from state at filter time).
 */
export function explainUpstream(reason: string, podRequests: Record<string, number>, free: NodeFree | undefined): string | null {
  const m = INSUFFICIENT.exec(reason);
  if (m && free) {
    const r = m[1];
    const avail = (free.allocatable[r] ?? 0) - (free.requested[r] ?? 0);
    const reserved = free.nominated[r] ?? 0;
    const need = podRequests[r] ?? 0;
    const text = i18n.t("run.reason.insufficient", { need: formatResource(r, need), free: formatResource(r, Math.max(0, avail)) });
    return reserved ? `${text}${i18n.t("run.reason.reserved", { reserved: formatResource(r, reserved) })}` : text;
  }
  if (reason === "Too many pods" && free) return i18n.t("run.reason.tooManyPods", { pods: free.pods, max: free.allocatable.pods ?? 110 });
  const key = EXPLAINED.find(([pattern]) => pattern.test(reason))?.[1];
  return key ? i18n.t(`run.reason.${key}`) : null;
}

/** "Insufficient cpu" → "Insufficient cpu: needs 2, 1.5 free": the reason and its explanation in one text. */
export function explainReason(reason: string, podRequests: Record<string, number>, free: NodeFree | undefined): string {
  const explanation = free ? explainUpstream(reason, podRequests, free) : null;
  return explanation ? `${reason}: ${explanation}` : reason;
}
