import { TextField, SelectField } from "@/components/Field";
import { indexesOfKind, newPdb, uniqueName } from "../model/manifest";
import { disruptionsAllowed } from "../model/pdb";
import { mapToText, textToMap } from "../model/textFields";
import { ObjectCard } from "./ObjectCard";
import { numOrText, useDoc, type ObjectsProps } from "./useObjects";

const MODES = [
  { value: "minAvailable", label: "minAvailable" },
  { value: "maxUnavailable", label: "maxUnavailable" },
];

function PdbForm(props: ObjectsProps & { doc: number }) {
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
      <TextField label="PDB name" value={name} onChange={(v) => set("metadata.name", v)} error={err("metadata.name")} readOnly={ro} />
      <TextField label="Namespace" value={get("metadata.namespace")} onChange={(v) => set("metadata.namespace", v)} error={err("metadata.namespace")} readOnly={ro} />
      <TextField label="Selector (matchLabels)" hint="key=value, …" value={mapToText(raw("spec.selector.matchLabels"))} onChange={(v) => set("spec.selector.matchLabels", textToMap(v))} error={err("spec.selector") ?? err("spec.selector.matchLabels")} readOnly={ro} />
      <SelectField label="Budget" value={mode} options={MODES} onChange={switchMode} readOnly={ro} />
      <TextField label={mode} hint="a number or a percentage" value={get(`spec.${mode}`)} onChange={(v) => set(`spec.${mode}`, numOrText(v))} error={err(`spec.${mode}`)} readOnly={ro} />
      <p className="computed" aria-label={`disruptionsAllowed for ${name}`}>
        disruptionsAllowed at start: <strong>{allowed ?? "?"}</strong>
      </p>
    </ObjectCard>
  );
}

export function PdbsSection(props: ObjectsProps) {
  const docs = indexesOfKind(props.objects, "PodDisruptionBudget");
  return (
    <section className="editor-section" aria-labelledby="pdbs-title">
      <header className="panel-head">
        <h3 id="pdbs-title">PodDisruptionBudgets ({docs.length})</h3>
        {!props.readOnly && (
          <button type="button" onClick={() => props.onChange([...props.objects, newPdb(uniqueName(props.objects, "PodDisruptionBudget", "pdb"))])}>
            Add PodDisruptionBudget
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
