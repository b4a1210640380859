// A pod's queue by the name the screen gives it: upstream's for the three sub-queues of
// kube-scheduler's PriorityQueue (activeQ, backoffQ, unschedulablePods), the reader's words for
// the playground's own lanes (in flight, gated).
import i18n from "@/i18n";

const UPSTREAM: Record<string, string> = { active: "activeQ", backoff: "backoffQ", unschedulable: "unschedulablePods" };

export function queueName(queue: string): string {
  if (queue in UPSTREAM) return UPSTREAM[queue];
  if (queue === "inFlight") return i18n.t("run.queues.inFlight");
  if (queue === "gated") return i18n.t("run.queues.gated");
  if (queue === "waiting") return i18n.t("run.queues.waiting");
  return queue;
}
