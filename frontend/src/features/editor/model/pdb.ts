// disruptionsAllowed as the disruption controller would compute it for the scenario as written
// (pkg/controller/disruption: healthy pods = bound pods matching the selector).
import { getIn, indexesOfKind, type Manifest } from "./manifest";

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
  const expected = pods.length;
  const healthy = pods.filter((p) => getIn(p, "spec.nodeName")).length;
  const minAvailable = getIn(pdb, "spec.minAvailable");
  const maxUnavailable = getIn(pdb, "spec.maxUnavailable");
  if (minAvailable !== undefined) {
    const min = scaled(minAvailable, expected);
    return min === null ? null : Math.max(0, healthy - min);
  }
  if (maxUnavailable !== undefined) {
    const max = scaled(maxUnavailable, expected);
    return max === null ? null : Math.max(0, healthy - (expected - max));
  }
  return null;
}
