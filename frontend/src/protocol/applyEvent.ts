// The only way socket data changes state: a pure fold of events (docs/events.md).
// Mirrors scheduler_core/events.py apply_event; realLog.test.ts checks the two agree.
import type { ClusterState, PodView, Profile, QueueName, Queues, Resources, SimEvent } from "./events";
import { PMap } from "./pmap";
import { EMPTY_SLOT, initialRunState, type CycleRecord, type NodeFree, type NodeSlot, type RunState } from "./state";

type PodPatch = Partial<PodView>;

/** Apply one event. Events at or below the state's seq are ignored, so duplicates are harmless. */
export function applyEvent(state: RunState, event: SimEvent): RunState {
  if (event.seq <= state.seq) return state;
  const next = reduce(state, event);
  return { ...next, seq: event.seq, time: event.kind === "cluster.snapshot" ? next.time : event.t, metrics: account(next, event) };
}

/** Fold events from scratch up to and including `seq` (rewind = refold). */
export function foldTo(events: readonly SimEvent[], seq: number = Infinity): RunState {
  let state = initialRunState;
  for (const event of events) {
    if (event.seq > seq) break;
    state = applyEvent(state, event);
  }
  return state;
}

function reduce(s: RunState, e: SimEvent): RunState {
  switch (e.kind) {
    case "cluster.snapshot":
      return fromSnapshot(e.state, e.seq, e.profile ?? null);
    case "node.added":
    case "node.updated": {
      const exists = s.nodes.has(e.node.name);
      return {
        ...s,
        nodes: s.nodes.set(e.node.name, e.node),
        nodeOrder: exists ? s.nodeOrder : [...s.nodeOrder, e.node.name],
        byNode: exists ? s.byNode : s.byNode.set(e.node.name, EMPTY_SLOT),
      };
    }
    case "namespace.updated": {
      const ns = e.namespace;
      const exists = s.namespaces.some((n) => n.name === ns.name);
      return { ...s, namespaces: exists ? s.namespaces.map((n) => (n.name === ns.name ? ns : n)) : [...s.namespaces, ns] };
    }
    case "namespace.deleted":
      return { ...s, namespaces: s.namespaces.filter((n) => n.name !== e.namespace) };
    case "priorityclass.added":
      return { ...s, priorityClasses: [...s.priorityClasses, e.priorityClass] };
    case "priorityclass.changed": {
      const pc = e.priorityClass;
      return { ...s, priorityClasses: s.priorityClasses.map((c) => (c.name === pc.name ? pc : c)) };
    }
    case "priorityclass.deleted":
      return { ...s, priorityClasses: s.priorityClasses.filter((pc) => pc.name !== e.name) };
    case "node.deleted":
      return { ...s, nodes: s.nodes.delete(e.node), byNode: s.byNode.delete(e.node), nodeOrder: s.nodeOrder.filter((n) => n !== e.node) };
    case "pod.added":
      return putPod(s, e.pod);
    case "queue.moved":
      return moveInQueue(s, e);
    case "cycle.started":
      return startCycle(s, e.cycle, e.pod, e.attempts, e.t);
    case "cycle.filtered":
      return patchCycle(s, e.cycle, { filtered: e, free: freeOnRejected(s, e.pod, e.statuses) });
    case "cycle.scored":
      return patchCycle(s, e.cycle, { scored: e });
    case "preemption.evaluated":
      return patchCycle(s, e.cycle, { preemption: e, victimInfo: victimInfo(s, e.candidates.flatMap((c) => c.victims)) });
    case "cycle.finished":
      return { ...patchCycle(s, e.cycle, { finished: e }), cycle: Math.max(s.cycle, e.cycle) };
    case "pod.nominated":
      return patchPod(s, e.pod, { nominatedNodeName: e.node });
    case "pod.nominationCleared":
      return patchPod(s, e.pod, { nominatedNodeName: null });
    case "pod.bound":
      return patchPod(e.cycle != null ? patchCycle(s, e.cycle, { bound: e.node }) : s, e.pod, {
        nodeName: e.node,
        nominatedNodeName: e.nominatedNodeName ?? null,
        phase: "Running",
        startTime: e.t,
        queue: null,
      });
    case "permit.waiting":
      return {
        ...patchPod(patchCycle(s, e.cycle, { permitWaiting: e }), e.pod, { queue: "waiting" }),
        waitingPods: [...(s.waitingPods ?? []), { pod: e.pod, node: e.node, cycle: e.cycle, plugins: Object.keys(e.plugins), until: e.until }],
      };
    case "permit.allowed":
    case "permit.rejected":
      return {
        ...patchPod(patchCycle(s, e.cycle, { permitEnded: e }), e.pod, { queue: "inFlight" }),
        waitingPods: (s.waitingPods ?? []).filter((w) => w.pod !== e.pod),
      };
    case "pod.terminating":
      return {
        ...patchPod(s, e.pod, { phase: "Terminating", deletionTimestamp: e.deletionTimestamp, preemptedBy: e.preemptedBy }),
        terminations: {
          ...s.terminations,
          [e.pod]: { deleteAt: e.deleteAt, deletionTimestamp: e.deletionTimestamp, preemptedBy: e.preemptedBy },
        },
      };
    case "pod.deleted":
      return deletePod(s, e.pod);
    case "pdb.updated": {
      const pdb = s.pdbs[e.pdb];
      if (!pdb) return s;
      const { disruptionsAllowed, currentHealthy, desiredHealthy, expectedPods } = e;
      return { ...s, pdbs: { ...s.pdbs, [e.pdb]: { ...pdb, disruptionsAllowed, currentHealthy, desiredHealthy, expectedPods } } };
    }
    case "pdb.added":
    case "pdb.changed":
      return { ...s, pdbs: { ...s.pdbs, [e.pdb.key]: e.pdb } };
    case "pdb.deleted": {
      const { [e.pdb]: _gone, ...pdbs } = s.pdbs;
      return { ...s, pdbs };
    }
    case "pod.succeeded":
      return patchPod(s, e.pod, { phase: "Succeeded" });
    case "workload.updated": {
      const list = s.workloads ?? [];
      const at = list.findIndex((w) => w.key === e.workload.key);
      return { ...s, workloads: at < 0 ? [...list, e.workload] : list.map((w, i) => (i === at ? e.workload : w)) };
    }
    case "workload.deleted":
      return { ...s, workloads: (s.workloads ?? []).filter((w) => w.key !== e.workload) };
    case "k8s.event":
      return { ...s, k8sEvents: s.k8sEvents.push(e) };
    case "command.applied": {
      const next = { ...s, commands: [...s.commands, e.command] };
      const c = e.command as { type?: string; pod?: string; labels?: Record<string, string> };
      if (c.type === "remove_scheduling_gates" && c.pod) return patchPod(next, c.pod, { schedulingGates: [] });
      if (c.type === "set_pod_labels" && c.pod && c.labels) return patchPod(next, c.pod, { labels: { ...c.labels } });
      return next;
    }
    case "command.rejected":
    case "run.status":
      return s;
  }
}

