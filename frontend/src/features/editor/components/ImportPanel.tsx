import { useState, type ChangeEvent } from "react";

interface Props {
  onImport(yaml: string): void;
  busy: boolean;
}

/** Paste YAML or pick a file; the parent sends it to POST /api/scenarios/import/. */
export function ImportPanel({ onImport, busy }: Props) {
  const [text, setText] = useState("");
  const pick = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    if (file) setText(await file.text());
  };
  return (
    <section className="import-panel" aria-labelledby="import-title">
      <h3 id="import-title">Import YAML</h3>
      <div className="field">
        <label htmlFor="import-yaml">YAML to import (kubectl manifests, separated by ---)</label>
        <textarea id="import-yaml" className="mono" rows={10} value={text} onChange={(e) => setText(e.target.value)} spellCheck={false} />
      </div>
      <div className="field">
        <label htmlFor="import-file">…or choose a YAML file</label>
        <input id="import-file" type="file" accept=".yaml,.yml,application/yaml,text/yaml" onChange={pick} />
      </div>
      <button type="button" disabled={busy || !text.trim()} onClick={() => onImport(text)}>
        Import as new scenario
      </button>
    </section>
  );
}
