// The scenario editor's page, drawn from what the container (ScenarioEditor.tsx) holds: no
// fetching, no API calls here — every action is a callback.
import { useId, useState } from "react";
import { StartError } from "@/features/myruns/StartError";
import { Link } from "@/lib/router";
import { TextField, SelectField } from "@/components/Field";
import { Tabs, tabPanelProps } from "@/components/Tabs";
import { exportUrl, type Scenario, type Visibility } from "../api";
import type { MappedErrors } from "../model/errors";
import { nameOf, type Manifest } from "../model/manifest";
import { notesToShow } from "../model/ignored";
import type { Draft } from "../model/draft";
import { NodesSection } from "./NodesSection";
import { PriorityClassesSection } from "./PriorityClassesSection";
import { PodsSection } from "./PodsSection";
import { PdbsSection } from "./PdbsSection";
import { NamespacesSection } from "./NamespacesSection";
import { WorkloadsSection } from "./WorkloadsSection";
import { SettingsSection } from "./SettingsSection";
import { YamlTab } from "./YamlTab";
import { ImportPanel } from "./ImportPanel";
import { RunsList } from "./RunsList";

const VISIBILITY = [
  { value: "private", label: "private (only me)" },
  { value: "unlisted", label: "unlisted (anyone with the link)" },
  { value: "public", label: "public (listed in the gallery)" },
];

export type EditorTab = "forms" | "yaml" | "import";
const TABS: readonly { value: EditorTab; label: string }[] = [
  { value: "forms", label: "Forms" },
  { value: "yaml", label: "YAML" },
  { value: "import", label: "Import" },
];

export interface EditorViewProps {
  draft: Draft;
  saved: Scenario | null;
  readOnly: boolean;
  forcedReadOnly: boolean;
  busy: boolean;
  dirty: boolean;
  message: { kind: "error" | "info"; text: string; runLimit?: boolean } | null;
  errors: MappedErrors;
  tab: EditorTab;
  onTab(tab: EditorTab): void;
  update(patch: Partial<Draft>): void;
  setObjects(objects: Manifest[]): void;
  save(): void;
  startARun(paused: boolean): void;
  fork(): void;
  share(): void;
  remove(): void;
  downloadDraft(): void;
  importNew(yaml: string): void;
}

export function EditorView(props: EditorViewProps) {
  const { draft, saved, readOnly, forcedReadOnly, busy, dirty, message, errors, tab, update, setObjects } = props;
  const { save, fork, share, remove, downloadDraft, importNew } = props;
  const setTab = props.onTab;
  const [startPaused, setStartPaused] = useState(false);
  const tabsId = useId();
  const startARun = () => props.startARun(startPaused);
  const notes = saved?.ignored?.length ? notesToShow(saved.ignored, saved.objects ?? draft.objects) : [];
  const allErrors = [
    ...Object.entries(errors.fields).map(([f, m]) => `${f}: ${m}`),
    ...Object.entries(errors.byObject).flatMap(([doc, errs]) => Object.entries(errs).map(([p, m]) => `${nameOf(draft.objects[Number(doc)] ?? {}) || `object ${doc}`} ${p}: ${m}`)),
    ...errors.other,
  ];
  const objProps = { objects: draft.objects, onChange: setObjects, errors: errors.byObject, readOnly };

  return (
    <div className="editor">
      <header className="editor__head">
        <h1>{readOnly ? draft.title : saved ? `Edit: ${draft.title}` : "New scenario"}</h1>
        {saved?.forkedFrom && (
          <p className="muted">
            Forked from <Link href={`/s/${saved.forkedFrom}`}>{saved.forkedFrom}</Link>
          </p>
        )}
        <div className="toolbar" role="toolbar" aria-label="Scenario actions">
          {!readOnly && (
            <button type="button" className="button--primary" onClick={save} disabled={busy}>
              {saved ? "Save" : "Create scenario"}
            </button>
          )}
          {saved && (
            <button type="button" className="button--primary" onClick={startARun} disabled={busy || dirty} title={dirty ? "Save first" : undefined}>
              ▶ Run
            </button>
          )}
          {saved && (
            <label className="toolbar__check">
              <input type="checkbox" checked={startPaused} onChange={(e) => setStartPaused(e.target.checked)} /> Start paused
            </label>
          )}
          {saved && (
            <button type="button" onClick={fork} disabled={busy}>
              {readOnly ? "Fork to edit" : "Fork"}
            </button>
          )}
          {saved && (
            <button type="button" onClick={share}>
              Copy share link
            </button>
          )}
          {saved && !dirty ? (
            <a className="button" href={exportUrl(saved.slug)} download>
              Export YAML
            </a>
          ) : (
            <button type="button" onClick={downloadDraft}>
              Export YAML
            </button>
          )}
          {saved?.canEdit && !forcedReadOnly && (
            <button type="button" className="button--danger" onClick={remove} disabled={busy}>
              Delete
            </button>
          )}
          {forcedReadOnly && saved?.canEdit && (
            <Link href={`/scenarios/${saved.slug}`} className="button">
              Edit
            </Link>
          )}
          {dirty && !readOnly && <span className="muted">Unsaved changes</span>}
        </div>
        {message?.kind === "error" && <StartError text={message.text} runLimit={!!message.runLimit} />}
        {message?.kind === "info" && (
          <p role="status" className="banner">
            {message.text}
          </p>
        )}
        {allErrors.length > 1 && (
          <ul className="error-list" aria-label="Problems">
            {allErrors.map((e) => (
              <li key={e}>{e}</li>
            ))}
          </ul>
        )}
        {notes.length > 0 && (
          <details className="ignored">
            <summary>{notes.length} field(s) are accepted but not modelled</summary>
            <ul>
              {notes.map((n) => (
                <li key={n}>{n}</li>
              ))}
            </ul>
          </details>
        )}
      </header>

      {saved && <RunsList slug={saved.slug} />}

      <div className="meta-grid">
        <TextField label="Title" value={draft.title} onChange={(v) => update({ title: v })} error={errors.fields.title} readOnly={readOnly} />
        <TextField label="Description" value={draft.description} onChange={(v) => update({ description: v })} error={errors.fields.description} readOnly={readOnly} />
        <SelectField label="Visibility" value={draft.visibility} options={VISIBILITY} onChange={(v) => update({ visibility: v as Visibility })} error={errors.fields.visibility} readOnly={readOnly} />
      </div>

      <Tabs label="Editor view" idBase={tabsId} tabs={readOnly ? TABS.filter((t) => t.value !== "import") : TABS} selected={tab} onSelect={setTab} />
      {tab === "forms" && (
        <div {...tabPanelProps(tabsId, "forms")}>
          <NodesSection {...objProps} />
          <PriorityClassesSection {...objProps} />
          <NamespacesSection {...objProps} />
          <PodsSection {...objProps} />
          <WorkloadsSection {...objProps} />
          <PdbsSection {...objProps} />
          <SettingsSection settings={draft.settings} onChange={(settings) => update({ settings })} errors={errors.fields} readOnly={readOnly} />
        </div>
      )}
      {tab === "yaml" && (
        <div {...tabPanelProps(tabsId, "yaml")}>
          <YamlTab objects={draft.objects} onChange={setObjects} readOnly={readOnly} />
        </div>
      )}
      {tab === "import" && (
        <div {...tabPanelProps(tabsId, "import")}>
          <ImportPanel onImport={importNew} busy={busy} />
        </div>
      )}
    </div>
  );
}