function fromSnapshot(cs: ClusterState, seq: number, profile: Profile | null): RunState {
  const slots = new Map<string, NodeSlot>(cs.nodes.map((n) => [n.name, { bound: [], nominated: [] }]));
  for (const p of cs.pods) {
    const place = placement(p);
    if (place) slots.get(place.node)?.[place.list].push(p);
  }
  for (const slot of slots.values()) {
    slot.bound.sort(byPriorityThenName);
    slot.nominated.sort(byPriorityThenName);
  }
  const pdbs: RunState["pdbs"] = {};
  for (const p of cs.pdbs) pdbs[p.key] = p;
  return {
    ...initialRunState,
    seq,
    time: cs.time,
    cycle: cs.cycle,
    nodeOrder: cs.nodes.map((n) => n.name),
    nodes: PMap.from(cs.nodes.map((n) => [n.name, n] as const)),
    pods: PMap.from(cs.pods.map((p) => [p.key, p] as const)),
    byNode: PMap.from(slots),
    pdbs,
    // Logs recorded before Namespace objects existed have no `namespaces`.
    namespaces: cs.namespaces ?? [],
    priorityClasses: cs.priorityClasses,
    queues: cs.queues,
    metrics: cs.metrics,
    profile,
    ...(cs.workloads ? { workloads: cs.workloads } : {}),
    ...(cs.waitingPods ? { waitingPods: cs.waitingPods } : {}),
  };
}

function byPriorityThenName(a: PodView, b: PodView): number {
  return b.priority - a.priority || a.key.localeCompare(b.key);
}

