import { Trans, useTranslation } from "react-i18next";
import { TextField } from "@/components/Field";
import { implicitNamespaces, indexesOfKind, NAMESPACE_NAME_LABEL, newNamespace, uniqueName } from "../model/manifest";
import { mapToText, textToMap } from "../model/textFields";
import { ObjectCard } from "./ObjectCard";
import { useDoc, type ObjectsProps } from "./useObjects";

function NamespaceForm(props: ObjectsProps & { doc: number }) {
  const { t } = useTranslation();
  const { get, set, err, raw } = useDoc(props, props.doc);
  const ro = props.readOnly;
  const name = get("metadata.name");
  const labels = (raw("metadata.labels") ?? {}) as Record<string, string>;
  // The API server overwrites this label with the name, so the form neither shows nor keeps another value.
  const own = Object.fromEntries(Object.entries(labels).filter(([k]) => k !== NAMESPACE_NAME_LABEL));
  return (
    <ObjectCard kind="Namespace" title={name} errors={props.errors[props.doc]} readOnly={ro} onRemove={() => props.onChange(props.objects.filter((_, i) => i !== props.doc))}>
      <TextField label={t("editor.nameOf", { kind: "Namespace" })} value={name} onChange={(v) => set("metadata.name", v)} error={err("metadata.name")} readOnly={ro} />
      <TextField
        label={t("editor.labels")}
        srSuffix={
          <>
            ({t("editor.namespaces.namespace")} <span translate="no">{name}</span>)
          </>
        }
        hint="key=value, …"
        value={mapToText(own)} onChange={(v) => set("metadata.labels", textToMap(v))} error={err("metadata.labels")} readOnly={ro} />
      <p className="computed" aria-label={t("editor.namespaces.automaticLabelOf", { name })}>
        <Trans i18nKey="editor.namespaces.automaticLabel" values={{ label: `${NAMESPACE_NAME_LABEL}=${name || "…"}` }} components={{ code: <code /> }} />
      </p>
    </ObjectCard>
  );
}

export function NamespacesSection(props: ObjectsProps) {
  const { t } = useTranslation();
  const docs = indexesOfKind(props.objects, "Namespace");
  const implicit = implicitNamespaces(props.objects);
  return (
    <section className="editor-section" aria-labelledby="namespaces-title">
      <header className="panel-head">
        <h3 id="namespaces-title">{t("editor.namespaces.title", { n: docs.length })}</h3>
        {!props.readOnly && (
          <button type="button" onClick={() => props.onChange([...props.objects, newNamespace(uniqueName(props.objects, "Namespace", "team"))])}>
            {t("editor.add", { kind: "Namespace" })}
          </button>
        )}
      </header>
      <p className="muted">
        <Trans i18nKey="editor.namespaces.intro" components={{ code: <code /> }} />
        {implicit.length > 0 && (
          <>
            {" "}
            {t("editor.namespaces.implicit")}{" "}
            <span aria-label={t("editor.namespaces.implicitLabel")} translate="no">
              {implicit.join(", ")}
            </span>
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
