import { useTranslation } from "react-i18next";
import { TextField, SelectField } from "@/components/Field";
import { indexesOfKind, uniqueName, WORKLOAD_KINDS, type WorkloadKind } from "../model/manifest";
import { mapToText, textToMap } from "../model/textFields";
import { describeScale, newWorkload, RUN_SECONDS_ANNOTATION, withPodLabels } from "../model/workload";
import { ObjectCard } from "./ObjectCard";
import { numOrText, useDoc, type ObjectsProps } from "./useObjects";

const BASE_NAME: Record<WorkloadKind, string> = { Deployment: "web", ReplicaSet: "rs", StatefulSet: "db", DaemonSet: "agent", Job: "batch" };
const T = "spec.template.spec";

function WorkloadForm(props: ObjectsProps & { doc: number; classes: string[] }) {
  const { t } = useTranslation();
  const policies = [
    { value: "OrderedReady", label: t("editor.workloads.orderedReady") },
    { value: "Parallel", label: "Parallel", verbatim: true },
  ];
  const { get, set, err, raw, obj } = useDoc(props, props.doc);
  const ro = props.readOnly;
  const kind = String(obj.kind) as WorkloadKind;
  const name = get("metadata.name");
  const classOptions = [{ value: "", label: t("editor.noClass") }, ...props.classes.map((c) => ({ value: c, label: c, verbatim: true }))];
  const onChange = (next: typeof obj) => props.onChange(props.objects.map((o, i) => (i === props.doc ? next : o)));
  return (
    <ObjectCard kind={kind} title={name} readOnly={ro} onRemove={() => props.onChange(props.objects.filter((_, i) => i !== props.doc))}>
      <p className="computed">{describeScale(obj, t)}</p>
      <TextField label={t("editor.nameOf", { kind })} value={name} onChange={(v) => set("metadata.name", v)} error={err("metadata.name")} readOnly={ro} />
      <TextField label={t("editor.namespace")} value={get("metadata.namespace")} onChange={(v) => set("metadata.namespace", v)} error={err("metadata.namespace")} readOnly={ro} />
      {(kind === "Deployment" || kind === "ReplicaSet" || kind === "StatefulSet") && (
        <TextField label={t("editor.workloads.replicas")} type="number" value={get("spec.replicas")} onChange={(v) => set("spec.replicas", numOrText(v))} error={err("spec.replicas")} readOnly={ro} />
      )}
      {kind === "StatefulSet" && (
        <SelectField label="podManagementPolicy" value={get("spec.podManagementPolicy") || "OrderedReady"} options={policies} onChange={(v) => set("spec.podManagementPolicy", v === "OrderedReady" ? undefined : v)} error={err("spec.podManagementPolicy")} readOnly={ro} />
      )}
      {kind === "Job" && (
        <>
          <TextField label={t("editor.workloads.parallelism")} type="number" value={get("spec.parallelism")} onChange={(v) => set("spec.parallelism", numOrText(v))} error={err("spec.parallelism")} readOnly={ro} />
          <TextField label={t("editor.workloads.completions")} type="number" hint={t("editor.workloads.completionsHint")} value={get("spec.completions")} onChange={(v) => set("spec.completions", v.trim() === "" ? undefined : numOrText(v))} error={err("spec.completions")} readOnly={ro} />
          <TextField
            label={t("editor.workloads.runSeconds")}
            type="number"
            value={String(((raw("spec.template.metadata.annotations") as Record<string, string> | undefined) ?? {})[RUN_SECONDS_ANNOTATION] ?? "")}
            onChange={(v) => set("spec.template.metadata.annotations", { ...((raw("spec.template.metadata.annotations") as object) ?? {}), [RUN_SECONDS_ANNOTATION]: v.trim() || undefined })}
            error={err(`spec.template.metadata.annotations[${RUN_SECONDS_ANNOTATION}]`)}
            readOnly={ro}
          />
        </>
      )}
      <TextField
        label={t("editor.workloads.podLabels")}
        hint={kind === "Job" ? "key=value, …" : t("editor.workloads.podLabelsHint")}
        value={mapToText(raw("spec.template.metadata.labels"))}
        onChange={(v) => onChange(withPodLabels(obj, textToMap(v)))}
        error={err("spec.template.metadata.labels") ?? err("spec.selector")}
        readOnly={ro}
      />
      <SelectField label="PriorityClass" value={get(`${T}.priorityClassName`)} options={classOptions} onChange={(v) => set(`${T}.priorityClassName`, v)} error={err(`${T}.priorityClassName`)} readOnly={ro} />
      <TextField label={t("editor.workloads.cpuPerPod")} value={get(`${T}.containers[0].resources.requests.cpu`)} onChange={(v) => set(`${T}.containers[0].resources.requests.cpu`, v)} error={err(`${T}.containers[0].resources.requests.cpu`)} readOnly={ro} />
      <TextField label={t("editor.workloads.memoryPerPod")} value={get(`${T}.containers[0].resources.requests.memory`)} onChange={(v) => set(`${T}.containers[0].resources.requests.memory`, v)} error={err(`${T}.containers[0].resources.requests.memory`)} readOnly={ro} />
    </ObjectCard>
  );
}

/** Deployments, ReplicaSets, StatefulSets, DaemonSets and Jobs: their controllers create the pods in a run. */
export function WorkloadsSection(props: ObjectsProps) {
  const { t } = useTranslation();
  const docs = WORKLOAD_KINDS.flatMap((k) => indexesOfKind(props.objects, k)).sort((a, b) => a - b);
  const classes = indexesOfKind(props.objects, "PriorityClass").map((i) => String((props.objects[i].metadata as { name?: string })?.name ?? ""));
  const add = (kind: WorkloadKind) => props.onChange([...props.objects, newWorkload(kind, uniqueName(props.objects, kind, BASE_NAME[kind]))]);
  return (
    <section className="editor-section" aria-labelledby="workloads-title">
      <header className="panel-head">
        <h3 id="workloads-title">{t("editor.workloads.title", { n: docs.length })}</h3>
        {!props.readOnly && (
          <span className="button-row">
            {WORKLOAD_KINDS.map((k) => (
              <button key={k} type="button" onClick={() => add(k)}>
                {t("editor.add", { kind: k })}
              </button>
            ))}
          </span>
        )}
      </header>
      <p className="muted">{t("editor.workloads.intro")}</p>
      <div className="object-grid">
        {docs.map((doc) => (
          <WorkloadForm key={doc} {...props} doc={doc} classes={classes} />
        ))}
      </div>
    </section>
  );
}
