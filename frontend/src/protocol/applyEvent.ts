// The only way socket data changes state: a pure fold of events (docs/events.md).
import type { ClusterState, NodeStatus, PodView, QueueName, Queues, Resources, SimEvent } from "./events";
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
      return fromSnapshot(e.state, e.seq);
    case "node.added":
    case "node.updated": {
      const exists = e.node.name in s.nodes;
      return {
        ...s,
        nodes: { ...s.nodes, [e.node.name]: e.node },
        nodeOrder: exists ? s.nodeOrder : [...s.nodeOrder, e.node.name],
        byNode: exists ? s.byNode : { ...s.byNode, [e.node.name]: EMPTY_SLOT },
      };
    }
    case "node.deleted": {
      const nodes = { ...s.nodes };
      delete nodes[e.node];
      const byNode = { ...s.byNode };
      delete byNode[e.node];
      return { ...s, nodes, byNode, nodeOrder: s.nodeOrder.filter((n) => n !== e.node) };
    }
    case "pod.added":
      return withQueue(putPod(s, e.pod), e.pod.key, null, e.pod.queue);
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
      return withQueue(
        patchPod(s, e.pod, { nodeName: e.node, nominatedNodeName: null, phase: "Running", startTime: e.t }),
        e.pod,
        undefined,
        null,
      );
    case "pod.terminating":
      return {
        ...patchPod(s, e.pod, {
          phase: "Terminating",
          deletionTimestamp: e.deletionTimestamp,
          preemptedBy: e.preemptedBy,
        }),
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
      return { ...s, pdbs: { ...s.pdbs, [e.pdb]: { ...pdb, disruptionsAllowed: e.disruptionsAllowed } } };
    }
    case "k8s.event":
      return { ...s, k8sEvents: [...s.k8sEvents, e] };
    case "command.applied":
      return { ...s, commands: [...s.commands, e.command] };
    case "run.status":
      return s;
  }
}

function fromSnapshot(cs: ClusterState, seq: number): RunState {
  const nodes: RunState["nodes"] = {};
  for (const n of cs.nodes) nodes[n.name] = n;
  const pods: RunState["pods"] = {};
  for (const p of cs.pods) pods[p.key] = p;
  const pdbs: RunState["pdbs"] = {};
  for (const p of cs.pdbs) pdbs[p.key] = p;
  const base: RunState = {
    ...initialRunState,
    seq,
    time: cs.time,
    cycle: cs.cycle,
    nodeOrder: cs.nodes.map((n) => n.name),
    nodes,
    pods,
    pdbs,
    priorityClasses: cs.priorityClasses,
    queues: cs.queues,
    metrics: cs.metrics,
  };
  return { ...base, byNode: indexNodes(base, base.nodeOrder, {}) };
}

/** Rebuild the pod lists of the given nodes, keeping the others' arrays (and identity) as they are. */
function indexNodes(s: RunState, nodeNames: Iterable<string>, prev: Record<string, NodeSlot>): Record<string, NodeSlot> {
  const wanted = new Set<string>();
  for (const n of nodeNames) if (n && n in s.nodes) wanted.add(n);
  if (wanted.size === 0) return prev;
  const fresh: Record<string, NodeSlot> = {};
  for (const n of wanted) fresh[n] = { bound: [], nominated: [] };
  for (const pod of Object.values(s.pods)) {
    if (pod.nodeName && fresh[pod.nodeName]) fresh[pod.nodeName].bound.push(pod);
    else if (!pod.nodeName && pod.nominatedNodeName && fresh[pod.nominatedNodeName])
      fresh[pod.nominatedNodeName].nominated.push(pod);
  }
  for (const slot of Object.values(fresh)) {
    slot.bound.sort(byPriorityThenName);
    slot.nominated.sort(byPriorityThenName);
  }
  return { ...prev, ...fresh };
}

function byPriorityThenName(a: PodView, b: PodView): number {
  return b.priority - a.priority || a.key.localeCompare(b.key);
}

function touchedNodes(...pods: (PodView | undefined)[]): string[] {
  const out: string[] = [];
  for (const p of pods) {
    if (!p) continue;
    if (p.nodeName) out.push(p.nodeName);
    if (p.nominatedNodeName) out.push(p.nominatedNodeName);
  }
  return out;
}

function putPod(s: RunState, pod: PodView): RunState {
  const old = s.pods[pod.key];
  const next = { ...s, pods: { ...s.pods, [pod.key]: pod } };
  return { ...next, byNode: indexNodes(next, touchedNodes(old, pod), s.byNode) };
}

function patchPod(s: RunState, key: string, patch: PodPatch): RunState {
  const old = s.pods[key];
  if (!old) return s;
  return putPod(s, { ...old, ...patch });
}

