import { useState, type ChangeEvent } from "react";
import { useTranslation } from "react-i18next";
import { formatNumber } from "@/i18n/format";

interface Props {
  onImport(yaml: string): void;
  busy: boolean;
}

/** A file above this size is imported as it is, not shown in the text box: a 2 MB textarea is
 * no help to read or edit and costs the page ~0.1 s to lay out and to take down. */
const SHOWN_AT_MOST = 256 * 1024;

/** Paste YAML or pick a file; the parent sends it to POST /api/scenarios/import/. */
export function ImportPanel({ onImport, busy }: Props) {
  const { t } = useTranslation();
  const [text, setText] = useState("");
  const [file, setFile] = useState<{ name: string; size: number; text: string } | null>(null);
  const pick = async (e: ChangeEvent<HTMLInputElement>) => {
    const chosen = e.target.files?.[0];
    if (!chosen) return;
    const content = await chosen.text();
    if (chosen.size > SHOWN_AT_MOST) {
      setFile({ name: chosen.name, size: chosen.size, text: content });
    } else {
      setFile(null);
      setText(content);
    }
  };
  const yaml = file ? file.text : text;
  return (
    <section className="import-panel" aria-labelledby="import-title">
      <h3 id="import-title">{t("editor.import.title")}</h3>
      <div className="field">
        <label htmlFor="import-yaml">{t("editor.import.label")}</label>
        <textarea
          id="import-yaml"
          className="mono"
          rows={10}
          value={text}
          onChange={(e) => {
            setFile(null);
            setText(e.target.value);
          }}
          spellCheck={false}
        />
      </div>
      <div className="field">
        <label htmlFor="import-file">{t("editor.import.file")}</label>
        <input id="import-file" type="file" accept=".yaml,.yml,application/yaml,text/yaml" onChange={pick} />
        {file && (
          <small className="muted">
            {t("editor.import.bigFile", { name: file.name, size: formatNumber(file.size / 1e6, { minimumFractionDigits: 1, maximumFractionDigits: 1 }) })}
          </small>
        )}
      </div>
      <button type="button" disabled={busy || !yaml.trim()} onClick={() => onImport(yaml)}>
        {t("editor.import.submit")}
      </button>
    </section>
  );
}
