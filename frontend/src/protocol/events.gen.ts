// Generated from scheduler_core/event_schema.py by `make api-types` (scripts/event_types.py): do not edit.
// The payload of every event kind as the core publishes it (docs/events.schema.json).

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

export const QUEUE_NAMES = [
  "active",
  "backoff",
  "unschedulable",
  "gated",
  "inFlight",
  "waiting",
] as const;
export type QueueName = (typeof QUEUE_NAMES)[number];

export const POD_PHASES = [
  "Pending",
  "Running",
  "Terminating",
  "Succeeded",
  "Deleted",
] as const;
export type PodPhase = (typeof POD_PHASES)[number];

export const WORKLOAD_KINDS = [
  "Deployment",
  "ReplicaSet",
  "StatefulSet",
  "DaemonSet",
  "Job",
] as const;
export type WorkloadKind = (typeof WORKLOAD_KINDS)[number];

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

export const COMMAND_SOURCES = [
  "user",
  "lesson",
] as const;
export type CommandSource = (typeof COMMAND_SOURCES)[number];

/** cpu in millicores, memory in bytes, others as counts */
export type Resources = Record<string, number>;

export type PodView = {
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
  phase: "Pending" | "Running" | "Terminating" | "Succeeded" | "Deleted";
  queue: "active" | "backoff" | "unschedulable" | "gated" | "inFlight" | "waiting" | null;
  startTime: number | null;
  deletionTimestamp: number | null;
  preemptedBy: string | null;
  schedulingGates: string[];
  owner?: {
    kind: string;
    name: string;
  };
};

export type Taint = {
  key: string;
  value: string;
  effect: string;
};

export type NodeView = {
  name: string;
  labels: Record<string, string>;
  allocatable: Resources;
  taints: Taint[];
  unschedulable: boolean;
};

export type NamespaceView = {
  name: string;
  labels: Record<string, string>;
  deletionTimestamp?: number;
};

export type PriorityClassView = {
  name: string;
  value: number;
  globalDefault: boolean;
  preemptionPolicy: string;
  description: string;
};

export type LabelSelector = {
  matchLabels: Record<string, string>;
  matchExpressions: {
    key: string;
    operator: string;
    values: string[];
  }[];
};

export type PdbView = {
  key: string;
  name: string;
  namespace: string;
  selector: LabelSelector | null;
  minAvailable: number | string | null;
  maxUnavailable: number | string | null;
  disruptionsAllowed: number;
  disruptedPods: unknown;
  currentHealthy: number;
  desiredHealthy: number;
  expectedPods: number;
};

export type WorkloadView = {
  key: string;
  kind: "Deployment" | "ReplicaSet" | "StatefulSet" | "DaemonSet" | "Job";
  name: string;
  namespace: string;
  uid: string;
  replicas: number;
  currentPods: number;
  readyPods: number;
  owner: {
    kind: string;
    name: string;
  } | null;
  succeeded?: number;
  failed?: number;
  completions?: number | null;
  finished?: "Complete" | "Failed" | null;
  podManagementPolicy?: string;
  generation?: number;
  observedGeneration?: number;
};

export type Queues = {
  active: string[];
  backoff: {
    pod: string;
    until: number;
  }[];
  unschedulable: {
    pod: string;
    plugins: string[];
    message: string;
  }[];
  gated: {
    pod: string;
    plugin: string;
    message: string;
  }[];
};

export type Metrics = {
  scheduler_preemption_attempts_total: number;
  scheduler_preemption_victims: number[];
  scheduler_schedule_attempts_total: {
    scheduled: number;
    unschedulable: number;
    error: number;
  };
  scheduler_pending_pods: {
    active: number;
    backoff: number;
    unschedulable: number;
    gated: number;
  };
};

export type ClusterState = {
  time: number;
  cycle: number;
  nodes: NodeView[];
  pods: PodView[];
  priorityClasses: PriorityClassView[];
  pdbs: PdbView[];
  namespaces: NamespaceView[];
  queues: Queues;
  metrics: Metrics;
  workloads?: WorkloadView[];
  waitingPods?: WaitingPodView[];
};

