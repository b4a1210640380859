import { TextField } from "@/components/Field";
import { implicitNamespaces, indexesOfKind, NAMESPACE_NAME_LABEL, newNamespace, uniqueName } from "../model/manifest";
import { mapToText, textToMap } from "../model/textFields";
import { ObjectCard } from "./ObjectCard";
import { useDoc, type ObjectsProps } from "./useObjects";

function NamespaceForm(props: ObjectsProps & { doc: number }) {
  const { get, set, err, raw } = useDoc(props, props.doc);
  const ro = props.readOnly;
  const name = get("metadata.name");
  const labels = (raw("metadata.labels") ?? {}) as Record<string, string>;
  // The API server overwrites this label with the name, so the form neither shows nor keeps another value.
  const own = Object.fromEntries(Object.entries(labels).filter(([k]) => k !== NAMESPACE_NAME_LABEL));
  return (
    <ObjectCard kind="Namespace" title={name} errors={props.errors[props.doc]} readOnly={ro} onRemove={() => props.onChange(props.objects.filter((_, i) => i !== props.doc))}>
      <TextField label="Namespace name" value={name} onChange={(v) => set("metadata.name", v)} error={err("metadata.name")} readOnly={ro} />
      <TextField label="Labels" srSuffix={`(namespace ${name})`} hint="key=value, …" value={mapToText(own)} onChange={(v) => set("metadata.labels", textToMap(v))} error={err("metadata.labels")} readOnly={ro} />
      <p className="computed" aria-label={`automatic label of ${name}`}>
        Always labelled <code>{NAMESPACE_NAME_LABEL}={name || "…"}</code> by the API server.
      </p>
    </ObjectCard>
  );
}

export function NamespacesSection(props: ObjectsProps) {
  const docs = indexesOfKind(props.objects, "Namespace");
  const implicit = implicitNamespaces(props.objects);
  return (
    <section className="editor-section" aria-labelledby="namespaces-title">
      <header className="panel-head">
        <h3 id="namespaces-title">Namespaces ({docs.length})</h3>
        {!props.readOnly && (
          <button type="button" onClick={() => props.onChange([...props.objects, newNamespace(uniqueName(props.objects, "Namespace", "team"))])}>
            Add Namespace
          </button>
        )}
      </header>
      <p className="muted">
        Their labels are what a pod affinity term's <code>namespaceSelector</code> matches.
        {implicit.length > 0 && (
          <>
            {" "}Used by pods without a Namespace object (they exist implicitly, labelled only with their name):{" "}
            <span aria-label="implicit namespaces">{implicit.join(", ")}</span>
          </>
        )}
      </p>
      <div className="object-grid">
        {docs.map((doc) => (
          <NamespaceForm key={doc} {...props} doc={doc} />
        ))}
      </div>
    </section>
  );
}
