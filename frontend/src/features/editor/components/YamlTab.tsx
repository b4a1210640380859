import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { Manifest } from "../model/manifest";
import { objectsToYaml, yamlToObjects, type YamlParseError } from "../model/yamlSync";

interface Props {
  objects: Manifest[];
  onChange(objects: Manifest[]): void;
  readOnly: boolean;
}

/** The objects as multi-document YAML; every edit that parses updates the forms. */
export function YamlTab({ objects, onChange, readOnly }: Props) {
  const { t } = useTranslation();
  const [text, setText] = useState(() => objectsToYaml(objects));
  const [error, setError] = useState<YamlParseError | null>(null);
  const edit = (value: string) => {
    setText(value);
    const res = yamlToObjects(value);
    if (res.ok) {
      setError(null);
      onChange(res.objects);
    } else setError(res.error);
  };
  return (
    <div className="yaml-tab">
      <label htmlFor="scenario-yaml">{t("editor.yaml.label")}</label>
      <textarea id="scenario-yaml" className="mono" spellCheck={false} rows={30} value={text} readOnly={readOnly} onChange={(e) => edit(e.target.value)} aria-invalid={error ? true : undefined} aria-describedby={error ? "yaml-error" : undefined} />
      {error && (
        <p id="yaml-error" role="alert" className="field__error">
          {error.line ? t("editor.yaml.errorOnLine", { line: error.line }) : t("editor.yaml.error")} <span lang="en">{error.message}</span>{" "}
          {t("editor.yaml.formsKeep")}
        </p>
      )}
    </div>
  );
}
