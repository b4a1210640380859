// disruptionsAllowed as the disruption controller would compute it for the scenario as written
// (pkg/controller/disruption: healthy pods = bound pods matching the selector; an integer
// minAvailable expects every matching pod, a percentage or maxUnavailable the replicas of the
// workloads that own them — bare pods are unmanaged and expect nothing).
import { getIn, indexesOfKind, type Manifest } from "./manifest";

const SCALED = ["Deployment", "ReplicaSet", "StatefulSet"] as const;

function matches(selector: Record<string, string>, labels: Record<string, string> | undefined): boolean {
  const entries = Object.entries(selector);
  return entries.length > 0 && entries.every(([k, v]) => labels?.[k] === v);
}

function scaled(v: unknown, total: number): number | null {
  if (typeof v === "number") return v;
  if (typeof v === "string" && /^\d+%$/.test(v)) return Math.ceil((parseInt(v, 10) * total) / 100);
  if (typeof v === "string" && /^\d+$/.test(v)) return Number(v);
  return null;
}

export function disruptionsAllowed(pdb: Manifest, objects: readonly Manifest[]): number | null {
  const ns = String(getIn(pdb, "metadata.namespace") ?? "default");
  const selector = (getIn(pdb, "spec.selector.matchLabels") ?? {}) as Record<string, string>;
  const pods = indexesOfKind(objects, "Pod")
    .map((i) => objects[i])
    .filter((p) => String(getIn(p, "metadata.namespace") ?? "default") === ns && matches(selector, getIn(p, "metadata.labels") as Record<string, string>));
  const healthy = pods.filter((p) => getIn(p, "spec.nodeName")).length;
  const minAvailable = getIn(pdb, "spec.minAvailable");
  const maxUnavailable = getIn(pdb, "spec.maxUnavailable");
  const byScale = maxUnavailable !== undefined || typeof minAvailable === "string";
  const expected = byScale ? workloadScale(objects, ns, selector) : pods.length;
  const allowed = (desired: number) => (expected <= 0 ? 0 : Math.max(0, healthy - desired));
  if (maxUnavailable !== undefined) {
    const max = scaled(maxUnavailable, expected);
    return max === null ? null : allowed(Math.max(0, expected - max));
  }
  if (minAvailable !== undefined) {
    const min = scaled(minAvailable, expected);
    return min === null ? null : allowed(min);
  }
  return null;
}

/** getExpectedScale at the start: replicas of the workloads whose pods the selector matches. */
function workloadScale(objects: readonly Manifest[], ns: string, selector: Record<string, string>): number {
  return SCALED.flatMap((k) => indexesOfKind(objects, k))
    .map((i) => objects[i])
    .filter((w) => String(getIn(w, "metadata.namespace") ?? "default") === ns && matches(selector, getIn(w, "spec.template.metadata.labels") as Record<string, string>))
    .reduce((sum, w) => sum + Number(getIn(w, "spec.replicas") ?? 1), 0);
}
