// Scenario objects are plain Kubernetes manifests (what kubectl would accept). The forms read
// and write them by path, so the YAML view and the forms share one source of truth.

export type Manifest = Record<string, unknown>;

export const WORKLOAD_KINDS = ["Deployment", "ReplicaSet", "StatefulSet", "DaemonSet", "Job"] as const;
export type WorkloadKind = (typeof WORKLOAD_KINDS)[number];
export const KINDS = ["Node", "PriorityClass", "Pod", "PodDisruptionBudget", "Namespace", ...WORKLOAD_KINDS] as const;
export type Kind = (typeof KINDS)[number];

/** The API's field paths count objects within one kind: pods[3] is the fourth Pod. */
export const KIND_PLURAL: Record<Kind, string> = {
  Node: "nodes",
  PriorityClass: "priorityclasses",
  Pod: "pods",
  PodDisruptionBudget: "poddisruptionbudgets",
  Namespace: "namespaces",
  Deployment: "deployments",
  ReplicaSet: "replicasets",
  StatefulSet: "statefulsets",
  DaemonSet: "daemonsets",
  Job: "jobs",
};

export const API_VERSION: Record<Kind, string> = {
  Node: "v1",
  PriorityClass: "scheduling.k8s.io/v1",
  Pod: "v1",
  PodDisruptionBudget: "policy/v1",
  Namespace: "v1",
  Deployment: "apps/v1",
  ReplicaSet: "apps/v1",
  StatefulSet: "apps/v1",
  DaemonSet: "apps/v1",
  Job: "batch/v1",
};

type PathPart = string | number;

export function parsePath(path: string): PathPart[] {
  const parts: PathPart[] = [];
  for (const m of path.matchAll(/([^.[\]]+)|\[(\d+)\]/g)) parts.push(m[2] !== undefined ? Number(m[2]) : m[1]);
  return parts;
}

export function getIn(obj: unknown, path: string): unknown {
  let cur: unknown = obj;
  for (const part of parsePath(path)) {
    if (cur === null || typeof cur !== "object") return undefined;
    cur = (cur as Record<PathPart, unknown>)[part];
  }
  return cur;
}

function isEmpty(v: unknown): boolean {
  return (
    v === undefined ||
    v === "" ||
    (Array.isArray(v) && v.length === 0) ||
    (v !== null && typeof v === "object" && !Array.isArray(v) && Object.keys(v).length === 0)
  );
}

/** Immutable set; an empty value removes the key (and empty parents), so YAML stays tidy. */
export function setIn<T>(obj: T, path: string, value: unknown): T {
  return setParts(obj, parsePath(path), value) as T;
}

function setParts(obj: unknown, parts: PathPart[], value: unknown): unknown {
  const [head, ...rest] = parts;
  const container: Record<PathPart, unknown> | unknown[] = Array.isArray(obj)
    ? [...obj]
    : obj && typeof obj === "object"
      ? { ...(obj as Record<string, unknown>) }
      : typeof head === "number"
        ? []
        : {};
  const child = rest.length === 0 ? value : setParts((container as Record<PathPart, unknown>)[head], rest, value);
  if (isEmpty(child) && !Array.isArray(container)) delete (container as Record<PathPart, unknown>)[head];
  else (container as Record<PathPart, unknown>)[head] = child;
  return container;
}

export function kindOf(m: Manifest): string {
  return typeof m.kind === "string" ? m.kind : "";
}

export function nameOf(m: Manifest): string {
  return String(getIn(m, "metadata.name") ?? "");
}

/** Document indexes of every object of one kind, in order. */
export function indexesOfKind(objects: readonly Manifest[], kind: Kind): number[] {
  const out: number[] = [];
  objects.forEach((o, i) => {
    if (kindOf(o) === kind) out.push(i);
  });
  return out;
}

/** Copies of a manifest named <base>-2, <base>-3, … skipping names already taken. */
export function copiesOf(m: Manifest, count: number, taken: Set<string>): Manifest[] {
  const base = nameOf(m).replace(/-\d+$/, "") || "copy";
  const out: Manifest[] = [];
  for (let i = 2; out.length < count; i++) {
    const name = `${base}-${i}`;
    if (taken.has(name)) continue;
    taken.add(name);
    out.push(setIn(structuredClone(m), "metadata.name", name));
  }
  return out;
}

export function newNode(name: string): Manifest {
  return {
    apiVersion: "v1",
    kind: "Node",
    metadata: { name, labels: { "kubernetes.io/hostname": name } },
    status: { allocatable: { cpu: "4", memory: "8Gi", pods: "110" } },
  };
}

export function newPriorityClass(name: string, value: number): Manifest {
  return { apiVersion: "scheduling.k8s.io/v1", kind: "PriorityClass", metadata: { name }, value };
}

/** The image the form puts in a container: the API requires one; the scheduler does not read it. */
export const FORM_IMAGE = "registry.k8s.io/pause:3.10";

export function newPod(name: string): Manifest {
  return {
    apiVersion: "v1",
    kind: "Pod",
    metadata: { name, namespace: "default", labels: { app: name } },
    spec: { containers: [{ name: "app", image: FORM_IMAGE, resources: { requests: { cpu: "500m", memory: "256Mi" } } }] },
  };
}

export function newPdb(name: string): Manifest {
  return {
    apiVersion: "policy/v1",
    kind: "PodDisruptionBudget",
    metadata: { name, namespace: "default" },
    spec: { minAvailable: 1, selector: { matchLabels: { app: "web" } } },
  };
}

export function newNamespace(name: string): Manifest {
  return { apiVersion: "v1", kind: "Namespace", metadata: { name } };
}

/** The label the API server sets on every Namespace (v1.LabelMetadataName), always = its name. */
export const NAMESPACE_NAME_LABEL = "kubernetes.io/metadata.name";

/**
 * Namespaces pods use without a Namespace object. The playground lets them exist implicitly,
 * labelled only kubernetes.io/metadata.name (docs/scheduler_core.md "Namespaces").
 */
export function implicitNamespaces(objects: readonly Manifest[]): string[] {
  const defined = new Set(indexesOfKind(objects, "Namespace").map((i) => nameOf(objects[i])));
  const used = indexesOfKind(objects, "Pod").map((i) => String(getIn(objects[i], "metadata.namespace") ?? "default") || "default");
  return [...new Set(used)].filter((ns) => !defined.has(ns));
}

export function uniqueName(objects: readonly Manifest[], kind: Kind, base: string): string {
  const taken = new Set(objects.filter((o) => kindOf(o) === kind).map(nameOf));
  for (let i = 1; ; i++) if (!taken.has(`${base}-${i}`)) return `${base}-${i}`;
}

/** The two built-in classes every cluster has (pkg/apis/scheduling: systemPriorityClasses). */
export const SYSTEM_PRIORITY_CLASSES = [
  { name: "system-node-critical", value: 2000001000, description: "Used for system critical pods that must not be moved from their current node." },
  { name: "system-cluster-critical", value: 2000000000, description: "Used for system critical pods that must run in the cluster, but can be moved to another node if necessary." },
] as const;
