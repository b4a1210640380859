// The scenario editor's container: the saved scenario (TanStack Query), the local draft, and the
// API actions. It draws nothing itself: EditorView.tsx does.
import { useCallback, useState } from "react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { ApiError } from "@/lib/api";
import { navigate, takeState } from "@/lib/router";
import { isRunLimit, startRun } from "@/lib/runsApi";
import { createScenario, deleteScenario, forkScenario, getScenario, importYaml, updateScenario, type Scenario } from "../api";
import { mapErrors, type MappedErrors } from "../model/errors";
import type { Manifest } from "../model/manifest";
import { objectsToYaml, yamlToObjects } from "../model/yamlSync";
import { draftOf, starterDraft, type Draft } from "../model/draft";
import { EditorView, type EditorTab } from "./EditorView";
import { queryKeys } from "@/api/queryKeys";

const NO_ERRORS: MappedErrors = { byObject: {}, fields: {}, other: [] };
type Message = { kind: "error" | "info"; text: string; runLimit?: boolean } | null;

/** Go to a scenario's page with a message for it ("Created (version 1).") in the history entry. */
function goTo(slug: string, flash: string, replace = false) {
  navigate(`/scenarios/${slug}`, { replace, state: { flash } });
}

export function ScenarioEditor({ slug, readOnly: forcedReadOnly }: { slug: string | null; readOnly: boolean }) {
  const { t } = useTranslation();
  const queries = useQueryClient();
  const scenario = useQuery({ queryKey: queryKeys.scenario(slug ?? ""), queryFn: () => getScenario(slug as string), enabled: !!slug });
  const saved: Scenario | null = scenario.data ?? null;
  const [edits, setEdits] = useState<Draft | null>(slug ? null : starterDraft());
  const draft = edits ?? (saved ? draftOf(saved) : null);
  const [tab, setTab] = useState<EditorTab>("forms");
  const [errors, setErrors] = useState<MappedErrors>(NO_ERRORS);
  const [message, setMessage] = useState<Message>(() => {
    const flash = takeState("flash");
    return typeof flash === "string" ? { kind: "info", text: flash } : null;
  });
  const [busy, setBusy] = useState(false);
  const [dirty, setDirty] = useState(!slug);

  const readOnly = forcedReadOnly || (saved !== null && !saved.canEdit);
  const update = useCallback(
    (patch: Partial<Draft>) => {
      setEdits((d) => {
        const base = d ?? (saved ? draftOf(saved) : starterDraft());
        return { ...base, ...patch };
      });
      setDirty(true);
    },
    [saved],
  );
  const setObjects = useCallback((objects: Manifest[]) => update({ objects }), [update]);

  if (!draft) {
    const failed = scenario.error?.message ?? message?.text;
    return failed ? (
      <p role="alert" lang="en">
        {failed}
      </p>
    ) : (
      <p>{t("editor.loading")}</p>
    );
  }

  /** One API action: busy while it runs; its field errors are mapped onto the objects shown. */
  /** `objects`: where the API's errors sit (`byObject`); a function is called only on an error. */
  const act = async <T,>(fn: () => Promise<T>, objects: Manifest[] | (() => Manifest[])): Promise<T | null> => {
    setBusy(true);
    setMessage(null);
    try {
      const r = await fn();
      setErrors(NO_ERRORS);
      return r;
    } catch (e) {
      if (e instanceof ApiError) {
        setErrors(mapErrors(e.errors, typeof objects === "function" ? objects() : objects));
        setMessage({ kind: "error", text: e.message, runLimit: isRunLimit(e) });
      } else setMessage({ kind: "error", text: String(e) });
      return null;
    } finally {
      setBusy(false);
    }
  };

  const save = async () => {
    const s = await act(() => (saved ? updateScenario(saved.slug, saved.version, draft) : createScenario(draft)), draft.objects);
    if (!s) return;
    queries.setQueryData(queryKeys.scenario(s.slug), s);
    setDirty(false);
    setMessage({ kind: "info", text: t("editor.saved", { version: s.version }) });
    if (!saved) goTo(s.slug, t("editor.created", { version: s.version }), true);
  };
  const importNew = async (yaml: string) => {
    // Parsed here only when the server refuses it (2 MB of YAML is a second of parsing in a
    // browser): the rejected objects then go into the forms, each error at its field.
    let parsed: ReturnType<typeof yamlToObjects> | null = null;
    const parse = () => (parsed ??= yamlToObjects(yaml));
    const objectsOf = () => {
      const p = parse();
      return p.ok ? p.objects : draft.objects;
    };
    const s = await act(() => importYaml(yaml, { title: draft.title || t("editor.importedTitle"), visibility: draft.visibility, settings: draft.settings }), objectsOf);
    if (s) {
      queries.setQueryData(queryKeys.scenario(s.slug), s); // the answer is the scenario: no second fetch
      goTo(s.slug, t("editor.imported", { count: s.objects.length }));
      return;
    }
    const rejected = parse();
    if (rejected.ok) {
      setEdits({ ...draft, objects: rejected.objects });
      setDirty(true);
      setTab("forms");
    }
  };
  const fork = async () => {
    if (!saved) return;
    const s = await act(() => forkScenario(saved.slug), draft.objects);
    if (!s) return;
    queries.setQueryData(queryKeys.scenario(s.slug), s);
    goTo(s.slug, t("editor.forked"));
  };
  const remove = async () => {
    if (!saved || !confirm(t("editor.confirmDelete", { title: saved.title }))) return;
    const ok = await act(() => deleteScenario(saved.slug).then(() => true), draft.objects);
    if (ok) {
      queries.removeQueries({ queryKey: queryKeys.scenario(saved.slug) });
      navigate("/");
    }
  };
  const share = async () => {
    if (!saved) return;
    const url = `${location.origin}/s/${saved.slug}`;
    try {
      await navigator.clipboard.writeText(url);
      setMessage({ kind: "info", text: t("editor.linkCopied", { url }) });
    } catch {
      setMessage({ kind: "info", text: t("editor.shareLink", { url }) });
    }
  };
  const startARun = async (paused: boolean) => {
    if (!saved) return;
    const r = await act(() => startRun(saved.slug, { seed: draft.settings.seed, speed: draft.settings.speed, paused }), draft.objects);
    if (r) navigate(`/runs/${r.id}`);
  };
  const downloadDraft = () => {
    const blob = new Blob([objectsToYaml(draft.objects)], { type: "application/yaml" });
    const a = document.createElement("a");
    a.href = URL.createObjectURL(blob);
    a.download = `${(draft.title || "scenario").replace(/\W+/g, "-")}.yaml`;
    a.click();
  };

  return (
    <EditorView
      draft={draft}
      saved={saved}
      readOnly={readOnly}
      forcedReadOnly={forcedReadOnly}
      busy={busy}
      dirty={dirty}
      message={message}
      errors={errors}
      tab={tab}
      onTab={setTab}
      update={update}
      setObjects={setObjects}
      save={save}
      startARun={startARun}
      fork={fork}
      share={share}
      remove={remove}
      downloadDraft={downloadDraft}
      importNew={importNew}
    />
  );
}
