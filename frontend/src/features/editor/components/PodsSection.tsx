import { useState } from "react";
import { Trans, useTranslation } from "react-i18next";
import { TextField, SelectField } from "@/components/Field";
import { copiesOf, FORM_IMAGE, getIn, indexesOfKind, nameOf, newPod, uniqueName, type Manifest } from "../model/manifest";
import { mapToText, requirementsToText, textToMap, textToRequirements, textToTolerations, tolerationsToText } from "../model/textFields";
import { rfc3339ToSeconds, secondsToRfc3339 } from "../model/times";
import { AddLike, ObjectCard } from "./ObjectCard";
import { Paged } from "./Paged";
import { useDoc, type ObjectsProps } from "./useObjects";

type Container = { name?: string; resources?: { requests?: Record<string, string> } };

function ContainersField({ label, path, doc, props }: { label: string; path: "spec.containers" | "spec.initContainers"; doc: number; props: ObjectsProps }) {
  const { t } = useTranslation();
  const { raw, set, err } = useDoc(props, doc);
  const list = (raw(path) as Container[] | undefined) ?? [];
  const ro = props.readOnly;
  const kind = path === "spec.containers" ? "container" : "initContainer";
  return (
    <fieldset className="containers">
      <legend>{label}</legend>
      {list.map((c, i) => {
        const base = `${path}[${i}]`;
        // "(container app)" after a field's label, for screen readers: the container's name verbatim.
        const whoName = c.name ? (
          <>
            {t(`editor.pods.${kind}`)} <span translate="no">{c.name}</span>
          </>
        ) : (
          t(`editor.pods.${kind}N`, { n: i + 1 })
        );
        const who = <>({whoName})</>;
        return (
          <div key={i} className="container-row">
            <TextField label={t(`editor.pods.${kind}Name`, { n: i + 1 })} value={c.name ?? ""} onChange={(v) => set(`${base}.name`, v)} error={err(`${base}.name`)} readOnly={ro} />
            <TextField label={t("editor.pods.cpuRequest")} srSuffix={who} value={c.resources?.requests?.cpu ?? ""} onChange={(v) => set(`${base}.resources.requests.cpu`, v)} error={err(`${base}.resources.requests.cpu`)} readOnly={ro} />
            <TextField label={t("editor.pods.memoryRequest")} srSuffix={who} value={c.resources?.requests?.memory ?? ""} onChange={(v) => set(`${base}.resources.requests.memory`, v)} error={err(`${base}.resources.requests.memory`)} readOnly={ro} />
            {!ro && (
              <button type="button" onClick={() => set(path, list.filter((_, j) => j !== i))}>
                {t("editor.remove")}
                <span className="sr-only"> {whoName}</span>
              </button>
            )}
          </div>
        );
      })}
      {!ro && (
        <button type="button" onClick={() => set(path, [...list, { name: `${path === "spec.containers" ? "c" : "init"}${list.length + 1}`, image: FORM_IMAGE, resources: { requests: { cpu: "100m", memory: "64Mi" } } }])}>
          {t(`editor.pods.add.${kind}`)}
        </button>
      )}
    </fieldset>
  );
}

