import type { PodView, WorkloadView } from "@/protocol/events";

/** One box of the cluster map's "by owner" view: a workload and its pods, or the bare pods. */
export interface OwnerGroup {
  key: string;
  /** "Deployment web", "StatefulSet db", … or null for pods without a controller. */
  title: string | null;
  /** A Deployment's pods belong to its ReplicaSet: shown as "via ReplicaSet web-5d9f…". */
  via: string | null;
  workload: WorkloadView | null;
  pods: PodView[];
}

const byName = (a: PodView, b: PodView) => a.key.localeCompare(b.key);

/**
 * Pods grouped by the controller that owns them (PodView.owner), a ReplicaSet's pods under the
 * Deployment that owns it; workloads in the order the run reported them, bare pods last.
 */
export function groupByOwner(pods: readonly PodView[], workloads: readonly WorkloadView[] = []): OwnerGroup[] {
  const wl = new Map<string, WorkloadView>(workloads.map((w) => [`${w.namespace}/${w.kind}/${w.name}`, w]));
  const groups = new Map<string, OwnerGroup>();
  const groupFor = (w: WorkloadView | undefined, namespace: string, kind: string, name: string): OwnerGroup => {
    let top = w;
    let via: string | null = null;
    if (w?.owner) {
      top = wl.get(`${namespace}/${w.owner.kind}/${w.owner.name}`) ?? top;
      via = `${w.kind} ${w.name}`;
      kind = w.owner.kind;
      name = w.owner.name;
    }
    const key = `${namespace}/${kind}/${name}`;
    let g = groups.get(key);
    if (!g) {
      g = { key, title: `${kind} ${name}`, via, workload: top ?? null, pods: [] };
      groups.set(key, g);
    }
    g.via ??= via;
    return g;
  };
  for (const w of workloads) if (!w.owner) groupFor(w, w.namespace, w.kind, w.name);
  const bare: PodView[] = [];
  for (const p of pods) {
    if (p.phase === "Succeeded" && !p.owner) continue;
    if (!p.owner) {
      bare.push(p);
      continue;
    }
    groupFor(wl.get(`${p.namespace}/${p.owner.kind}/${p.owner.name}`), p.namespace, p.owner.kind, p.owner.name).pods.push(p);
  }
  const out = [...groups.values()].map((g) => ({ ...g, pods: [...g.pods].sort(byName) }));
  if (bare.length) out.push({ key: "bare", title: null, via: null, workload: null, pods: bare.sort(byName) });
  return out;
}