/** Where a pod is drawn: bound on its node, or as a ghost on its nominated node. */
function placement(p: PodView | undefined): { node: string; list: "bound" | "nominated" } | null {
  if (!p || p.phase === "Succeeded") return null; // a finished pod no longer holds its node
  if (p.nodeName) return { node: p.nodeName, list: "bound" };
  if (p.nominatedNodeName) return { node: p.nominatedNodeName, list: "nominated" };
  return null;
}

/** Move one pod between node slots; only the slots it leaves or enters get new arrays. */
function reslot(byNode: PMap<NodeSlot>, old: PodView | undefined, pod: PodView | undefined): PMap<NodeSlot> {
  const from = placement(old);
  const to = placement(pod);
  let out = byNode;
  if (from) {
    const slot = out.get(from.node);
    if (slot) out = out.set(from.node, { ...slot, [from.list]: slot[from.list].filter((p) => p.key !== old!.key) });
  }
  if (to && pod) {
    const slot = out.get(to.node);
    if (slot) out = out.set(to.node, { ...slot, [to.list]: [...slot[to.list], pod].sort(byPriorityThenName) });
  }
  return out;
}

function putPod(s: RunState, pod: PodView): RunState {
  const old = s.pods.get(pod.key);
  return { ...s, pods: s.pods.set(pod.key, pod), byNode: reslot(s.byNode, old, pod) };
}

function patchPod(s: RunState, key: string, patch: PodPatch): RunState {
  const old = s.pods.get(key);
  if (!old) return s;
  return putPod(s, { ...old, ...patch });
}

function deletePod(s: RunState, key: string): RunState {
  const old = s.pods.get(key);
  if (!old) return s;
  const terminations = { ...s.terminations };
  delete terminations[key];
  return {
    ...s,
    pods: s.pods.delete(key),
    terminations,
    queues: removeFromQueues(s.queues, key),
    byNode: reslot(s.byNode, old, undefined),
  };
}

/** Take `key` out of the queues. `from` (a queue.moved event's) names its list: only that one
 * is searched and copied — with 10,000 pending pods the other lists stay as they are. */
function removeFromQueues(q: Queues, key: string, from?: string | null): Queues {
  if (from === "active") {
    const at = q.active[0] === key ? 0 : q.active.indexOf(key);
    if (at >= 0) return { ...q, active: at === 0 ? q.active.slice(1) : q.active.filter((p) => p !== key) };
  } else if (from === "backoff" || from === "unschedulable" || from === "gated") {
    const list: { pod: string }[] = q[from];
    if (list.some((entry) => entry.pod === key)) return { ...q, [from]: list.filter((entry) => entry.pod !== key) };
  }
  return {
    active: q.active.includes(key) ? q.active.filter((p) => p !== key) : q.active,
    backoff: q.backoff.some((b) => b.pod === key) ? q.backoff.filter((b) => b.pod !== key) : q.backoff,
    unschedulable: q.unschedulable.some((u) => u.pod === key) ? q.unschedulable.filter((u) => u.pod !== key) : q.unschedulable,
    gated: q.gated.some((g) => g.pod === key) ? q.gated.filter((g) => g.pod !== key) : q.gated,
  };
}

function moveInQueue(s: RunState, e: Extract<SimEvent, { kind: "queue.moved" }>): RunState {
  const q = removeFromQueues(s.queues, e.pod, e.from);
  const queues: Queues = { ...q };
  switch (e.to) {
    case "active":
      queues.active = typeof e.index === "number" ? insertAt(q.active, e.index, e.pod) : insertByPriority(q.active, e.pod, s);
      break;
    case "backoff": {
      const entry = { pod: e.pod, until: e.until ?? s.time };
      queues.backoff = typeof e.index === "number" ? insertAt(q.backoff, e.index, entry) : [...q.backoff, entry].sort((a, b) => a.until - b.until);
      break;
    }
    case "unschedulable":
      queues.unschedulable = [...q.unschedulable, { pod: e.pod, plugins: e.plugins ?? [], message: e.message ?? "" }];
      break;
    case "gated":
      queues.gated = [...q.gated, { pod: e.pod, plugin: e.plugins?.[0] ?? "", message: e.message ?? "" }];
      break;
    default:
      break;
  }
  const moved: RunState = {
    ...s,
    queues,
    lastMove: s.lastMove.set(e.pod, { from: e.from, to: e.to, event: e.event, t: e.t, seq: e.seq }),
  };
  const pod = moved.pods.get(e.pod);
  return pod && pod.queue !== e.to ? { ...moved, pods: moved.pods.set(e.pod, { ...pod, queue: e.to as QueueName | null }) } : moved;
}

