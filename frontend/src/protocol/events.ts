// The event protocol (docs/events.md). Kinds are defined once here and once in
// scheduler_core/events.py; tests/test_event_kinds_agree.py checks the two lists agree.

export const EVENT_KINDS = [
  "cluster.snapshot",
  "node.added",
  "node.updated",
  "node.deleted",
  "namespace.updated",
  "namespace.deleted",
  "priorityclass.added",
  "priorityclass.changed",
  "priorityclass.deleted",
  "pod.added",
  "queue.moved",
  "cycle.started",
  "cycle.filtered",
  "cycle.scored",
  "preemption.evaluated",
  "pod.nominated",
  "pod.nominationCleared",
  "pod.bound",
  "permit.waiting",
  "permit.allowed",
  "permit.rejected",
  "pod.terminating",
  "pod.deleted",
  "pdb.updated",
  "pdb.added",
  "pdb.changed",
  "pdb.deleted",
  "pod.succeeded",
  "workload.updated",
  "workload.deleted",
  "k8s.event",
  "cycle.finished",
  "command.applied",
  "command.rejected",
  "run.status",
] as const;

export type EventKind = (typeof EVENT_KINDS)[number];

/** "waiting": in flight, and waiting at Permit (assumed on a node, not bound). */
export const QUEUE_NAMES = ["active", "backoff", "unschedulable", "gated", "inFlight", "waiting"] as const;
export type QueueName = (typeof QUEUE_NAMES)[number];

export const POD_PHASES = ["Pending", "Running", "Terminating", "Succeeded", "Deleted"] as const;
export type PodPhase = (typeof POD_PHASES)[number];

/** Resource amounts in canonical units: cpu in millicores, memory in bytes, others as counts. */
export type Resources = Record<string, number>;

export interface PodView {
  key: string;
  name: string;
  namespace: string;
  uid: string;
  labels: Record<string, string>;
  priority: number;
  priorityClassName: string;
  preemptionPolicy: string;
  requests: Resources;
  nodeName: string | null;
  nominatedNodeName: string | null;
  phase: PodPhase;
  queue: QueueName | null;
  startTime: number | null;
  deletionTimestamp: number | null;
  preemptedBy: string | null;
  schedulingGates: string[];
  /** The controller that owns the pod (metadata.ownerReferences with controller: true); absent for bare pods. */
  owner?: { kind: string; name: string };
}

export const WORKLOAD_KINDS = ["Deployment", "ReplicaSet", "StatefulSet", "Job", "DaemonSet"] as const;
export type WorkloadKind = (typeof WORKLOAD_KINDS)[number];

/** A workload controller's status as it last wrote it (docs/events.md, workload.updated). */
export interface WorkloadView {
  key: string;
  kind: WorkloadKind;
  name: string;
  namespace: string;
  uid: string;
  replicas: number;
  currentPods: number;
  readyPods: number;
  owner: { kind: string; name: string } | null;
  succeeded?: number;
  failed?: number;
  completions?: number | null;
  finished?: "Complete" | "Failed" | null;
  podManagementPolicy?: string;
  /** metadata.generation (1 + spec changes) and the generation the controller last synced. */
  generation?: number;
  observedGeneration?: number;
}

export interface Taint {
  key: string;
  value: string;
  effect: string;
}

export interface NodeView {
  name: string;
  labels: Record<string, string>;
  allocatable: Resources;
  taints: Taint[];
  unschedulable: boolean;
}

/** A Namespace object; labels include kubernetes.io/metadata.name (the API server sets it). */
export interface NamespaceView {
  name: string;
  labels: Record<string, string>;
  /** Set once deleted: Terminating until the namespace controller has emptied it (then namespace.deleted). */
  deletionTimestamp?: number;
}

export interface PriorityClassView {
  name: string;
  value: number;
  globalDefault: boolean;
  preemptionPolicy: string;
  description: string;
}

export interface PdbView {
  key: string;
  name: string;
  namespace: string;
  selector: unknown;
  minAvailable: number | string | null;
  maxUnavailable: number | string | null;
  disruptionsAllowed: number;
  disruptedPods: unknown;
  currentHealthy: number;
  desiredHealthy: number;
  expectedPods: number;
}

