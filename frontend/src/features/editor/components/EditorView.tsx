// The scenario editor's page, drawn from what the container (ScenarioEditor.tsx) holds: no
// fetching, no API calls here — every action is a callback.
import { useId, useState } from "react";
import { Trans, useTranslation } from "react-i18next";
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

const VISIBILITY = ["private", "unlisted", "public"] as const;

export type EditorTab = "forms" | "yaml" | "import";
const TABS: readonly EditorTab[] = ["forms", "yaml", "import"];

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
  const { t } = useTranslation();
  const setTab = props.onTab;
  const [startPaused, setStartPaused] = useState(false);
  const tabsId = useId();
  const startARun = () => props.startARun(startPaused);
  const notes = saved?.ignored?.length ? notesToShow(saved.ignored, saved.objects ?? draft.objects) : [];
  // Where (object and field names, verbatim) and what (the server's message, in English).
  const allErrors: { where: string; message: string }[] = [
    ...Object.entries(errors.fields).map(([f, m]) => ({ where: f, message: m })),
    ...Object.entries(errors.byObject).flatMap(([doc, errs]) =>
      Object.entries(errs).map(([p, m]) => ({ where: `${nameOf(draft.objects[Number(doc)] ?? {}) || t("editor.object", { n: doc })} ${p}`, message: m })),
    ),
    ...errors.other.map((m) => ({ where: "", message: m })),
  ];
  const visibility = VISIBILITY.map((v) => ({ value: v, label: t(`editor.visibility.${v}`) }));
  const tabs = (readOnly ? TABS.filter((v) => v !== "import") : TABS).map((v) => ({ value: v, label: v === "yaml" ? "YAML" : t(`editor.tabs.${v}`) }));
  const objProps = { objects: draft.objects, onChange: setObjects, errors: errors.byObject, readOnly };

  return (
    <div className="editor">
      <header className="editor__head">
        <h1>{readOnly ? draft.title : saved ? t("editor.editTitle", { title: draft.title }) : t("editor.newScenario")}</h1>
        {saved?.forkedFrom && (
          <p className="muted">
            <Trans i18nKey="editor.forkedFrom" values={{ slug: saved.forkedFrom }} components={{ scenario: <Link href={`/s/${saved.forkedFrom}`} translate="no" /> }} />
          </p>
        )}
        <div className="toolbar" role="toolbar" aria-label={t("editor.actions")}>
          {!readOnly && (
            <button type="button" className="button--primary" onClick={save} disabled={busy}>
              {saved ? t("editor.save") : t("editor.create")}
            </button>
          )}
          {saved && (
            <button type="button" className="button--primary" onClick={startARun} disabled={busy || dirty} title={dirty ? t("editor.saveFirst") : undefined}>
              {t("editor.run")}
            </button>
          )}
          {saved && (
            <label className="toolbar__check">
              <input type="checkbox" checked={startPaused} onChange={(e) => setStartPaused(e.target.checked)} /> {t("editor.startPaused")}
            </label>
          )}
          {saved && (
            <button type="button" onClick={fork} disabled={busy}>
              {readOnly ? t("editor.forkToEdit") : t("editor.fork")}
            </button>
          )}
          {saved && (
            <button type="button" onClick={share}>
              {t("editor.copyShareLink")}
            </button>
          )}
          {saved && !dirty ? (
            <a className="button" href={exportUrl(saved.slug)} download>
              {t("editor.exportYaml")}
            </a>
          ) : (
            <button type="button" onClick={downloadDraft}>
              {t("editor.exportYaml")}
            </button>
          )}
          {saved?.canEdit && !forcedReadOnly && (
            <button type="button" className="button--danger" onClick={remove} disabled={busy}>
              {t("editor.delete")}
            </button>
          )}
          {forcedReadOnly && saved?.canEdit && (
            <Link href={`/scenarios/${saved.slug}`} className="button">
              {t("editor.edit")}
            </Link>
          )}
          {dirty && !readOnly && <span className="muted">{t("editor.unsaved")}</span>}
        </div>
        {message?.kind === "error" && <StartError text={message.text} runLimit={!!message.runLimit} />}
        {message?.kind === "info" && (
          <p role="status" className="banner">
            {message.text}
          </p>
        )}
        {allErrors.length > 1 && (
          <ul className="error-list" aria-label={t("editor.problems")}>
            {allErrors.map((e) => (
              <li key={`${e.where}: ${e.message}`}>
                {e.where && <span translate="no">{e.where}: </span>}
                <span lang="en">{e.message}</span>
              </li>
            ))}
          </ul>
        )}
        {notes.length > 0 && (
          <details className="ignored">
            <summary>{t("editor.ignored", { count: notes.length })}</summary>
            <ul lang="en">
              {notes.map((n) => (
                <li key={n}>{n}</li>
              ))}
            </ul>
          </details>
        )}
      </header>

      {saved && <RunsList slug={saved.slug} />}

      <div className="meta-grid">
        <TextField label={t("editor.title")} value={draft.title} onChange={(v) => update({ title: v })} error={errors.fields.title} readOnly={readOnly} />
        <TextField label={t("editor.description")} value={draft.description} onChange={(v) => update({ description: v })} error={errors.fields.description} readOnly={readOnly} />
        <SelectField label={t("editor.visibilityLabel")} value={draft.visibility} options={visibility} onChange={(v) => update({ visibility: v as Visibility })} error={errors.fields.visibility} readOnly={readOnly} />
      </div>

      <Tabs label={t("editor.view")} idBase={tabsId} tabs={tabs} selected={tab} onSelect={setTab} />
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
