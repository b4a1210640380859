// Workload manifests for the forms: "a Deployment with N replicas" instead of N pod copies.
// The run's controllers create the pods (docs/scheduler_core.md, Workloads).
import type { TFunction } from "i18next";
import { API_VERSION, getIn, setIn, type Manifest, type WorkloadKind } from "./manifest";

/** The annotation a Job's pod template uses for how long each pod runs (virtual seconds). */
export const RUN_SECONDS_ANNOTATION = "scheduler-playground/run-seconds";

export function newWorkload(kind: WorkloadKind, name: string): Manifest {
  const labels = { app: name };
  const spec: Manifest = {
    containers: [{ name: "app", image: "registry.k8s.io/pause:3.10", resources: { requests: { cpu: "500m", memory: "256Mi" } } }],
  };
  const base: Manifest = { apiVersion: API_VERSION[kind], kind, metadata: { name, namespace: "default" } };
  if (kind === "Job") {
    return {
      ...base,
      spec: {
        parallelism: 1,
        completions: 1,
        template: { metadata: { annotations: { [RUN_SECONDS_ANNOTATION]: "60" } }, spec: { restartPolicy: "Never", ...spec } },
      },
    };
  }
  const replicas = kind === "DaemonSet" ? {} : { replicas: 3 };
  return { ...base, spec: { ...replicas, selector: { matchLabels: labels }, template: { metadata: { labels }, spec } } };
}

/** Change the pod labels: the selector follows, so `selector` always matches the template (a Job's is generated). */
export function withPodLabels(m: Manifest, labels: Record<string, string>): Manifest {
  const next = setIn(m, "spec.template.metadata.labels", labels);
  return m.kind === "Job" ? next : setIn(next, "spec.selector.matchLabels", labels);
}

/** The number of pods the workload asks for, as the form summarises it, in the reader's language. */
export function describeScale(m: Manifest, t: TFunction): string {
  if (m.kind === "DaemonSet") return t("editor.workloads.scale.daemonSet");
  if (m.kind === "Job") {
    const parallelism = String(getIn(m, "spec.parallelism") ?? 1);
    const c = getIn(m, "spec.completions");
    return c === undefined
      ? t("editor.workloads.scale.workQueue", { parallelism })
      : t("editor.workloads.scale.completions", { completions: String(c), parallelism });
  }
  return t("editor.workloads.scale.replicas", { replicas: String(getIn(m, "spec.replicas") ?? 1) });
}