export interface Queues {
  active: string[];
  backoff: { pod: string; until: number }[];
  unschedulable: { pod: string; plugins: string[]; message: string }[];
  gated: { pod: string; plugin: string; message: string }[];
}

export interface Metrics {
  scheduler_preemption_attempts_total: number;
  scheduler_preemption_victims: number[];
  scheduler_schedule_attempts_total: { scheduled: number; unschedulable: number; error: number };
  scheduler_pending_pods: { active: number; backoff: number; unschedulable: number; gated: number };
}

/** What `Simulation.state()` returns and `cluster.snapshot` carries. */
export interface ClusterState {
  time: number;
  cycle: number;
  nodes: NodeView[];
  pods: PodView[];
  priorityClasses: PriorityClassView[];
  pdbs: PdbView[];
  /** Namespace objects only; a namespace without one exists implicitly (docs/scheduler_core.md). */
  namespaces: NamespaceView[];
  queues: Queues;
  metrics: Metrics;
  /** Only in runs whose scenario has workloads. */
  workloads?: WorkloadView[];
  /** Only in runs whose profile has a Permit plugin (the teaching PermitGate): pods waiting at Permit. */
  waitingPods?: WaitingPodView[];
}

/** A pod a Permit plugin told to Wait: assumed on `node`, its binding cycle blocked until allowed, rejected or `until`. */
export interface WaitingPodView {
  pod: string;
  node: string;
  cycle: number;
  /** Permit plugins that have not allowed it yet. */
  plugins: string[];
  until: number;
}

export interface NodeStatus {
  code: string;
  plugin: string;
  reasons: string[];
}

/**
 * Per-node statuses of cycle.filtered / preemption.evaluated, compact at 5,000 nodes: each distinct
 * verdict once in `verdicts` (first-seen order), `statuses` maps node -> index into it (docs/events.md).
 */
export interface NodeVerdicts {
  statuses: Record<string, number>;
  verdicts: NodeStatus[];
}

/** One node's verdict; runs stored before `verdicts` existed carry the status object itself. */
function verdictAt(e: NodeVerdicts, v: number | NodeStatus | undefined): NodeStatus | undefined {
  return typeof v === "number" ? e.verdicts[v] : v;
}

/** [node, status] per rejected node, in the trace's (search) order. */
export function nodeStatuses(e: NodeVerdicts): [string, NodeStatus][] {
  const out: [string, NodeStatus][] = [];
  for (const [node, v] of Object.entries(e.statuses as Record<string, number | NodeStatus>)) {
    const s = verdictAt(e, v);
    if (s) out.push([node, s]);
  }
  return out;
}

/** The status of one node, or undefined when it is not in the (capped) trace. */
export function nodeStatus(e: NodeVerdicts, node: string): NodeStatus | undefined {
  return verdictAt(e, (e.statuses as Record<string, number | NodeStatus | undefined>)[node]);
}

export const PREEMPTION_CRITERIA = [
  "onlyCandidate",
  "fewestPDBViolations",
  "lowestHighestPriority",
  "smallestPrioritySum",
  "fewestVictims",
  "latestStartTime",
  "random",
] as const;
export type PreemptionCriterion = (typeof PREEMPTION_CRITERIA)[number];

export interface PreemptionCandidate {
  node: string;
  victims: string[];
  numPDBViolations: number;
  highestPriority: number;
  prioritySum: number;
  earliestStartTime: number | null;
}

interface Base {
  seq: number;
  t: number;
}

