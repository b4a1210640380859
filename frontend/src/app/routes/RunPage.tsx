import { useCallback, useEffect, useMemo, useState, useSyncExternalStore } from "react";
import { getJson } from "@/lib/api";
import { RunStore } from "@/lib/runStore";
import type { RunView } from "@/lib/socket";
import { navigate, Link, useLocation } from "@/lib/router";
import { LessonPanel } from "@/features/lessons/LessonPanel";
import { sendCommand, type RunCommand } from "@/features/controls/api";
import type { RunState } from "@/protocol/state";
import { ClusterMap } from "@/features/cluster/ClusterMap";
import { QueueLanes } from "@/features/queue/QueueLanes";
import { DecisionPanel } from "@/features/trace/DecisionPanel";
import { EventLog } from "@/features/trace/EventLog";
import { RunControls } from "@/features/controls/RunControls";
import { Timeline } from "@/features/controls/Timeline";
import { AddPodForm } from "@/features/controls/AddPodForm";
import { ClusterActions } from "@/features/controls/ClusterActions";
import { useVirtualNow } from "@/lib/useVirtualNow";

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

export function RunPage({ runId }: { runId: number }) {
  const store = useMemo(() => new RunStore(runId), [runId]);
  const snap = useSyncExternalStore(store.subscribe, store.getSnapshot);
  const [selectedPod, setSelectedPod] = useState<string | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const lesson = new URLSearchParams(useLocation().search).get("lesson");
  const seek = useCallback((s: number | null) => store.seek(s), [store]);
  const send = useCallback(
    (command: Record<string, unknown>) => {
      sendCommand(runId, command as RunCommand).catch((e: Error) => setLoadError(e.message));
    },
    [runId],
  );

  useEffect(() => {
    let alive = true;
    getJson<RunView>(`/api/runs/${runId}/`).then(
      (run) => alive && store.setRun(run),
      (e: Error) => alive && setLoadError(e.message),
    );
    store.connect();
    return () => {
      alive = false;
      store.disconnect();
    };
  }, [store, runId]);

  const [title, setTitle] = useState<string | null>(null);
  const scenarioSlug = snap.run?.scenario;
  useEffect(() => {
    if (scenarioSlug) getJson<{ title: string }>(`/api/scenarios/${scenarioSlug}/`).then((s) => setTitle(s.title), () => setTitle(null));
  }, [scenarioSlug]);
  const state = snap.view;
  const run = snap.run;
  const ticking = snap.viewSeq === null && run?.status === "running";
  const now = useVirtualNow(state.time, run?.speed ?? 1, ticking);
  const podKeys = useMemo(() => (run?.canControl ? state.pods.keys().sort() : []), [run?.canControl, state.pods]);
  const cordoned = useMemo(() => new Set(state.nodes.values().filter((n) => n.unschedulable).map((n) => n.name)), [state.nodes]);
  const highlights = useMemo(() => highlightsFor(state, selectedPod), [state, selectedPod]);
  // Stable, so memoised node cards do not re-render because of it.
  const select = useCallback((key: string) => setSelectedPod((cur) => (cur === key ? null : key)), []);

  return (
    <div className="run-page">
      <header className="run-head">
        <h1>
          Run {runId}
          {run && (
            <>
              {" "}
              of <Link href={`/s/${run.scenario}`}>{title ?? `scenario ${run.scenario}`}</Link>
            </>
          )}
        </h1>
        <p className="run-status" aria-live="polite">
          Status: <strong>{run ? run.status : "connecting…"}</strong>
          {run?.reason ? ` (${run.reason})` : ""} · connection: {snap.socket} · cycle {state.cycle} · virtual time {now.toFixed(1)}s
        </p>
        {run?.restartedAs && (
          <button type="button" onClick={() => navigate(`/runs/${run.restartedAs}`)}>
            Follow the restarted run ({run.restartedAs})
          </button>
        )}
        {loadError && <p role="alert" className="field__error">{loadError}</p>}
        {snap.lastError && <p role="alert" className="field__error">{snap.lastError}</p>}
        {run && <RunControls run={run} onRestarted={(id) => navigate(`/runs/${id}${lesson ? `?lesson=${encodeURIComponent(lesson)}` : ""}`)} />}
        <Timeline lastSeq={snap.lastSeq} viewSeq={snap.viewSeq} time={now} onSeek={seek} />
      </header>
      <div className="run-grid">
        <ClusterMap now={now} state={state} selectedPod={selectedPod} onSelectPod={select} highlights={highlights} />
        <aside className="run-side">
          {lesson && (
            <LessonPanel
              slug={lesson}
              events={store.allEvents}
              seq={state.seq}
              state={state}
              canControl={!!run?.canControl}
              live={snap.viewSeq === null}
              now={now}
              send={send}
              onSeek={seek}
            />
          )}
          <QueueLanes now={now} state={state} selectedPod={selectedPod} onSelectPod={select} />
          <DecisionPanel state={state} selectedPod={selectedPod} onSelectPod={select} />
          {run?.canControl && <AddPodForm runId={runId} priorityClasses={state.priorityClasses} />}
          {run?.canControl && <ClusterActions runId={runId} nodes={state.nodeOrder} pods={podKeys} cordoned={cordoned} />}
        </aside>
      </div>
      <EventLog events={state.k8sEvents} selectedPod={selectedPod} />
    </div>
  );
}
