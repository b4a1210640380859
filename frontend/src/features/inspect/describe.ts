// `kubectl describe` and `kubectl get -o yaml` of a pod or node, from the run's state at the
// event the views show (so at any point of the timeline). Pure: text and plain objects.
import { stringify } from "yaml";
import type { K8sEventEvent, NodeView, PdbView, PodView } from "@/protocol/events";
import type { RunState } from "@/protocol/state";
import { EMPTY_SLOT } from "@/protocol/state";
import { formatResource } from "@/lib/quantity";
import { formatLabelSelector } from "@/lib/labelSelector";

const SCHEDULER = "default-scheduler";

function field(name: string, value: string | number, width = 22): string {
  return `${`${name}:`.padEnd(width)}${value}`;
}

function labels(map: Record<string, string>, width = 22): string[] {
  const entries = Object.entries(map).sort(([a], [b]) => a.localeCompare(b));
  if (entries.length === 0) return [field("Labels", "<none>", width)];
  return entries.map(([k, v], i) => (i === 0 ? field("Labels", `${k}=${v}`, width) : `${" ".repeat(width)}${k}=${v}`));
}

function resources(title: string, res: Record<string, number>): string[] {
  const entries = Object.entries(res).sort(([a], [b]) => a.localeCompare(b));
  if (entries.length === 0) return [`${title}:  <none>`];
  return [`${title}:`, ...entries.map(([k, v]) => `  ${`${k}:`.padEnd(10)}${formatResource(k, v)}`)];
}

function events(list: readonly K8sEventEvent[], object: string): string[] {
  const mine = list.filter((e) => e.object === object);
  if (mine.length === 0) return ["Events:  <none>"];
  const rows = mine.map((e) => [e.type, e.reason, `t=${e.t.toFixed(1)}s`, SCHEDULER, e.message]);
  const head = ["Type", "Reason", "Age", "From", "Message"];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (r: string[]) => `  ${r.map((c, i) => (i === r.length - 1 ? c : c.padEnd(widths[i] + 2))).join("")}`;
  return ["Events:", line(head), line(head.map((h) => "-".repeat(h.length))), ...rows.map(line)];
}

function status(pod: PodView, now: number): string {
  if (pod.phase === "Terminating" && pod.deletionTimestamp !== null) {
    return `Terminating (lasts ${Math.max(0, now - pod.deletionTimestamp).toFixed(0)}s)`;
  }
  return pod.phase;
}

export function describePod(state: RunState, key: string): string | null {
  const pod = state.pods.get(key);
  if (!pod) return null;
  return [
    field("Name", pod.name),
    field("Namespace", pod.namespace),
    field("Priority", pod.priority),
    field("Priority Class Name", pod.priorityClassName || "<none>"),
    field("Node", pod.nodeName ?? "<none>"),
    field("Start Time", pod.startTime === null ? "<none>" : `t=${pod.startTime.toFixed(1)}s`),
    ...labels(pod.labels),
    field("Status", status(pod, state.time)),
    ...(pod.nominatedNodeName ? [field("Nominated Node Name", pod.nominatedNodeName)] : []),
    field("Preemption Policy", pod.preemptionPolicy),
    ...(pod.schedulingGates.length ? [field("Scheduling Gates", pod.schedulingGates.join(", "))] : []),
    ...resources("Requests", pod.requests),
    ...events(state.k8sEvents.toArray(), pod.key),
  ].join("\n");
}

export function describeNode(state: RunState, name: string): string | null {
  const node = state.nodes.get(name);
  if (!node) return null;
  const slot = state.byNode.get(name) ?? EMPTY_SLOT;
  const used: Record<string, number> = {};
  for (const p of slot.bound) for (const [r, v] of Object.entries(p.requests)) used[r] = (used[r] ?? 0) + v;
  const taints = node.taints.map((t) => `${t.key}${t.value ? `=${t.value}` : ""}:${t.effect}`);
  const podRows = slot.bound.map((p) => `  ${p.namespace.padEnd(12)}${p.name.padEnd(24)}${formatResource("cpu", p.requests.cpu ?? 0).padEnd(14)}${formatResource("memory", p.requests.memory ?? 0)}`);
  const allocated = Object.keys(node.allocatable).sort().filter((r) => r !== "pods").map((r) => {
    const pct = node.allocatable[r] ? Math.round(((used[r] ?? 0) / node.allocatable[r]) * 100) : 0;
    return `  ${r.padEnd(10)}${`${formatResource(r, used[r] ?? 0)} (${pct}%)`}`;
  });
  return [
    field("Name", node.name, 20),
    field("Roles", "<none>", 20),
    ...labels(node.labels, 20),
    field("Taints", taints[0] ?? "<none>", 20),
    ...taints.slice(1).map((t) => `${" ".repeat(20)}${t}`),
    field("Unschedulable", String(node.unschedulable), 20),
    ...resources("Allocatable", node.allocatable),
    `Non-terminated Pods:  (${slot.bound.length} in total)`,
    `  ${"Namespace".padEnd(12)}${"Name".padEnd(24)}${"CPU Requests".padEnd(14)}Memory Requests`,
    ...podRows,
    "Allocated resources:",
    `  ${"Resource".padEnd(10)}Requests`,
    ...allocated,
    ...events(state.k8sEvents.toArray(), `node/${node.name}`),
  ].join("\n");
}