/** The plugins at each modelled extension point, in the order the framework runs them (cluster.snapshot). */
export interface Profile {
  preEnqueue: string[];
  queueSort: string[];
  preFilter: string[];
  filter: string[];
  postFilter: string[];
  preScore: string[];
  score: string[];
  normalizeScore: string[];
  /** Reserve, Permit, PreBind, PostBind: absent in runs recorded before the model ran them. */
  reserve?: string[];
  permit?: string[];
  preBind?: string[];
  bind: string[];
  postBind?: string[];
}
/** `profile` is absent in runs recorded before it was added. */
export type ClusterSnapshotEvent = Base & { kind: "cluster.snapshot"; state: ClusterState; profile?: Profile };
export type NodeAddedEvent = Base & { kind: "node.added"; node: NodeView };
export type NodeUpdatedEvent = Base & { kind: "node.updated"; node: NodeView; change: string };
export type NodeDeletedEvent = Base & { kind: "node.deleted"; node: string };
export type NamespaceUpdatedEvent = Base & {
  kind: "namespace.updated";
  namespace: NamespaceView;
  change: "added" | "labels" | "terminating";
};
export type NamespaceDeletedEvent = Base & { kind: "namespace.deleted"; namespace: string };
export type PriorityClassAddedEvent = Base & { kind: "priorityclass.added"; priorityClass: PriorityClassView };
export type PriorityClassChangedEvent = Base & { kind: "priorityclass.changed"; priorityClass: PriorityClassView };
export type PriorityClassDeletedEvent = Base & { kind: "priorityclass.deleted"; name: string };
export type PodAddedEvent = Base & { kind: "pod.added"; pod: PodView };
export type QueueMovedEvent = Base & {
  kind: "queue.moved";
  pod: string;
  from: QueueName | null;
  to: QueueName | null;
  event: string;
  until: number | null;
  plugins?: string[] | null;
  message?: string | null;
  /** Insertion position in activeQ / backoffQ (pop order), when the target is one of them. */
  index?: number | null;
};
export type CycleStartedEvent = Base & { kind: "cycle.started"; cycle: number; pod: string; attempts: number };
export type CycleFilteredEvent = Base & NodeVerdicts & {
  kind: "cycle.filtered";
  cycle: number;
  pod: string;
  nominatedNode: string | null;
  feasible: string[];
  evaluated: number;
  total: number;
  preFilter: NodeStatus | null;
  /** Number of rejected nodes and the reason histogram (statuses may be capped on big clusters). */
  rejected?: number;
  histogram?: Record<string, number>;
  feasibleCount?: number;
  /** PreFilter plugins that returned Skip (their Filter did not run), in profile order. */
  preFilterSkipped?: string[];
  /** All rejected nodes counted by the rejecting plugin and code. */
  rejectedBy?: Record<string, Record<string, number>>;
  /** Walked nodes where Filter's first pass ran with these nominated pods (priority ≥ the pod's) added. */
  nominatedPods?: Record<string, string[]>;
};
export type CycleScoredEvent = Base & {
  kind: "cycle.scored";
  cycle: number;
  pod: string;
  weights: Record<string, number>;
  scores: Record<string, Record<string, number>>;
  totals: Record<string, number>;
  chosen: string;
  ties: string[];
  scoredCount?: number;
};
export type PreemptionEvaluatedEvent = Base & NodeVerdicts & {
  kind: "preemption.evaluated";
  cycle: number;
  pod: string;
  eligible: boolean;
  message: string;
  potentialNodes: string[] | number;
  numCandidates: number;
  offset: number | null; // null when no candidate search ran (not eligible, no potential node)
  candidates: PreemptionCandidate[];
  chosen: string | null;
  criterion: PreemptionCriterion | null;
  victims?: string[];
  /** SelectVictimsOnNode's reprieve order on the chosen node; the first pdbViolating would violate a PDB. */
  reprieve?: { order: string[]; pdbViolating: number };
};
export type PodNominatedEvent = Base & { kind: "pod.nominated"; pod: string; node: string };
export type PodNominationClearedEvent = Base & {
  kind: "pod.nominationCleared";
  pod: string;
  node: string | null;
  reason: string;
};
// nominatedNodeName: the nomination the bound pod keeps (absent when binding cleared it or there was none).
export type PodBoundEvent = Base & { kind: "pod.bound"; pod: string; node: string; cycle: number; nominatedNodeName?: string };
/** Permit returned Wait: the pod is a waiting pod, assumed on `node`; `plugins` maps each waiting plugin to its wait (s). */
export type PermitWaitingEvent = Base & { kind: "permit.waiting"; pod: string; node: string; cycle: number; plugins: Record<string, number>; until: number };
/** WaitOnPermit returned Success: the binding cycle goes on (PreBind, Bind, PostBind). */
export type PermitAllowedEvent = Base & { kind: "permit.allowed"; pod: string; node: string; cycle: number };
/** WaitOnPermit returned a rejection (a plugin's Reject, its timeout, preemption's "preempted", deletion's "removed"). */
export type PermitRejectedEvent = Base & { kind: "permit.rejected"; pod: string; node: string; cycle: number; plugin: string; message: string };
export type PodTerminatingEvent = Base & {
  kind: "pod.terminating";
  pod: string;
  node: string | null;
  gracePeriodSeconds: number;
  deletionTimestamp: number;
  deleteAt: number;
  preemptedBy: string | null;
};
export type PodDeletedEvent = Base & { kind: "pod.deleted"; pod: string; node: string | null; reason: string };
export type PdbAddedEvent = Base & { kind: "pdb.added"; pdb: PdbView };
export type PdbChangedEvent = Base & { kind: "pdb.changed"; pdb: PdbView };
export type PdbDeletedEvent = Base & { kind: "pdb.deleted"; pdb: string };
export type PdbUpdatedEvent = Base & {
  kind: "pdb.updated";
  pdb: string;
  disruptionsAllowed: number;
  currentHealthy: number;
  desiredHealthy: number;
  expectedPods: number;
};
export type PodSucceededEvent = Base & { kind: "pod.succeeded"; pod: string; node: string | null };
export type WorkloadUpdatedEvent = Base & { kind: "workload.updated"; workload: WorkloadView };
/** A workload deleted (`kubectl delete deployment`): `workload` is its key; the garbage collector then deletes its
 * dependents, each with its own event. */