export type WaitingPodView = {
  pod: string;
  node: string;
  cycle: number;
  plugins: string[];
  until: number;
};

export type Profile = {
  preEnqueue: string[];
  queueSort: string[];
  preFilter: string[];
  filter: string[];
  postFilter: string[];
  preScore: string[];
  score: string[];
  normalizeScore: string[];
  bind: string[];
  reserve?: string[];
  permit?: string[];
  preBind?: string[];
  postBind?: string[];
};

export type NodeStatus = {
  code: string;
  plugin: string;
  reasons: string[];
};

export type PreemptionCandidate = {
  node: string;
  victims: string[];
  numPDBViolations: number;
  highestPriority: number;
  prioritySum: number;
  earliestStartTime: number | null;
};

/** a run command as applied (docs/runs.md; scheduler_core.commands.COMMAND_FIELDS) */
export type Command = {
  type: string;
  [key: string]: unknown;
};

export type ClusterSnapshotEvent = {
  seq: number;
  t: number;
  kind: "cluster.snapshot";
  state: ClusterState;
  profile?: Profile;
};

export type NodeAddedEvent = {
  seq: number;
  t: number;
  kind: "node.added";
  node: NodeView;
};

export type NodeUpdatedEvent = {
  seq: number;
  t: number;
  kind: "node.updated";
  node: NodeView;
  change: string;
};

export type NodeDeletedEvent = {
  seq: number;
  t: number;
  kind: "node.deleted";
  node: string;
};

export type NamespaceUpdatedEvent = {
  seq: number;
  t: number;
  kind: "namespace.updated";
  namespace: NamespaceView;
  change: "added" | "labels" | "terminating";
};

export type NamespaceDeletedEvent = {
  seq: number;
  t: number;
  kind: "namespace.deleted";
  namespace: string;
};

export type PriorityClassAddedEvent = {
  seq: number;
  t: number;
  kind: "priorityclass.added";
  priorityClass: PriorityClassView;
};

export type PriorityClassChangedEvent = {
  seq: number;
  t: number;
  kind: "priorityclass.changed";
  priorityClass: PriorityClassView;
};

export type PriorityClassDeletedEvent = {
  seq: number;
  t: number;
  kind: "priorityclass.deleted";
  name: string;
};

export type PodAddedEvent = {
  seq: number;
  t: number;
  kind: "pod.added";
  pod: PodView;
};

export type QueueMovedEvent = {
  seq: number;
  t: number;
  kind: "queue.moved";
  pod: string;
  from: "active" | "backoff" | "unschedulable" | "gated" | "inFlight" | "waiting" | null;
  to: "active" | "backoff" | "unschedulable" | "gated" | "inFlight" | "waiting" | null;
  event: string;
  until: number | null;
  plugins?: string[] | null;
  message?: string | null;
  index?: number | null;
};

export type CycleStartedEvent = {
  seq: number;
  t: number;
  kind: "cycle.started";
  cycle: number;
  pod: string;
  attempts: number;
};

export type CycleFilteredEvent = {
  seq: number;
  t: number;
  kind: "cycle.filtered";
  cycle: number;
  pod: string;
  nominatedNode: string | null;
  feasible: string[];
  evaluated: number;
  total: number;
  preFilter: NodeStatus | null;
  statuses: Record<string, number>;
  verdicts: NodeStatus[];
  rejected?: number;
  histogram?: Record<string, number>;
  feasibleCount?: number;
  preFilterSkipped?: string[];
  rejectedBy?: Record<string, Record<string, number>>;
  nominatedPods?: Record<string, string[]>;
};

