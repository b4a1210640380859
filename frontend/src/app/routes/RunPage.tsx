import { useQuery } from "@tanstack/react-query";
import { useCallback, useEffect, useMemo, useState, useSyncExternalStore, type ReactNode } from "react";
import { Trans, useTranslation } from "react-i18next";
import { getRun } from "@/lib/runsApi";
import { RunStore } from "@/lib/runStore";
import { navigate, Link, useLocation } from "@/lib/router";
import { LessonPanel } from "@/features/lessons/LessonPanel";
import { sendCommand, type RunCommand } from "@/features/controls/api";
import type { RunState } from "@/protocol/state";
import { ClusterMap } from "@/features/cluster/ClusterMap";
import { QueueLanes } from "@/features/queue/QueueLanes";
import { DecisionPanel } from "@/features/trace/DecisionPanel";
import { InspectPanel } from "@/features/inspect/InspectPanel";
import { EventLog } from "@/features/trace/EventLog";
import { MetricsPanel } from "@/features/trace/MetricsPanel";
import { RunControls } from "@/features/controls/RunControls";
import { describeStatus, socketWord } from "@/features/controls/runStatus";
import { Timeline } from "@/features/controls/Timeline";
import { AddPodForm } from "@/features/controls/AddPodForm";
import { ClusterActions } from "@/features/controls/ClusterActions";
import { useVirtualNow } from "@/lib/useVirtualNow";
import { shortcutFor } from "@/lib/shortcuts";
import { ShortcutsHelp } from "@/components/ShortcutsHelp";
import { Alert } from "@/components/Alert";
import { KubeconfigButton } from "@/features/kubectl/KubeconfigButton";
import { queryKeys } from "@/api/queryKeys";
import { getScenario } from "@/features/editor/api";

function highlightsFor(state: RunState, selectedPod: string | null): Record<string, "chosen" | "candidate" | "rejected"> {
  const cycles = selectedPod ? state.podCycles.get(selectedPod) : undefined;
  const no = cycles?.length ? cycles[cycles.length - 1] : selectedPod ? null : state.currentCycle;
  const rec = no != null ? state.cycles.get(String(no)) : undefined;
  const out: Record<string, "chosen" | "candidate" | "rejected"> = {};
  if (!rec) return out;
  for (const n of Object.keys(rec.filtered?.statuses ?? {})) out[n] = "rejected";
  for (const c of rec.preemption?.candidates ?? []) out[c.node] = "candidate";
  const chosen = rec.preemption?.chosen ?? rec.finished?.node ?? rec.scored?.chosen;
  if (chosen) out[chosen] = "chosen";
  return out;
}

interface RunPageProps {
  runId: number;
  /** A workshop's page passes its own store (to follow or publish the view) and lesson. */
  store?: RunStore;
  lesson?: string | null;
  /** Workshops ask the lesson's questions to the class instead of the lesson panel. */
  lessonQuestions?: boolean;
  /** A workshop follower: the lesson panel shows this step (the instructor's) instead of its own. */
  lessonStep?: number | null;
  /** Shown at the top of the side panel (a workshop's class predictions). */
  children?: ReactNode;
  /** Where a restart leads (default: the new run's page); a workshop keeps its class on it. */
  onRestarted?(newRunId: number): void;
}