function deletePod(s: RunState, key: string): RunState {
  const old = s.pods[key];
  if (!old) return s;
  const pods = { ...s.pods };
  delete pods[key];
  const terminations = { ...s.terminations };
  delete terminations[key];
  const next = { ...s, pods, terminations, queues: removeFromQueues(s.queues, key) };
  return { ...next, byNode: indexNodes(next, touchedNodes(old), s.byNode) };
}

function withQueue(s: RunState, key: string, _from: QueueName | null | undefined, to: QueueName | null): RunState {
  const pod = s.pods[key];
  if (!pod || pod.queue === to) return s;
  return { ...s, pods: { ...s.pods, [key]: { ...pod, queue: to } } };
}

function removeFromQueues(q: Queues, key: string): Queues {
  return {
    active: q.active.includes(key) ? q.active.filter((p) => p !== key) : q.active,
    backoff: q.backoff.some((b) => b.pod === key) ? q.backoff.filter((b) => b.pod !== key) : q.backoff,
    unschedulable: q.unschedulable.some((u) => u.pod === key)
      ? q.unschedulable.filter((u) => u.pod !== key)
      : q.unschedulable,
    gated: q.gated.some((g) => g.pod === key) ? q.gated.filter((g) => g.pod !== key) : q.gated,
  };
}

function moveInQueue(s: RunState, e: Extract<SimEvent, { kind: "queue.moved" }>): RunState {
  const q = removeFromQueues(s.queues, e.pod);
  const pod = s.pods[e.pod];
  const queues: Queues = { ...q };
  switch (e.to) {
    case "active":
      queues.active = typeof e.index === "number" ? insertAt(q.active, e.index, e.pod) : insertByPriority(q.active, e.pod, s);
      break;
    case "backoff": {
      const entry = { pod: e.pod, until: e.until ?? s.time };
      queues.backoff =
        typeof e.index === "number" ? insertAt(q.backoff, e.index, entry) : [...q.backoff, entry].sort((a, b) => a.until - b.until);
      break;
    }
    case "unschedulable":
      queues.unschedulable = [
        ...q.unschedulable,
        { pod: e.pod, plugins: e.plugins ?? [], message: e.message ?? "" },
      ];
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
    lastMove: { ...s.lastMove, [e.pod]: { from: e.from, to: e.to, event: e.event, t: e.t, seq: e.seq } },
  };
  return pod ? withQueue(moved, e.pod, e.from, e.to) : moved;
}

function insertAt<T>(list: T[], index: number, item: T): T[] {
  return [...list.slice(0, index), item, ...list.slice(index)];
}

/** Metrics as scheduler_core accounts them (events.py / simulation._account). */
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

/** activeQ pop order (PrioritySort): higher priority first, then earlier arrival. */
function insertByPriority(active: string[], key: string, s: RunState): string[] {
  const prio = s.pods[key]?.priority ?? 0;
  const idx = active.findIndex((k) => (s.pods[k]?.priority ?? 0) < prio);
  if (idx < 0) return [...active, key];
  return [...active.slice(0, idx), key, ...active.slice(idx)];
}

function startCycle(s: RunState, cycle: number, pod: string, attempts: number, t: number): RunState {
  const p = s.pods[pod];
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
    finished: null,
  };
  return {
    ...s,
    cycle: Math.max(s.cycle, cycle),
    currentCycle: cycle,
    cycles: { ...s.cycles, [cycle]: record },
    podCycles: { ...s.podCycles, [pod]: [...(s.podCycles[pod] ?? []), cycle] },
  };
}

function patchCycle(s: RunState, cycle: number, patch: Partial<CycleRecord>): RunState {
  const rec = s.cycles[cycle];
  if (!rec) return s;
  return { ...s, cycles: { ...s.cycles, [cycle]: { ...rec, ...patch } } };
}

function freeOnRejected(s: RunState, podKey: string, statuses: Record<string, NodeStatus>): Record<string, NodeFree> {
  const out: Record<string, NodeFree> = {};
  const prio = s.pods[podKey]?.priority ?? 0;
  for (const node of Object.keys(statuses)) {
    const n = s.nodes[node];
    if (!n) continue;
    const slot = s.byNode[node] ?? EMPTY_SLOT;
    const requested: Resources = {};
    for (const p of slot.bound) addInto(requested, p.requests);
    const nominated: Resources = {};
    for (const p of slot.nominated) if (p.key !== podKey && p.priority >= prio) addInto(nominated, p.requests);
    out[node] = { allocatable: n.allocatable, requested, nominated, pods: slot.bound.length };
  }
  return out;
}

function victimInfo(s: RunState, keys: string[]): CycleRecord["victimInfo"] {
  const out: CycleRecord["victimInfo"] = {};
  for (const k of keys) {
    const p = s.pods[k];
    if (p) out[k] = { priority: p.priority, priorityClassName: p.priorityClassName };
  }
  return out;
}

function addInto(acc: Resources, more: Resources): void {
  for (const [k, v] of Object.entries(more)) acc[k] = (acc[k] ?? 0) + v;
}
