// RunState: the client-side fold of a run's events. It keeps the cluster State of
// docs/events.md normalised by key, plus what the views need that State does not carry
// (the decision trace per cycle, the kubectl-style event log, each pod's last queue move).
import type {
  CycleFilteredEvent,
  CycleFinishedEvent,
  CycleScoredEvent,
  K8sEventEvent,
  Metrics,
  NamespaceView,
  NodeView,
  PdbView,
  WorkloadView,
  PodView,
  PermitAllowedEvent,
  PermitRejectedEvent,
  PermitWaitingEvent,
  PreemptionEvaluatedEvent,
  PriorityClassView,
  Profile,
  Queues,
  Resources,
  WaitingPodView,
} from "./events";
import { AppendList } from "./appendList";
import { PMap } from "./pmap";

/** Free resources on a node, computed from state at the moment of a Filter. */
export interface NodeFree {
  allocatable: Resources;
  requested: Resources;
  /** Requests of nominated pods that count against this node for the cycle's pod (priority >=). */
  nominated: Resources;
  pods: number;
}

export interface CycleRecord {
  cycle: number;
  pod: string;
  t: number;
  attempts: number;
  /** The pod as it was when the cycle started (its requests, priority). */
  podRequests: Resources;
  podPriority: number;
  filtered: CycleFilteredEvent | null;
  /** Free resources of every rejected node at filter time, for "needs 2, 1.5 free". */
  free: Record<string, NodeFree>;
  scored: CycleScoredEvent | null;
  preemption: PreemptionEvaluatedEvent | null;
  /** Victims as they were when preemption was evaluated (they are gone later). */
  victimInfo: Record<string, { priority: number; priorityClassName: string }>;
  /** Permit returned Wait in this cycle (the pod became a waiting pod), and how the wait ended. */
  permitWaiting?: PermitWaitingEvent | null;
  permitEnded?: PermitAllowedEvent | PermitRejectedEvent | null;
  /** The node DefaultBinder bound the pod to (pod.bound, which comes before cycle.finished). */
  bound: string | null;
  finished: CycleFinishedEvent | null;
}

export interface QueueMove {
  from: string | null;
  to: string | null;
  event: string;
  t: number;
  seq: number;
}

export interface Termination {
  deleteAt: number;
  deletionTimestamp: number;
  preemptedBy: string | null;
}

export interface NodeSlot {
  bound: PodView[];
  nominated: PodView[];
}

/**
 * Per-pod and per-node collections are persistent maps (PMap): an event copies one small shard,
 * and every node slot the event did not touch keeps its identity, so memoised cards skip rendering.
 */
export interface RunState {
  seq: number;
  time: number;
  cycle: number;
  nodeOrder: string[];
  nodes: PMap<NodeView>;
  pods: PMap<PodView>;
  /** Pods bound to / nominated on each node, updated incrementally per event. */
  byNode: PMap<NodeSlot>;
  priorityClasses: PriorityClassView[];
  pdbs: Record<string, PdbView>;
  namespaces: NamespaceView[];
  /** Workload statuses in the order they appeared; undefined when the run has none. */
  workloads?: WorkloadView[];
  /** Pods waiting at Permit; undefined when the profile has no Permit plugin. */
  waitingPods?: WaitingPodView[];
  queues: Queues;
  metrics: Metrics | null;
  /** cycle number (as a string key) → what happened in it */
  cycles: PMap<CycleRecord>;
  podCycles: PMap<number[]>;
  currentCycle: number | null;
  /** The scheduler's Kubernetes Events, oldest first (`.toArray()` for a list). */
  k8sEvents: AppendList<K8sEventEvent>;
  lastMove: PMap<QueueMove>;
  terminations: Record<string, Termination>;
  commands: Record<string, unknown>[];
  /** The scheduler profile from cluster.snapshot; null for runs recorded without it. */
  profile: Profile | null;
}

export const EMPTY_QUEUES: Queues = { active: [], backoff: [], unschedulable: [], gated: [] };
export const EMPTY_SLOT: NodeSlot = { bound: [], nominated: [] };

export const initialRunState: RunState = {
  seq: 0,
  time: 0,
  cycle: 0,
  nodeOrder: [],
  nodes: PMap.empty(),
  pods: PMap.empty(),
  byNode: PMap.empty(),
  priorityClasses: [],
  pdbs: {},
  namespaces: [],
  queues: EMPTY_QUEUES,
  metrics: null,
  cycles: PMap.empty(),
  podCycles: PMap.empty(),
  currentCycle: null,
  k8sEvents: AppendList.empty(),
  lastMove: PMap.empty(),
  terminations: {},
  commands: [],
  profile: null,
};

/** Back to the docs/events.md State shape (what scheduler_core's own fold produces). */
export function toClusterState(s: RunState): import("./events").ClusterState {
  return {
    time: s.time,
    cycle: s.cycle,
    nodes: s.nodeOrder.map((n) => s.nodes.get(n)!),
    pods: s.pods.values(),
    priorityClasses: s.priorityClasses,
    pdbs: Object.values(s.pdbs),
    namespaces: s.namespaces,
    queues: s.queues,
    metrics: s.metrics ?? (initialRunState.metrics as never),
    ...(s.workloads ? { workloads: s.workloads } : {}),
    ...(s.waitingPods ? { waitingPods: s.waitingPods } : {}),
  };
}

export function cycleRecord(s: RunState, cycle: number | null | undefined): CycleRecord | undefined {
  return cycle == null ? undefined : s.cycles.get(String(cycle));
}

export function slotOf(s: RunState, node: string): NodeSlot {
  return s.byNode.get(node) ?? EMPTY_SLOT;
}
