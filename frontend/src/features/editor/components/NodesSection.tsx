import { useState } from "react";
import { useTranslation } from "react-i18next";
import { TextField, CheckField } from "@/components/Field";
import { copiesOf, indexesOfKind, nameOf, newNode, uniqueName } from "../model/manifest";
import { mapToText, taintsToText, textToMap, textToTaints } from "../model/textFields";
import { AddLike, ObjectCard } from "./ObjectCard";
import { Paged } from "./Paged";
import { useDoc, type ObjectsProps } from "./useObjects";

const CORE = new Set(["cpu", "memory", "pods", "ephemeral-storage"]);

function NodeForm(props: ObjectsProps & { doc: number }) {
  const { t } = useTranslation();
  const { get, set, err, raw } = useDoc(props, props.doc);
  const [count, setCount] = useState("3");
  const name = get("metadata.name");
  const ro = props.readOnly;
  const allocatable = (raw("status.allocatable") ?? {}) as Record<string, unknown>;
  const extended = Object.fromEntries(Object.entries(allocatable).filter(([k]) => !CORE.has(k)));
  const addCopies = () => {
    const n = Math.max(1, Math.min(1000, Number(count) || 1));
    const taken = new Set(props.objects.filter((o) => o.kind === "Node").map(nameOf));
    const copies = copiesOf(props.objects[props.doc], n, taken).map((c) => {
      const labels = (c.metadata as { labels?: Record<string, string> }).labels;
      if (labels?.["kubernetes.io/hostname"]) labels["kubernetes.io/hostname"] = nameOf(c);
      return c;
    });
    const at = props.doc + 1;
    props.onChange([...props.objects.slice(0, at), ...copies, ...props.objects.slice(at)]);
  };
  return (
    <ObjectCard
      kind="Node"
      title={name}
      readOnly={ro}
      onRemove={() => props.onChange(props.objects.filter((_, i) => i !== props.doc))}
      actions={
        <span className="copies">
          <label htmlFor={`copies-${props.doc}`}>{t("editor.nodes.copies")}</label>
          <input id={`copies-${props.doc}`} type="number" min={1} max={1000} value={count} onChange={(e) => setCount(e.target.value)} />
          <button type="button" onClick={addCopies}>
            <AddLike count={count} name={name} />
          </button>
        </span>
      }
    >
      <TextField label={t("editor.nodes.name")} value={name} onChange={(v) => set("metadata.name", v)} error={err("metadata.name")} readOnly={ro} />
      <TextField label="CPU" hint={t("editor.nodes.cpuHint")} value={get("status.allocatable.cpu")} onChange={(v) => set("status.allocatable.cpu", v)} error={err("status.allocatable.cpu")} readOnly={ro} />
      <TextField label={t("editor.memory")} hint={t("editor.nodes.memoryHint")} value={get("status.allocatable.memory")} onChange={(v) => set("status.allocatable.memory", v)} error={err("status.allocatable.memory")} readOnly={ro} />
      <TextField label={t("editor.nodes.maxPods")} value={get("status.allocatable.pods")} onChange={(v) => set("status.allocatable.pods", v)} error={err("status.allocatable.pods")} readOnly={ro} />
      <TextField
        label={t("editor.nodes.extended")}
        hint={t("editor.nodes.extendedHint")}
        value={mapToText(extended)}
        onChange={(v) => {
          const next: Record<string, unknown> = {};
          for (const [k, val] of Object.entries(allocatable)) if (CORE.has(k)) next[k] = val;
          set("status.allocatable", { ...next, ...textToMap(v) });
        }}
        readOnly={ro}
      />
      <TextField label={t("editor.labels")} hint={t("editor.labelsHint")} value={mapToText(raw("metadata.labels"))} onChange={(v) => set("metadata.labels", textToMap(v))} error={err("metadata.labels")} readOnly={ro} />
      <TextField label={t("editor.nodes.taints")} hint="key=value:NoSchedule, …" value={taintsToText(raw("spec.taints"))} onChange={(v) => set("spec.taints", textToTaints(v))} error={err("spec.taints")} readOnly={ro} />
      <CheckField label={t("editor.nodes.cordoned")} checked={raw("spec.unschedulable") === true} onChange={(c) => set("spec.unschedulable", c || undefined)} readOnly={ro} />
    </ObjectCard>
  );
}

export function NodesSection(props: ObjectsProps) {
  const { t } = useTranslation();
  const docs = indexesOfKind(props.objects, "Node");
  return (
    <section className="editor-section" aria-labelledby="nodes-title">
      <header className="panel-head">
        <h3 id="nodes-title">{t("editor.nodes.title", { n: docs.length })}</h3>
        {!props.readOnly && (
          <button type="button" onClick={() => props.onChange([...props.objects, newNode(uniqueName(props.objects, "Node", "node"))])}>
            {t("editor.nodes.add")}
          </button>
        )}
      </header>
      <Paged kind="node" docs={docs} objects={props.objects} errorDocs={new Set(Object.keys(props.errors).map(Number))} render={(doc) => <NodeForm key={doc} {...props} doc={doc} />} />
    </section>
  );
}