export type CycleScoredEvent = {
  seq: number;
  t: number;
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

export type PreemptionEvaluatedEvent = {
  seq: number;
  t: number;
  kind: "preemption.evaluated";
  cycle: number;
  pod: string;
  eligible: boolean;
  message: string;
  potentialNodes: string[] | number;
  numCandidates: number;
  offset: number | null;
  candidates: PreemptionCandidate[];
  chosen: string | null;
  criterion: "onlyCandidate" | "fewestPDBViolations" | "lowestHighestPriority" | "smallestPrioritySum" | "fewestVictims" | "latestStartTime" | "random" | null;
  statuses: Record<string, number>;
  verdicts: NodeStatus[];
  victims?: string[];
  reprieve?: {
    order: string[];
    pdbViolating: number;
  };
};

export type PodNominatedEvent = {
  seq: number;
  t: number;
  kind: "pod.nominated";
  pod: string;
  node: string;
};

export type PodNominationClearedEvent = {
  seq: number;
  t: number;
  kind: "pod.nominationCleared";
  pod: string;
  node: string | null;
  reason: string;
};

export type PodBoundEvent = {
  seq: number;
  t: number;
  kind: "pod.bound";
  pod: string;
  node: string;
  cycle: number;
  nominatedNodeName?: string;
};

export type PermitWaitingEvent = {
  seq: number;
  t: number;
  kind: "permit.waiting";
  pod: string;
  node: string;
  cycle: number;
  plugins: Record<string, number>;
  until: number;
};

export type PermitAllowedEvent = {
  seq: number;
  t: number;
  kind: "permit.allowed";
  pod: string;
  node: string;
  cycle: number;
};

export type PermitRejectedEvent = {
  seq: number;
  t: number;
  kind: "permit.rejected";
  pod: string;
  node: string;
  cycle: number;
  plugin: string;
  message: string;
};

export type PodTerminatingEvent = {
  seq: number;
  t: number;
  kind: "pod.terminating";
  pod: string;
  node: string | null;
  gracePeriodSeconds: number;
  deletionTimestamp: number;
  deleteAt: number;
  preemptedBy: string | null;
};

export type PodDeletedEvent = {
  seq: number;
  t: number;
  kind: "pod.deleted";
  pod: string;
  node: string | null;
  reason: string;
};

export type PdbUpdatedEvent = {
  seq: number;
  t: number;
  kind: "pdb.updated";
  pdb: string;
  disruptionsAllowed: number;
  currentHealthy: number;
  desiredHealthy: number;
  expectedPods: number;
};

export type PdbAddedEvent = {
  seq: number;
  t: number;
  kind: "pdb.added";
  pdb: PdbView;
};

export type PdbChangedEvent = {
  seq: number;
  t: number;
  kind: "pdb.changed";
  pdb: PdbView;
};

export type PdbDeletedEvent = {
  seq: number;
  t: number;
  kind: "pdb.deleted";
  pdb: string;
};

export type PodSucceededEvent = {
  seq: number;
  t: number;
  kind: "pod.succeeded";
  pod: string;
  node: string | null;
};

export type WorkloadUpdatedEvent = {
  seq: number;
  t: number;
  kind: "workload.updated";
  workload: WorkloadView;
};

export type WorkloadDeletedEvent = {
  seq: number;
  t: number;
  kind: "workload.deleted";
  workload: string;
};

export type K8sEventEvent = {
  seq: number;
  t: number;
  kind: "k8s.event";
  type: "Normal" | "Warning";
  reason: string;
  object: string;
  message: string;
  action: string | null;
  related: string | null;
  objectKind?: string;
};

export type CycleFinishedEvent = {
  seq: number;
  t: number;
  kind: "cycle.finished";
  cycle: number;
  pod: string;
  result: "scheduled" | "unschedulable" | "error";
  node: string | null;
};

export type CommandAppliedEvent = {
  seq: number;
  t: number;
  kind: "command.applied";
  command: Command;
  source?: "user" | "lesson";
};

export type CommandRejectedEvent = {
  seq: number;
  t: number;
  kind: "command.rejected";
  command: Command;
  source: "user" | "lesson";
  error: {
    path: string;
    value: unknown;
    message: string;
  };
};

export type RunStatusEvent = {
  seq: number;
  t: number;
  kind: "run.status";
  status: string;
  reason: string;
};

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