function insertAt<T>(list: T[], index: number, item: T): T[] {
  return [...list.slice(0, index), item, ...list.slice(index)];
}

/** activeQ pop order (PrioritySort) when the event does not say: higher priority first, then arrival. */
function insertByPriority(active: string[], key: string, s: RunState): string[] {
  const prio = s.pods.get(key)?.priority ?? 0;
  const idx = active.findIndex((k) => (s.pods.get(k)?.priority ?? 0) < prio);
  return idx < 0 ? [...active, key] : insertAt(active, idx, key);
}

/** Metrics as scheduler_core accounts them (events.py apply_event). */
function account(s: RunState, e: SimEvent): RunState["metrics"] {
  const m = s.metrics;
  if (!m || e.kind === "cluster.snapshot") return m;
  let next = m;
  if (e.kind === "preemption.evaluated") {
    next = {
      ...m,
      scheduler_preemption_attempts_total: m.scheduler_preemption_attempts_total + 1,
      scheduler_preemption_victims: e.chosen ? [...m.scheduler_preemption_victims, (e.victims ?? []).length] : m.scheduler_preemption_victims,
    };
  } else if (e.kind === "cycle.finished") {
    const t = m.scheduler_schedule_attempts_total;
    next = { ...m, scheduler_schedule_attempts_total: { ...t, [e.result]: t[e.result] + 1 } };
  }
  const q = s.queues;
  const p = next.scheduler_pending_pods;
  if (p.active === q.active.length && p.backoff === q.backoff.length && p.unschedulable === q.unschedulable.length && p.gated === q.gated.length)
    return next;
  return {
    ...next,
    scheduler_pending_pods: { active: q.active.length, backoff: q.backoff.length, unschedulable: q.unschedulable.length, gated: q.gated.length },
  };
}

function startCycle(s: RunState, cycle: number, pod: string, attempts: number, t: number): RunState {
  const p = s.pods.get(pod);
  const record: CycleRecord = {
    cycle,
    pod,
    t,
    attempts,
    podRequests: p?.requests ?? {},
    podPriority: p?.priority ?? 0,
    filtered: null,
    free: {},
    scored: null,
    preemption: null,
    victimInfo: {},
    bound: null,
    finished: null,
  };
  return {
    ...s,
    cycle: Math.max(s.cycle, cycle),
    currentCycle: cycle,
    cycles: s.cycles.set(String(cycle), record),
    podCycles: s.podCycles.set(pod, [...(s.podCycles.get(pod) ?? []), cycle]),
  };
}

function patchCycle(s: RunState, cycle: number, patch: Partial<CycleRecord>): RunState {
  const rec = s.cycles.get(String(cycle));
  if (!rec) return s;
  return { ...s, cycles: s.cycles.set(String(cycle), { ...rec, ...patch }) };
}

/** Free resources of every rejected node, from state at filter time ("needs 2, 1.5 free"). */
function freeOnRejected(s: RunState, podKey: string, statuses: Record<string, number>): Record<string, NodeFree> {
  const out: Record<string, NodeFree> = {};
  const prio = s.pods.get(podKey)?.priority ?? 0;
  for (const node of Object.keys(statuses)) {
    const n = s.nodes.get(node);
    if (!n) continue;
    const slot = s.byNode.get(node) ?? EMPTY_SLOT;
    const requested: Resources = {};
    for (const p of slot.bound) addInto(requested, p.requests);
    // Pods waiting at Permit are assumed: the scheduler's cache counts them on their node.
    for (const w of s.waitingPods ?? []) if (w.node === node) addInto(requested, s.pods.get(w.pod)?.requests ?? {});
    const nominated: Resources = {};
    for (const p of slot.nominated) if (p.key !== podKey && p.priority >= prio) addInto(nominated, p.requests);
    out[node] = { allocatable: n.allocatable, requested, nominated, pods: slot.bound.length };
  }
  return out;
}

function victimInfo(s: RunState, keys: string[]): CycleRecord["victimInfo"] {
  const out: CycleRecord["victimInfo"] = {};
  for (const k of keys) {
    const p = s.pods.get(k);
    if (p) out[k] = { priority: p.priority, priorityClassName: p.priorityClassName };
  }
  return out;
}

function addInto(acc: Resources, more: Resources): void {
  for (const [k, v] of Object.entries(more)) acc[k] = (acc[k] ?? 0) + v;
}