function PodForm(props: ObjectsProps & { doc: number; classes: string[]; nodes: string[] }) {
  const { t } = useTranslation();
  const { get, set, err, raw } = useDoc(props, props.doc);
  const [replicas, setReplicas] = useState("3");
  const ro = props.readOnly;
  const name = get("metadata.name");
  const start = rfc3339ToSeconds(raw("status.startTime"));
  const preferred = (raw("spec.affinity.nodeAffinity.preferredDuringSchedulingIgnoredDuringExecution") as { weight?: number; preference?: { matchExpressions?: unknown } }[] | undefined)?.[0];
  const addReplicas = () => {
    const n = Math.max(1, Math.min(5000, Number(replicas) || 1));
    const taken = new Set(props.objects.filter((o) => o.kind === "Pod").map(nameOf));
    const copies = copiesOf(props.objects[props.doc], n, taken);
    const at = props.doc + 1;
    props.onChange([...props.objects.slice(0, at), ...copies, ...props.objects.slice(at)]);
  };
  const classOptions = [{ value: "", label: t("editor.noClass") }, ...props.classes.map((c) => ({ value: c, label: c, verbatim: true }))];
  const nodeOptions = [{ value: "", label: t("editor.pods.pending") }, ...props.nodes.map((n) => ({ value: n, label: t("editor.pods.runningOn", { node: n }) }))];
  return (
    <ObjectCard
      kind="Pod"
      title={name}
      readOnly={ro}
      onRemove={() => props.onChange(props.objects.filter((_, i) => i !== props.doc))}
      actions={
        <span className="copies">
          <label htmlFor={`replicas-${props.doc}`}>{t("editor.pods.copies")}</label>
          <input id={`replicas-${props.doc}`} type="number" min={1} max={5000} value={replicas} onChange={(e) => setReplicas(e.target.value)} />
          <button type="button" onClick={addReplicas}>
            <AddLike count={replicas} name={name} />
          </button>
        </span>
      }
    >
      <TextField label={t("editor.nameOf", { kind: "Pod" })} value={name} onChange={(v) => set("metadata.name", v)} error={err("metadata.name")} readOnly={ro} />
      <TextField label={t("editor.namespace")} value={get("metadata.namespace")} onChange={(v) => set("metadata.namespace", v)} error={err("metadata.namespace")} readOnly={ro} />
      <TextField label={t("editor.labels")} hint={t("editor.labelsHint")} value={mapToText(raw("metadata.labels"))} onChange={(v) => set("metadata.labels", textToMap(v))} error={err("metadata.labels")} readOnly={ro} />
      <SelectField label="PriorityClass" value={get("spec.priorityClassName")} options={classOptions} onChange={(v) => set("spec.priorityClassName", v)} error={err("spec.priorityClassName")} readOnly={ro} />
      <ContainersField label={t("editor.pods.containers")} path="spec.containers" doc={props.doc} props={props} />
      <ContainersField label={t("editor.pods.initContainers")} path="spec.initContainers" doc={props.doc} props={props} />
      <TextField label="nodeSelector" hint="key=value, …" value={mapToText(raw("spec.nodeSelector"))} onChange={(v) => set("spec.nodeSelector", textToMap(v))} error={err("spec.nodeSelector")} readOnly={ro} />
      <TextField label={t("editor.pods.tolerations")} hint={t("editor.pods.tolerationsHint")} value={tolerationsToText(raw("spec.tolerations"))} onChange={(v) => set("spec.tolerations", textToTolerations(v))} error={err("spec.tolerations")} readOnly={ro} />
      <TextField
        label={t("editor.pods.requiredAffinity")}
        hint={<Trans i18nKey="editor.pods.requiredAffinityHint" components={{ code: <code /> }} />}
        value={requirementsToText(getIn(raw("spec.affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms") ?? [], "[0].matchExpressions"))}
        onChange={(v) => {
          const reqs = textToRequirements(v);
          set("spec.affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution", reqs.length ? { nodeSelectorTerms: [{ matchExpressions: reqs }] } : undefined);
        }}
        error={err("spec.affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms[0].matchExpressions")}
        readOnly={ro}
      />
      <TextField
        label={t("editor.pods.preferredAffinity")}
        hint={t("editor.pods.preferredAffinityHint")}
        value={preferred ? `${preferred.weight ?? 1}: ${requirementsToText(preferred.preference?.matchExpressions)}` : ""}
        onChange={(v) => {
          const m = /^\s*(\d+)\s*:\s*(.*)$/.exec(v);
          const reqs = textToRequirements(m ? m[2] : v);
          set("spec.affinity.nodeAffinity.preferredDuringSchedulingIgnoredDuringExecution", reqs.length ? [{ weight: m ? Number(m[1]) : 1, preference: { matchExpressions: reqs } }] : undefined);
        }}
        error={err("spec.affinity.nodeAffinity.preferredDuringSchedulingIgnoredDuringExecution[0].weight")}
        readOnly={ro}
      />
      <SelectField label={t("editor.pods.placement")} value={get("spec.nodeName")} options={nodeOptions} onChange={(v) => set("spec.nodeName", v)} error={err("spec.nodeName")} readOnly={ro} />
      {get("spec.nodeName") && (
        <TextField
          label={t("editor.pods.started")}
          type="number"
          hint={t("editor.pods.startedHint")}
          value={start === null ? "" : String(start)}
          onChange={(v) => set("status.startTime", v.trim() === "" || Number.isNaN(Number(v)) ? undefined : secondsToRfc3339(Number(v)))}
          error={err("status.startTime")}
          readOnly={ro}
        />
      )}
    </ObjectCard>
  );
}

export function PodsSection(props: ObjectsProps) {
  const { t } = useTranslation();
  const docs = indexesOfKind(props.objects, "Pod");
  const classes = indexesOfKind(props.objects, "PriorityClass").map((i) => nameOf(props.objects[i]));
  const nodes = indexesOfKind(props.objects, "Node").map((i) => nameOf(props.objects[i]));
  const add = () => props.onChange([...props.objects, newPod(uniqueName(props.objects, "Pod", "pod")) as Manifest]);
  return (
    <section className="editor-section" aria-labelledby="pods-title">
      <header className="panel-head">
        <h3 id="pods-title">{t("editor.pods.title", { n: docs.length })}</h3>
        {!props.readOnly && (
          <button type="button" onClick={add}>
            {t("editor.pods.addPod")}
          </button>
        )}
      </header>
      <Paged kind="pod" docs={docs} objects={props.objects} errorDocs={new Set(Object.keys(props.errors).map(Number))} render={(doc) => <PodForm key={doc} {...props} doc={doc} classes={[...classes, "system-cluster-critical", "system-node-critical"]} nodes={nodes} />} />
    </section>
  );
}