export function RunPage({ runId, store: given, lesson: lessonProp, lessonQuestions = true, lessonStep, children, onRestarted }: RunPageProps) {
  const { t } = useTranslation();
  const store = useMemo(() => given ?? new RunStore(runId), [given, runId]);
  const snap = useSyncExternalStore(store.subscribe, store.getSnapshot);
  const [selectedPod, setSelectedPod] = useState<string | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const lessonParam = new URLSearchParams(useLocation().search).get("lesson");
  const seek = useCallback((s: number | null) => store.seek(s), [store]);
  // A workshop follower's screen is the map and the lesson: the run's controls are its owner's.
  const following = lessonStep !== undefined;
  const send = useCallback(
    (command: Record<string, unknown>) => {
      sendCommand(runId, command as RunCommand).catch((e: Error) => setLoadError(e.message));
    },
    [runId],
  );
  // The lesson panel shows its own commands' refusals, next to its buttons.
  const sendFromLesson = useCallback((command: Record<string, unknown>) => sendCommand(runId, command as RunCommand), [runId]);

  useEffect(() => {
    let alive = true;
    getRun(runId).then(
      (run) => alive && store.setRun(run),
      (e: Error) => alive && setLoadError(e.message),
    );
    store.connect();
    return () => {
      alive = false;
      store.disconnect();
    };
  }, [store, runId]);

  const scenarioSlug = snap.run?.scenario;
  const title = useQuery({
    queryKey: queryKeys.scenario(scenarioSlug ?? ""),
    queryFn: () => getScenario(scenarioSlug as string),
    enabled: !!scenarioSlug,
  }).data?.title ?? null;
  const state = snap.view;
  const run = snap.run;
  const lesson = lessonProp === undefined ? run?.lesson ?? lessonParam : lessonProp;
  // Live: the server's clock anchor; a held view (rewound, or at a lesson step) shows its own time.
  const now = useVirtualNow(snap.viewSeq === null ? snap.anchor : null, state.time);
  const liveNow = useVirtualNow(snap.anchor, snap.live.time);
  const cordoned = useMemo(() => new Set(state.nodes.values().filter((n) => n.unschedulable).map((n) => n.name)), [state.nodes]);
  const highlights = useMemo(() => highlightsFor(state, selectedPod), [state, selectedPod]);
  // Stable, so memoised node cards do not re-render because of it.
  const select = useCallback((key: string) => setSelectedPod((cur) => (cur === key ? null : key)), []);

  const markers = store.markers;
  const [help, setHelp] = useState(false);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const action = shortcutFor(e.key, e.target as HTMLElement | null, e);
      if (!action) return;
      e.preventDefault();
      const at = store.getSnapshot();
      const seq = at.viewSeq ?? at.lastSeq;
      if (action === "help") setHelp((h) => !h);
      else if (action === "back") store.seek(Math.max(1, seq - 1));
      else if (action === "step" && at.viewSeq !== null) store.seek(seq + 1 >= at.lastSeq ? null : seq + 1);
      else if (at.run?.canControl && action === "step") send({ type: "step" });
      else if (at.run?.canControl && action === "toggle") send({ type: at.run.status === "running" || at.run.status === "queued" ? "pause" : "resume" });
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [store, send]);

  return (
    <main className={following ? "run-page run-page--following" : "run-page"}>
      {help && <ShortcutsHelp onClose={() => setHelp(false)} />}
      <header className="run-head">
        <h1>
          {run ? (
            // The scenario's title is its author's words, not the page's: never machine-translated.
            <Trans
              i18nKey="run.page.titleOf"
              values={{ id: runId, title: title ?? t("run.page.scenarioFallback", { slug: run.scenario }) }}
              components={{ scenario: <Link href={`/s/${run.scenario}`} translate="no" /> }}
            />
          ) : (
            t("run.page.title", { id: runId })
          )}
        </h1>
        <p className="run-status" aria-live="polite">
          {t("run.page.status")} <strong>{describeStatus(run)}</strong>
          {/* A held view (rewound, or a lesson's step) is an earlier moment than the run's status. */}
          {snap.viewSeq !== null && t("run.page.held", { seq: snap.viewSeq, last: snap.lastSeq })}
          {" · "}
          <Trans
            i18nKey="run.page.clock"
            values={{ socket: socketWord(snap.socket), cycle: state.cycle, time: now.toFixed(1) }}
            components={{ time: <span data-testid="virtual-time" /> }}
          />
        </p>
        {run?.restartedAs && (
          <button type="button" onClick={() => navigate(`/runs/${run.restartedAs}`)}>
            {t("run.page.followRestarted", { id: run.restartedAs })}
          </button>
        )}
        {loadError && <Alert text={loadError} />}
        {snap.lastError && <Alert text={snap.lastError} />}
        {run && !following && <KubeconfigButton runId={runId} canControl={run.canControl} />}
        {run && !following && <RunControls run={run} onRestarted={onRestarted ?? ((id) => navigate(`/runs/${id}${lesson ? `?lesson=${encodeURIComponent(lesson)}` : ""}`))} />}
        <Timeline lastSeq={snap.lastSeq} viewSeq={snap.viewSeq} time={now} onSeek={seek} markers={markers} />
      </header>
      <div className="run-grid">
        <ClusterMap now={now} state={state} selectedPod={selectedPod} onSelectPod={select} highlights={highlights} />
        <aside className="run-side">
          {children}
          {lesson && (
            <LessonPanel
              slug={lesson}
              events={store.allEvents}
              lastSeq={snap.lastSeq}
              seq={state.seq}
              status={run?.status ?? null}
              canControl={!!run?.canControl}
              now={liveNow}
              send={sendFromLesson}
              onSeek={seek}
              showQuestions={lessonQuestions}
              followStep={lessonStep}
            />
          )}
          <QueueLanes now={now} state={state} selectedPod={selectedPod} onSelectPod={select} />
          <DecisionPanel state={state} selectedPod={selectedPod} onSelectPod={select} />
          <InspectPanel state={state} selectedPod={selectedPod} />
          <MetricsPanel runId={runId} seq={state.seq} />
          {run?.canControl && <AddPodForm runId={runId} priorityClasses={state.priorityClasses} />}
          {run?.canControl && <ClusterActions runId={runId} nodes={state.nodeOrder} pods={state.pods} cordoned={cordoned} workloads={state.workloads} waiting={state.waitingPods} />}
        </aside>
      </div>
      <EventLog events={state.k8sEvents} selectedPod={selectedPod} />
    </main>
  );
}
