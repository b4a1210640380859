import { TextField, SelectField } from "@/components/Field";
import { indexesOfKind, uniqueName, WORKLOAD_KINDS, type WorkloadKind } from "../model/manifest";
import { mapToText, textToMap } from "../model/textFields";
import { describeScale, newWorkload, RUN_SECONDS_ANNOTATION, withPodLabels } from "../model/workload";
import { ObjectCard } from "./ObjectCard";
import { numOrText, useDoc, type ObjectsProps } from "./useObjects";

const POLICIES = [
  { value: "OrderedReady", label: "OrderedReady (one ordinal at a time)" },
  { value: "Parallel", label: "Parallel" },
];
const BASE_NAME: Record<WorkloadKind, string> = { Deployment: "web", ReplicaSet: "rs", StatefulSet: "db", DaemonSet: "agent", Job: "batch" };
const T = "spec.template.spec";

function WorkloadForm(props: ObjectsProps & { doc: number; classes: string[] }) {
  const { get, set, err, raw, obj } = useDoc(props, props.doc);
  const ro = props.readOnly;
  const kind = String(obj.kind) as WorkloadKind;
  const name = get("metadata.name");
  const classOptions = [{ value: "", label: "(none / global default)" }, ...props.classes.map((c) => ({ value: c, label: c }))];
  const onChange = (next: typeof obj) => props.onChange(props.objects.map((o, i) => (i === props.doc ? next : o)));
  return (
    <ObjectCard kind={kind} title={name} readOnly={ro} onRemove={() => props.onChange(props.objects.filter((_, i) => i !== props.doc))}>
      <p className="computed">{describeScale(obj)}</p>
      <TextField label={`${kind} name`} value={name} onChange={(v) => set("metadata.name", v)} error={err("metadata.name")} readOnly={ro} />
      <TextField label="Namespace" value={get("metadata.namespace")} onChange={(v) => set("metadata.namespace", v)} error={err("metadata.namespace")} readOnly={ro} />
      {(kind === "Deployment" || kind === "ReplicaSet" || kind === "StatefulSet") && (
        <TextField label="Replicas" type="number" value={get("spec.replicas")} onChange={(v) => set("spec.replicas", numOrText(v))} error={err("spec.replicas")} readOnly={ro} />
      )}
      {kind === "StatefulSet" && (
        <SelectField label="podManagementPolicy" value={get("spec.podManagementPolicy") || "OrderedReady"} options={POLICIES} onChange={(v) => set("spec.podManagementPolicy", v === "OrderedReady" ? undefined : v)} error={err("spec.podManagementPolicy")} readOnly={ro} />
      )}
      {kind === "Job" && (
        <>
          <TextField label="Parallelism" type="number" value={get("spec.parallelism")} onChange={(v) => set("spec.parallelism", numOrText(v))} error={err("spec.parallelism")} readOnly={ro} />
          <TextField label="Completions" type="number" hint="empty = a work queue" value={get("spec.completions")} onChange={(v) => set("spec.completions", v.trim() === "" ? undefined : numOrText(v))} error={err("spec.completions")} readOnly={ro} />
          <TextField
            label="Each pod runs (seconds)"
            type="number"
            value={String(((raw("spec.template.metadata.annotations") as Record<string, string> | undefined) ?? {})[RUN_SECONDS_ANNOTATION] ?? "")}
            onChange={(v) => set("spec.template.metadata.annotations", { ...((raw("spec.template.metadata.annotations") as object) ?? {}), [RUN_SECONDS_ANNOTATION]: v.trim() || undefined })}
            error={err(`spec.template.metadata.annotations[${RUN_SECONDS_ANNOTATION}]`)}
            readOnly={ro}
          />
        </>
      )}
      <TextField
        label="Pod labels"
        hint={kind === "Job" ? "key=value, …" : "key=value, …; the selector follows"}
        value={mapToText(raw("spec.template.metadata.labels"))}
        onChange={(v) => onChange(withPodLabels(obj, textToMap(v)))}
        error={err("spec.template.metadata.labels") ?? err("spec.selector")}
        readOnly={ro}
      />
      <SelectField label="PriorityClass" value={get(`${T}.priorityClassName`)} options={classOptions} onChange={(v) => set(`${T}.priorityClassName`, v)} error={err(`${T}.priorityClassName`)} readOnly={ro} />
      <TextField label="CPU request per pod" value={get(`${T}.containers[0].resources.requests.cpu`)} onChange={(v) => set(`${T}.containers[0].resources.requests.cpu`, v)} error={err(`${T}.containers[0].resources.requests.cpu`)} readOnly={ro} />
      <TextField label="Memory request per pod" value={get(`${T}.containers[0].resources.requests.memory`)} onChange={(v) => set(`${T}.containers[0].resources.requests.memory`, v)} error={err(`${T}.containers[0].resources.requests.memory`)} readOnly={ro} />
    </ObjectCard>
  );
}

/** Deployments, ReplicaSets, StatefulSets, DaemonSets and Jobs: their controllers create the pods in a run. */
export function WorkloadsSection(props: ObjectsProps) {
  const docs = WORKLOAD_KINDS.flatMap((k) => indexesOfKind(props.objects, k)).sort((a, b) => a - b);
  const classes = indexesOfKind(props.objects, "PriorityClass").map((i) => String((props.objects[i].metadata as { name?: string })?.name ?? ""));
  const add = (kind: WorkloadKind) => props.onChange([...props.objects, newWorkload(kind, uniqueName(props.objects, kind, BASE_NAME[kind]))]);
  return (
    <section className="editor-section" aria-labelledby="workloads-title">
      <header className="panel-head">
        <h3 id="workloads-title">Workloads ({docs.length})</h3>
        {!props.readOnly && (
          <span className="button-row">
            {WORKLOAD_KINDS.map((k) => (
              <button key={k} type="button" onClick={() => add(k)}>
                Add {k}
              </button>
            ))}
          </span>
        )}
      </header>
      <p className="muted">Controllers create, and re-create, these workloads' pods during a run — what happens to a preemption victim in a real cluster.</p>
      <div className="object-grid">
        {docs.map((doc) => (
          <WorkloadForm key={doc} {...props} doc={doc} classes={classes} />
        ))}
      </div>
    </section>
  );
}
