import { useTranslation } from "react-i18next";
import { TextField, SelectField } from "@/components/Field";
import { indexesOfKind, newPdb, uniqueName } from "../model/manifest";
import { disruptionsAllowed } from "../model/pdb";
import { mapToText, textToMap } from "../model/textFields";
import { ObjectCard } from "./ObjectCard";
import { numOrText, useDoc, type ObjectsProps } from "./useObjects";

const MODES = [
  { value: "minAvailable", label: "minAvailable", verbatim: true },
  { value: "maxUnavailable", label: "maxUnavailable", verbatim: true },
];

function PdbForm(props: ObjectsProps & { doc: number }) {
  const { t } = useTranslation();
  const { get, set, err, raw, obj } = useDoc(props, props.doc);
  const ro = props.readOnly;
  const name = get("metadata.name");
  const mode = raw("spec.maxUnavailable") !== undefined ? "maxUnavailable" : "minAvailable";
  const allowed = disruptionsAllowed(obj, props.objects);
  const switchMode = (m: string) => {
    const v = raw(`spec.${mode}`) ?? 1;
    set("spec", { ...((raw("spec") as object) ?? {}), [mode]: undefined, [m]: v });
  };
  return (
    <ObjectCard kind="PodDisruptionBudget" title={name} readOnly={ro} onRemove={() => props.onChange(props.objects.filter((_, i) => i !== props.doc))}>
      <TextField label={t("editor.nameOf", { kind: "PDB" })} value={name} onChange={(v) => set("metadata.name", v)} error={err("metadata.name")} readOnly={ro} />
      <TextField label={t("editor.namespace")} value={get("metadata.namespace")} onChange={(v) => set("metadata.namespace", v)} error={err("metadata.namespace")} readOnly={ro} />
      <TextField label={t("editor.pdbs.selector")} hint="key=value, …" value={mapToText(raw("spec.selector.matchLabels"))} onChange={(v) => set("spec.selector.matchLabels", textToMap(v))} error={err("spec.selector") ?? err("spec.selector.matchLabels")} readOnly={ro} />
      <SelectField label={t("editor.pdbs.budget")} value={mode} options={MODES} onChange={switchMode} readOnly={ro} />
      <TextField label={mode} hint={t("editor.pdbs.budgetHint")} value={get(`spec.${mode}`)} onChange={(v) => set(`spec.${mode}`, numOrText(v))} error={err(`spec.${mode}`)} readOnly={ro} />
      <p className="computed">
        {t("editor.pdbs.allowed")} <strong>{allowed ?? "?"}</strong>
      </p>
    </ObjectCard>
  );
}

export function PdbsSection(props: ObjectsProps) {
  const { t } = useTranslation();
  const docs = indexesOfKind(props.objects, "PodDisruptionBudget");
  return (
    <section className="editor-section" aria-labelledby="pdbs-title">
      <header className="panel-head">
        <h3 id="pdbs-title">{t("editor.pdbs.title", { n: docs.length })}</h3>
        {!props.readOnly && (
          <button type="button" onClick={() => props.onChange([...props.objects, newPdb(uniqueName(props.objects, "PodDisruptionBudget", "pdb"))])}>
            {t("editor.add", { kind: "PodDisruptionBudget" })}
          </button>
        )}
      </header>
      <div className="object-grid">
        {docs.map((doc) => (
          <PdbForm key={doc} {...props} doc={doc} />
        ))}
      </div>
    </section>
  );
}
