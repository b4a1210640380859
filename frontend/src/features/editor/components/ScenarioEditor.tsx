import { useCallback, useEffect, useState } from "react";
import { ApiError } from "@/lib/api";
import { navigate, Link } from "@/lib/router";
import { TextField, SelectField } from "@/components/Field";
import { startRun } from "@/lib/runsApi";
import { createScenario, deleteScenario, exportUrl, forkScenario, getScenario, importYaml, updateScenario, type Scenario, type ScenarioSettings, type Visibility } from "../api";
import { mapErrors, type MappedErrors } from "../model/errors";
import { nameOf, newNode, newPod, newPriorityClass, setIn, type Manifest } from "../model/manifest";
import { objectsToYaml, yamlToObjects } from "../model/yamlSync";
import { notesToShow } from "../model/ignored";
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

interface Draft {
  title: string;
  description: string;
  visibility: Visibility;
  objects: Manifest[];
  settings: ScenarioSettings;
}

// A message that survives the navigation from /scenarios/new to /scenarios/<slug>.
let flash: string | null = null;

const NO_ERRORS: MappedErrors = { byObject: {}, fields: {}, other: [] };

function starterDraft(): Draft {
  const n1 = newNode("node-1");
  return {
    title: "My cluster",
    description: "",
    visibility: "unlisted",
    objects: [n1, newPriorityClass("low", 100), newPriorityClass("high", 1000), setIn(newPod("web"), "spec.priorityClassName", "low")],
    settings: { seed: 1 },
  };
}

const VISIBILITY = [
  { value: "private", label: "private (only me)" },
  { value: "unlisted", label: "unlisted (anyone with the link)" },
  { value: "public", label: "public (listed in the gallery)" },
];

export function ScenarioEditor({ slug, readOnly: forcedReadOnly }: { slug: string | null; readOnly: boolean }) {
  const [saved, setSaved] = useState<Scenario | null>(null);
  const [draft, setDraft] = useState<Draft | null>(slug ? null : starterDraft());
  const [tab, setTab] = useState<"forms" | "yaml" | "import">("forms");
  const [errors, setErrors] = useState<MappedErrors>(NO_ERRORS);
  const [message, setMessage] = useState<{ kind: "error" | "info"; text: string } | null>(() => {
    const text = flash;
    flash = null;
    return text ? { kind: "info", text } : null;
  });
  const [busy, setBusy] = useState(false);
  const [dirty, setDirty] = useState(!slug);
  const [startPaused, setStartPaused] = useState(false);

  useEffect(() => {
    if (!slug) return;
    getScenario(slug).then(
      (s) => {
        setSaved(s);
        setDraft({ title: s.title, description: s.description, visibility: s.visibility, objects: s.objects, settings: s.settings ?? {} });
        setDirty(false);
      },
      (e: Error) => setMessage({ kind: "error", text: e.message }),
    );
  }, [slug]);

  const readOnly = forcedReadOnly || (saved !== null && !saved.canEdit);
  const update = useCallback((patch: Partial<Draft>) => {
    setDraft((d) => (d ? { ...d, ...patch } : d));
    setDirty(true);
  }, []);
  const setObjects = useCallback((objects: Manifest[]) => update({ objects }), [update]);

  const fail = (e: unknown, objects: Manifest[]) => {
    if (e instanceof ApiError) {
      setErrors(mapErrors(e.errors, objects));
      setMessage({ kind: "error", text: e.message });
    } else setMessage({ kind: "error", text: String(e) });
  };

  const run = async <T,>(fn: () => Promise<T>, objects: Manifest[]): Promise<T | null> => {
    setBusy(true);
    setMessage(null);
    try {
      const r = await fn();
      setErrors(NO_ERRORS);
      return r;
    } catch (e) {
      fail(e, objects);
      return null;
    } finally {
      setBusy(false);
    }
  };

  if (!draft) return message ? <p role="alert">{message.text}</p> : <p>Loading scenario…</p>;

  const save = async () => {
    const s = await run(() => (saved ? updateScenario(saved.slug, saved.version, draft) : createScenario(draft)), draft.objects);
    if (!s) return;
    setSaved(s);
    setDirty(false);
    setMessage({ kind: "info", text: `Saved (version ${s.version}).` });
    if (!saved) {
      flash = `Created (version ${s.version}).`;
      navigate(`/scenarios/${s.slug}`, { replace: true });
    }
  };
  const importNew = async (yaml: string) => {
    const parsed = yamlToObjects(yaml);
    const objects = parsed.ok ? parsed.objects : draft.objects;
    const s = await run(() => importYaml(yaml, { title: draft.title || "Imported scenario", visibility: draft.visibility, settings: draft.settings }), objects);
    if (s) {
      flash = `Imported ${s.objects.length} objects.`;
      navigate(`/scenarios/${s.slug}`);
      return;
    }
    // Show the rejected objects in the forms so each error sits at its field.
    if (parsed.ok) {
      setDraft({ ...draft, objects });
      setDirty(true);
      setTab("forms");
    }
  };
  const fork = async () => {
    if (!saved) return;
    const s = await run(() => forkScenario(saved.slug), draft.objects);
    if (s) {
      flash = `Forked into your own copy: edit away.`;
      navigate(`/scenarios/${s.slug}`);
    }
  };
  const remove = async () => {
    if (!saved || !confirm(`Delete "${saved.title}"? This cannot be undone.`)) return;
    const ok = await run(() => deleteScenario(saved.slug).then(() => true), draft.objects);
    if (ok) navigate("/");
  };
  const share = async () => {
    if (!saved) return;
    const url = `${location.origin}/s/${saved.slug}`;
    try {
      await navigator.clipboard.writeText(url);
      setMessage({ kind: "info", text: `Link copied: ${url}` });
    } catch {
      setMessage({ kind: "info", text: `Share this link: ${url}` });
    }
  };
  const startARun = async () => {
    if (!saved) return;
    const r = await run(() => startRun(saved.slug, { seed: draft.settings.seed, speed: draft.settings.speed, paused: startPaused }), draft.objects);
    if (r) navigate(`/runs/${r.id}`);
  };
  const downloadDraft = () => {
    const blob = new Blob([objectsToYaml(draft.objects)], { type: "application/yaml" });
    const a = document.createElement("a");
    a.href = URL.createObjectURL(blob);
    a.download = `${(draft.title || "scenario").replace(/\W+/g, "-")}.yaml`;
    a.click();
  };

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
        {message && (
          <p role={message.kind === "error" ? "alert" : "status"} className={message.kind === "error" ? "banner banner--error" : "banner"}>
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

      <div role="tablist" aria-label="Editor view" className="tabs">
        <button role="tab" type="button" aria-selected={tab === "forms"} onClick={() => setTab("forms")}>
          Forms
        </button>
        <button role="tab" type="button" aria-selected={tab === "yaml"} onClick={() => setTab("yaml")}>
          YAML
        </button>
        {!readOnly && (
          <button role="tab" type="button" aria-selected={tab === "import"} onClick={() => setTab("import")}>
            Import
          </button>
        )}
      </div>
      {tab === "forms" && (
        <div role="tabpanel" aria-label="Forms">
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
        <div role="tabpanel" aria-label="YAML">
          <YamlTab objects={draft.objects} onChange={setObjects} readOnly={readOnly} />
        </div>
      )}
      {tab === "import" && (
        <div role="tabpanel" aria-label="Import">
          <ImportPanel onImport={importNew} busy={busy} />
        </div>
      )}
    </div>
  );
}