export type WorkloadDeletedEvent = Base & { kind: "workload.deleted"; workload: string };
export type K8sEventEvent = Base & {
  kind: "k8s.event";
  type: "Normal" | "Warning";
  reason: string;
  object: string;
  /** The involved object's kind when it is not a Pod (ReplicaSet, PodDisruptionBudget, …). */
  objectKind?: string;
  message: string;
  action: string | null;
  related: string | null;
};
export type CycleFinishedEvent = Base & {
  kind: "cycle.finished";
  cycle: number;
  pod: string;
  result: "scheduled" | "unschedulable" | "error";
  node: string | null;
};
/** Who gave a command: a person ("user", REST/WebSocket) or the run's lesson (timed commands). */
export type CommandSource = "user" | "lesson";
export type CommandAppliedEvent = Base & { kind: "command.applied"; command: Record<string, unknown>; source?: CommandSource };
export type CommandRejectedEvent = Base & {
  kind: "command.rejected";
  command: Record<string, unknown>;
  source: CommandSource;
  error: { path: string; value: unknown; message: string };
};
export type RunStatusEvent = Base & { kind: "run.status"; status: string; reason: string };

export type SimEvent =
  | ClusterSnapshotEvent
  | NodeAddedEvent
  | NodeUpdatedEvent
  | NodeDeletedEvent
  | NamespaceUpdatedEvent
  | NamespaceDeletedEvent
  | PriorityClassAddedEvent
  | PriorityClassChangedEvent
  | PriorityClassDeletedEvent
  | PodAddedEvent
  | QueueMovedEvent
  | CycleStartedEvent
  | CycleFilteredEvent
  | CycleScoredEvent
  | PreemptionEvaluatedEvent
  | PodNominatedEvent
  | PodNominationClearedEvent
  | PodBoundEvent
  | PermitWaitingEvent
  | PermitAllowedEvent
  | PermitRejectedEvent
  | PodTerminatingEvent
  | PodDeletedEvent
  | PdbUpdatedEvent
  | PdbAddedEvent
  | PdbChangedEvent
  | PdbDeletedEvent
  | PodSucceededEvent
  | WorkloadUpdatedEvent
  | WorkloadDeletedEvent
  | K8sEventEvent
  | CycleFinishedEvent
  | CommandAppliedEvent
  | CommandRejectedEvent
  | RunStatusEvent;

// Compile-time check: every kind in EVENT_KINDS has an event type and vice versa.
type _KindsCovered = [EventKind] extends [SimEvent["kind"]]
  ? [SimEvent["kind"]] extends [EventKind]
    ? true
    : never
  : never;
export const KINDS_COVERED: _KindsCovered = true;
