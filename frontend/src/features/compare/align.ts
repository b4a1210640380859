// Two runs' event logs aligned by scheduling decision: the nth attempt to schedule a pod in one
// run faces the nth attempt for the same pod in the other. Pure; the compare view draws it.
import type { SimEvent } from "@/protocol/events";

export interface Decision {
  pod: string;
  /** 1 for the pod's first scheduling cycle, 2 for its second… */
  attempt: number;
  cycle: number;
  seq: number;
  t: number;
  result: "scheduled" | "unschedulable" | "error" | "unfinished";
  node: string | null;
  /** Preemption: the node nominated, its victims, and the criterion that picked that node. */
  nominated: string | null;
  victims: string[];
  criterion: string | null;
}

export const DIFFERENCES = ["only-in-one", "outcome", "node", "victims", "criterion"] as const;
export type Difference = (typeof DIFFERENCES)[number];

export interface AlignedDecision {
  key: string;
  pod: string;
  attempt: number;
  a: Decision | null;
  b: Decision | null;
  differences: Difference[];
}

export function decisionsOf(events: readonly SimEvent[]): Decision[] {
  const out: Decision[] = [];
  const byCycle = new Map<number, Decision>();
  const attempts = new Map<string, number>();
  for (const e of events) {
    if (e.kind === "cycle.started") {
      const attempt = (attempts.get(e.pod) ?? 0) + 1;
      attempts.set(e.pod, attempt);
      const d: Decision = { pod: e.pod, attempt, cycle: e.cycle, seq: e.seq, t: e.t, result: "unfinished", node: null,
                            nominated: null, victims: [], criterion: null };
      byCycle.set(e.cycle, d);
      out.push(d);
    } else if (e.kind === "preemption.evaluated") {
      const d = byCycle.get(e.cycle);
      if (!d) continue;
      d.nominated = e.chosen;
      d.criterion = e.criterion;
      d.victims = [...(e.victims ?? e.candidates.find((c) => c.node === e.chosen)?.victims ?? [])].sort();
    } else if (e.kind === "cycle.finished") {
      const d = byCycle.get(e.cycle);
      if (!d) continue;
      d.result = e.result;
      d.node = e.node;
    }
  }
  return out;
}

function differencesOf(a: Decision | null, b: Decision | null): Difference[] {
  if (!a || !b) return ["only-in-one"];
  const out: Difference[] = [];
  if (a.result !== b.result) out.push("outcome");
  if ((a.node ?? a.nominated) !== (b.node ?? b.nominated)) out.push("node");
  if (a.victims.join(",") !== b.victims.join(",")) out.push("victims");
  if (a.criterion !== b.criterion) out.push("criterion");
  return out;
}

/** Every decision of either run, paired by (pod, attempt), in the order they happened (virtual time, then seq). */
export function alignDecisions(a: readonly Decision[], b: readonly Decision[]): AlignedDecision[] {
  const rows = new Map<string, AlignedDecision>();
  const row = (d: Decision) => {
    const key = `${d.pod}#${d.attempt}`;
    let r = rows.get(key);
    if (!r) rows.set(key, (r = { key, pod: d.pod, attempt: d.attempt, a: null, b: null, differences: [] }));
    return r;
  };
  for (const d of a) row(d).a = d;
  for (const d of b) row(d).b = d;
  const when = (r: AlignedDecision) => Math.min(r.a?.t ?? Infinity, r.b?.t ?? Infinity);
  const order = (r: AlignedDecision) => Math.min(r.a?.seq ?? Infinity, r.b?.seq ?? Infinity);
  return [...rows.values()]
    .map((r) => ({ ...r, differences: differencesOf(r.a, r.b) }))
    .sort((x, y) => when(x) - when(y) || order(x) - order(y) || x.key.localeCompare(y.key));
}

export interface PodOutcome {
  pod: string;
  a: string | null;
  b: string | null;
  /** "bound to n1" / "pending" / "deleted" per side; differs = the pod ended differently. */
  differs: boolean;
}

/** Where each pod ended in each run: bound (to which node), pending, or deleted (e.g. preempted). */
export function outcomesOf(events: readonly SimEvent[]): Map<string, string> {
  const where = new Map<string, string>();
  for (const e of events) {
    if (e.kind === "pod.added") where.set(e.pod.key, e.pod.nodeName ? `bound to ${e.pod.nodeName}` : "pending");
    else if (e.kind === "cluster.snapshot") for (const p of e.state.pods) where.set(p.key, p.nodeName ? `bound to ${p.nodeName}` : "pending");
    else if (e.kind === "pod.bound") where.set(e.pod, `bound to ${e.node}`);
    else if (e.kind === "pod.deleted") where.set(e.pod, "deleted");
  }
  return where;
}

export function compareOutcomes(a: ReadonlyMap<string, string>, b: ReadonlyMap<string, string>): PodOutcome[] {
  const pods = [...new Set([...a.keys(), ...b.keys()])].sort();
  return pods.map((pod) => ({ pod, a: a.get(pod) ?? null, b: b.get(pod) ?? null, differs: a.get(pod) !== b.get(pod) }));
}

/** The last event at or before virtual time t (0 when none), for showing both runs at the same moment. */
export function seqAtTime(events: readonly SimEvent[], t: number): number {
  let lo = 0;
  let hi = events.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (events[mid].t <= t) lo = mid + 1;
    else hi = mid;
  }
  return lo === 0 ? 0 : events[lo - 1].seq;
}
