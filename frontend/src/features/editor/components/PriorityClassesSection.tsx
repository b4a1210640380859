import { useTranslation } from "react-i18next";
import { TextField, CheckField, SelectField } from "@/components/Field";
import { getIn, indexesOfKind, newPriorityClass, SYSTEM_PRIORITY_CLASSES, uniqueName } from "../model/manifest";
import { ObjectCard } from "./ObjectCard";
import { numOrText, useDoc, type ObjectsProps } from "./useObjects";
import { TableRegion } from "@/components/TableRegion";
import { formatNumber } from "@/i18n/format";


function PriorityClassForm(props: ObjectsProps & { doc: number }) {
  const { t } = useTranslation();
  const policies = [
    { value: "", label: t("editor.byDefault", { value: "PreemptLowerPriority" }) },
    { value: "PreemptLowerPriority", label: "PreemptLowerPriority", verbatim: true },
    { value: "Never", label: "Never", verbatim: true },
  ];
  const { get, set, err, raw } = useDoc(props, props.doc);
  const ro = props.readOnly;
  const name = get("metadata.name");
  return (
    <ObjectCard kind="PriorityClass" title={name} errors={props.errors[props.doc]} readOnly={ro} onRemove={() => props.onChange(props.objects.filter((_, i) => i !== props.doc))}>
      <TextField label={t("editor.nameOf", { kind: "PriorityClass" })} value={name} onChange={(v) => set("metadata.name", v)} error={err("metadata.name")} readOnly={ro} />
      <TextField label={t("editor.priorityClasses.value")} type="number" value={get("value")} onChange={(v) => set("value", numOrText(v))} error={err("value")} readOnly={ro} />
      <CheckField label="globalDefault" checked={raw("globalDefault") === true} onChange={(c) => set("globalDefault", c || undefined)} error={err("globalDefault")} readOnly={ro} />
      <SelectField label="preemptionPolicy" value={get("preemptionPolicy")} options={policies} onChange={(v) => set("preemptionPolicy", v)} error={err("preemptionPolicy")} readOnly={ro} />
      <TextField label={t("editor.description")} value={get("description")} onChange={(v) => set("description", v)} error={err("description")} readOnly={ro} />
    </ObjectCard>
  );
}

export function PriorityClassesSection(props: ObjectsProps) {
  const { t } = useTranslation();
  const docs = indexesOfKind(props.objects, "PriorityClass").sort(
    (a, b) => Number(getIn(props.objects[b], "value") ?? 0) - Number(getIn(props.objects[a], "value") ?? 0),
  );
  return (
    <section className="editor-section" aria-labelledby="pcs-title">
      <header className="panel-head">
        <h3 id="pcs-title">{t("editor.priorityClasses.title", { n: docs.length })}</h3>
        {!props.readOnly && (
          <button type="button" onClick={() => props.onChange([...props.objects, newPriorityClass(uniqueName(props.objects, "PriorityClass", "priority"), 1000)])}>
            {t("editor.add", { kind: "PriorityClass" })}
          </button>
        )}
      </header>
      <p className="muted">{t("editor.priorityClasses.order")}</p>
      <TableRegion label={t("editor.priorityClasses.system")}>
      <table className="system-classes" aria-label={t("editor.priorityClasses.system")}>
        <tbody>
          {SYSTEM_PRIORITY_CLASSES.map((c) => (
            <tr key={c.name}>
              <th scope="row" translate="no">{c.name}</th>
              <td>{formatNumber(c.value)}</td>
              <td className="muted" translate="no">{c.description}</td>
            </tr>
          ))}
        </tbody>
      </table>
      </TableRegion>
      <div className="object-grid">
        {docs.map((doc) => (
          <PriorityClassForm key={doc} {...props} doc={doc} />
        ))}
      </div>
    </section>
  );
}