/** Lines aligned as Go's tabwriter aligns one block of "label:\tvalue" rows (padding 2). */
function tabbed(rows: [string, string | number][]): string[] {
  const width = Math.max(...rows.map(([label]) => label.length)) + 2;
  return rows.map(([label, value]) => `${label.padEnd(width)}${value}`);
}

/** `kubectl describe pdb` (describePodDisruptionBudgetV1): the spec, then the status the
 * disruption controller wrote — Allowed disruptions is what preemption counts violations against. */
export function describePdb(state: RunState, key: string): string | null {
  const pdb: PdbView | undefined = state.pdbs[key];
  if (!pdb) return null;
  const limit: [string, string | number][] =
    pdb.minAvailable !== null ? [["Min available:", pdb.minAvailable]] : pdb.maxUnavailable !== null ? [["Max unavailable:", pdb.maxUnavailable]] : [];
  const mine = state.k8sEvents.toArray().filter((e) => e.object === pdb.key);
  const status: [string, string | number][] = [
    ["    Allowed disruptions:", pdb.disruptionsAllowed],
    ["    Current:", pdb.currentHealthy],
    ["    Desired:", pdb.desiredHealthy],
    ["    Total:", pdb.expectedPods],
  ];
  return [
    ...tabbed([["Name:", pdb.name], ["Namespace:", pdb.namespace], ...limit, ["Selector:", formatLabelSelector(pdb.selector)]]),
    "Status:",
    ...(mine.length ? [...tabbed(status), ...events(mine, pdb.key)] : tabbed([...status, ["Events:", "<none>"]])),
  ].join("\n");
}

/** The pod as the API server would return it (requests are the pod's effective requests). */
export function podManifest(pod: PodView): Record<string, unknown> {
  const quantities = Object.fromEntries(Object.entries(pod.requests).map(([k, v]) => [k, formatResource(k, v)]));
  return {
    apiVersion: "v1",
    kind: "Pod",
    metadata: {
      name: pod.name, namespace: pod.namespace, uid: pod.uid,
      ...(Object.keys(pod.labels).length ? { labels: pod.labels } : {}),
      ...(pod.deletionTimestamp !== null ? { deletionTimestamp: `t=${pod.deletionTimestamp}s` } : {}),
    },
    spec: {
      ...(pod.nodeName ? { nodeName: pod.nodeName } : {}),
      ...(pod.priorityClassName ? { priorityClassName: pod.priorityClassName } : {}),
      priority: pod.priority,
      preemptionPolicy: pod.preemptionPolicy,
      ...(pod.schedulingGates.length ? { schedulingGates: pod.schedulingGates.map((name) => ({ name })) } : {}),
      containers: [{ name: "(effective requests)", resources: { requests: quantities } }],
    },
    status: {
      phase: pod.phase === "Terminating" ? "Running" : pod.phase,
      ...(pod.nominatedNodeName ? { nominatedNodeName: pod.nominatedNodeName } : {}),
    },
  };
}

export function nodeManifest(node: NodeView): Record<string, unknown> {
  const quantities = Object.fromEntries(Object.entries(node.allocatable).map(([k, v]) => [k, formatResource(k, v)]));
  return {
    apiVersion: "v1",
    kind: "Node",
    metadata: { name: node.name, ...(Object.keys(node.labels).length ? { labels: node.labels } : {}) },
    spec: {
      ...(node.unschedulable ? { unschedulable: true } : {}),
      ...(node.taints.length ? { taints: node.taints.map((t) => ({ key: t.key, ...(t.value ? { value: t.value } : {}), effect: t.effect })) } : {}),
    },
    status: { allocatable: quantities },
  };
}

/** The PodDisruptionBudget as the API server would return it, with the disruption controller's status. */
export function pdbManifest(pdb: PdbView): Record<string, unknown> {
  const sel = (pdb.selector ?? {}) as { matchLabels?: Record<string, string>; matchExpressions?: unknown[] };
  const selector = {
    ...(sel.matchLabels && Object.keys(sel.matchLabels).length ? { matchLabels: sel.matchLabels } : {}),
    ...(sel.matchExpressions && sel.matchExpressions.length ? { matchExpressions: sel.matchExpressions } : {}),
  };
  return {
    apiVersion: "policy/v1",
    kind: "PodDisruptionBudget",
    metadata: { name: pdb.name, namespace: pdb.namespace },
    spec: {
      ...(pdb.minAvailable !== null ? { minAvailable: pdb.minAvailable } : {}),
      ...(pdb.maxUnavailable !== null ? { maxUnavailable: pdb.maxUnavailable } : {}),
      ...(pdb.selector ? { selector } : {}),
    },
    status: {
      currentHealthy: pdb.currentHealthy,
      desiredHealthy: pdb.desiredHealthy,
      disruptionsAllowed: pdb.disruptionsAllowed,
      expectedPods: pdb.expectedPods,
    },
  };
}

export function toYaml(manifest: Record<string, unknown>): string {
  return stringify(manifest);
}
