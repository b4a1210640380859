// Hand-built event logs in the shape of docs/events.md, for unit tests and the demo view.
import type { ClusterState, NodeView, PodView, SimEvent } from "@/protocol/events";

export function makeNode(name: string, cpu = 4000, memory = 8 * 2 ** 30, pods = 110): NodeView {
  return { name, labels: { "kubernetes.io/hostname": name }, allocatable: { cpu, memory, pods }, taints: [], unschedulable: false };
}

export function makePod(name: string, o: Partial<PodView> & { cpu?: number; memory?: number } = {}): PodView {
  const { cpu = 1000, memory = 2 ** 30, ...rest } = o;
  return {
    key: `default/${name}`,
    name,
    namespace: "default",
    uid: `uid-${name}`,
    labels: { app: name },
    priority: 0,
    priorityClassName: "",
    preemptionPolicy: "PreemptLowerPriority",
    requests: { cpu, memory },
    nodeName: null,
    nominatedNodeName: null,
    phase: "Pending",
    queue: null,
    startTime: null,
    deletionTimestamp: null,
    preemptedBy: null,
    schedulingGates: [],
    ...rest,
  };
}

export function makeState(nodes: NodeView[], pods: PodView[]): ClusterState {
  return {
    time: 0,
    cycle: 0,
    nodes,
    pods,
    priorityClasses: [
      { name: "low", value: 100, globalDefault: false, preemptionPolicy: "PreemptLowerPriority", description: "" },
      { name: "high", value: 1000, globalDefault: false, preemptionPolicy: "PreemptLowerPriority", description: "" },
    ],
    pdbs: [],
    namespaces: [],
    queues: { active: pods.filter((p) => p.queue === "active").map((p) => p.key), backoff: [], unschedulable: [], gated: [] },
    metrics: {
      scheduler_preemption_attempts_total: 0,
      scheduler_preemption_victims: [],
      scheduler_schedule_attempts_total: { scheduled: 0, unschedulable: 0, error: 0 },
      scheduler_pending_pods: { active: 0, backoff: 0, unschedulable: 0, gated: 0 },
    },
  };
}

type NoSeq<E> = E extends SimEvent ? Omit<E, "seq"> : never;

/** Number events 1..n in order. */
export function numbered(events: NoSeq<SimEvent>[]): SimEvent[] {
  return events.map((e, i) => ({ ...e, seq: i + 1 }) as SimEvent);
}

/**
 * A preemption story on one 4-cpu node: low-priority "victim" (3 cpu) runs; high-priority
 * "preemptor" (2 cpu) arrives, fails Filter, preempts "victim", is nominated, the victim
 * terminates and is deleted, the preemptor binds.
 */
export function preemptionStory(): SimEvent[] {
  const victim = makePod("victim", {
    cpu: 3000,
    priority: 100,
    priorityClassName: "low",
    nodeName: "node-1",
    phase: "Running",
    startTime: 0,
  });
  const preemptor = makePod("preemptor", { cpu: 2000, priority: 1000, priorityClassName: "high", queue: "active" });
  const status = { code: "Unschedulable", plugin: "NodeResourcesFit", reasons: ["Insufficient cpu"] };
  return numbered([
    { kind: "cluster.snapshot", t: 0, state: makeState([makeNode("node-1")], [victim, preemptor]) },
    { kind: "queue.moved", t: 0, pod: "default/preemptor", from: "active", to: "inFlight", event: "Pop", until: null },
    { kind: "cycle.started", t: 0, cycle: 1, pod: "default/preemptor", attempts: 1 },
    {
      kind: "cycle.filtered",
      t: 0,
      cycle: 1,
      pod: "default/preemptor",
      nominatedNode: null,
      statuses: { "node-1": 0 },
      verdicts: [status],
      feasible: [],
      evaluated: 1,
      total: 1,
      preFilter: null,
    },
    {
      kind: "preemption.evaluated",
      t: 0,
      cycle: 1,
      pod: "default/preemptor",
      eligible: true,
      message: "",
      potentialNodes: ["node-1"],
      numCandidates: 1,
      offset: 0,
      candidates: [
        { node: "node-1", victims: ["default/victim"], numPDBViolations: 0, highestPriority: 100, prioritySum: 100, earliestStartTime: 0 },
      ],
      chosen: "node-1",
      criterion: "onlyCandidate",
      statuses: {},
      verdicts: [],
    },
    {
      kind: "pod.terminating",
      t: 0,
      pod: "default/victim",
      node: "node-1",
      gracePeriodSeconds: 30,
      deletionTimestamp: 0,
      deleteAt: 30,
      preemptedBy: "default/preemptor",
    },
    {
      kind: "k8s.event",
      t: 0,
      type: "Normal",
      reason: "Preempted",
      object: "default/victim",
      message: "Preempted by pod uid-preemptor on node node-1",
      action: "Preempting",
      related: "default/preemptor",
    },
    { kind: "pod.nominated", t: 0, pod: "default/preemptor", node: "node-1" },
    {
      kind: "k8s.event",
      t: 0,
      type: "Warning",
      reason: "FailedScheduling",
      object: "default/preemptor",
      message: "0/1 nodes are available: 1 Insufficient cpu.",
      action: "Scheduling",
      related: null,
    },
    { kind: "cycle.finished", t: 0, cycle: 1, pod: "default/preemptor", result: "unschedulable", node: null },
    {
      kind: "queue.moved",
      t: 0,
      pod: "default/preemptor",
      from: "inFlight",
      to: "unschedulable",
      event: "ScheduleAttemptFailure",
      until: null,
      plugins: ["NodeResourcesFit"],
    },
    { kind: "pod.deleted", t: 30, pod: "default/victim", node: "node-1", reason: "Preempted" },
    {
      kind: "queue.moved",
      t: 30,
      pod: "default/preemptor",
      from: "unschedulable",
      to: "backoff",
      event: "AssignedPodDelete",
      until: 31,
    },
    { kind: "queue.moved", t: 31, pod: "default/preemptor", from: "backoff", to: "inFlight", event: "PopFromBackoffQ", until: null },
    { kind: "cycle.started", t: 31, cycle: 2, pod: "default/preemptor", attempts: 2 },
    {
      kind: "cycle.filtered",
      t: 31,
      cycle: 2,
      pod: "default/preemptor",
      nominatedNode: "node-1",
      statuses: {},
      verdicts: [],
      feasible: ["node-1"],
      evaluated: 1,
      total: 1,
      preFilter: null,
    },
    { kind: "pod.bound", t: 31, pod: "default/preemptor", node: "node-1", cycle: 2 },
    {
      kind: "k8s.event",
      t: 31,
      type: "Normal",
      reason: "Scheduled",
      object: "default/preemptor",
      message: "Successfully assigned default/preemptor to node-1",
      action: "Binding",
      related: null,
    },
    { kind: "cycle.finished", t: 31, cycle: 2, pod: "default/preemptor", result: "scheduled", node: "node-1" },
  ]);
}
