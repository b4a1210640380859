import { useEffect, useMemo, useState, useSyncExternalStore } from "react";
import { RunStore } from "@/lib/runStore";
import { navigate, Link, useLocation } from "@/lib/router";
import { ClusterMap } from "@/features/cluster/ClusterMap";
import { alignDecisions, compareOutcomes, decisionsOf, outcomesOf, seqAtTime } from "@/features/compare/align";
import { BranchForm } from "@/features/compare/BranchForm";
import { DecisionsTable, OutcomesTable } from "@/features/compare/CompareTable";

function useRun(runId: number) {
  const store = useMemo(() => new RunStore(runId), [runId]);
  const snap = useSyncExternalStore(store.subscribe, store.getSnapshot);
  useEffect(() => {
    store.connect();
    return () => store.disconnect();
  }, [store]);
  return { store, snap };
}

/** /compare?a=<run>&b=<run>: two runs side by side, aligned by virtual time and by decision. */
export function ComparePage() {
  const params = new URLSearchParams(useLocation().search);
  const a = Number(params.get("a"));
  // Only a: the run next to itself, to pick a point and branch it ("what if…?").
  const b = Number(params.get("b")) || a;
  if (!a || !b) {
    return (
      <main className="page">
        <h1>Compare two runs</h1>
        <p>
          Open <code>/compare?a=&lt;run id&gt;&amp;b=&lt;run id&gt;</code>, e.g. the same scenario with and without a
          PodDisruptionBudget, two seeds, or a run and a branch of it.
        </p>
      </main>
    );
  }
  return <CompareView key={`${a}-${b}`} a={a} b={b} canBranch />;
}

export function CompareView({ a, b, canBranch }: { a: number; b: number; canBranch: boolean }) {
  const runA = useRun(a);
  const runB = useRun(b);
  const [time, setTime] = useState<number | null>(null); // null: both at their latest event
  const [onlyDifferent, setOnlyDifferent] = useState(false);
  const [selected, setSelected] = useState<string | null>(null);
  const eventsA = runA.store.allEvents;
  const eventsB = runB.store.allEvents;
  const rows = useMemo(() => alignDecisions(decisionsOf(eventsA), decisionsOf(eventsB)),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the events grow in place (RunStore.allEvents): lastSeq says they changed
    [eventsA, eventsB, runA.snap.lastSeq, runB.snap.lastSeq]);
  const outcomes = useMemo(() => compareOutcomes(outcomesOf(eventsA), outcomesOf(eventsB)),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the events grow in place (RunStore.allEvents): lastSeq says they changed
    [eventsA, eventsB, runA.snap.lastSeq, runB.snap.lastSeq]);
  const end = Math.max(eventsA.at(-1)?.t ?? 0, eventsB.at(-1)?.t ?? 0);
  useEffect(() => {
    runA.store.seek(time === null ? null : seqAtTime(eventsA, time) || 1);
    runB.store.seek(time === null ? null : seqAtTime(eventsB, time) || 1);
  }, [time, runA.store, runB.store, eventsA, eventsB, runA.snap.lastSeq, runB.snap.lastSeq]);
  const differing = rows.filter((r) => r.differences.length).length;
  const shownSeqA = runA.snap.viewSeq ?? runA.snap.lastSeq;
  return (
    <main className="compare-page">
      <header className="run-head">
        <h1>
          Compare <Link href={`/runs/${a}`}>run {a}</Link> with <Link href={`/runs/${b}`}>run {b}</Link>
        </h1>
        <p role="status">
          {rows.length} scheduling decisions, {differing} differ · run A: {runA.snap.run?.scenario ?? "…"} seed {runA.snap.run?.seed ?? "…"} ({runA.snap.run?.status ?? "connecting"}) · run B:{" "}
          {runB.snap.run?.scenario ?? "…"} seed {runB.snap.run?.seed ?? "…"} ({runB.snap.run?.status ?? "connecting"})
        </p>
        <div className="timeline">
          <label htmlFor="compare-time">Both runs at virtual time</label>
          <input id="compare-time" type="range" min={0} max={Math.max(end, 0.1)} step={0.1} value={time ?? end}
                 onChange={(e) => setTime(Number(e.target.value) >= end ? null : Number(e.target.value))}
                 aria-valuetext={`${(time ?? end).toFixed(1)} seconds`} />
          <span className="timeline__time">t = {(time ?? end).toFixed(1)}s</span>
          {time !== null && (
            <button type="button" onClick={() => setTime(null)}>
              Latest
            </button>
          )}
        </div>
      </header>
      <div className="compare-grid">
        <section aria-label={`Run A (${a})`}>
          <h2>Run A · {a}</h2>
          <ClusterMap now={runA.snap.view.time} state={runA.snap.view} selectedPod={selected} onSelectPod={setSelected} />
        </section>
        <section aria-label={`Run B (${b})`}>
          <h2>Run B · {b}</h2>
          <ClusterMap now={runB.snap.view.time} state={runB.snap.view} selectedPod={selected} onSelectPod={setSelected} />
        </section>
      </div>
      <section aria-label="Differences">
        <h2>Decisions, aligned</h2>
        <div className="field field--check">
          <input id="only-different" type="checkbox" checked={onlyDifferent} onChange={(e) => setOnlyDifferent(e.target.checked)} />
          <label htmlFor="only-different">only the decisions that differ</label>
        </div>
        <DecisionsTable rows={rows} onlyDifferent={onlyDifferent}
                        onSelect={(r) => setTime(Math.min(r.a?.t ?? Infinity, r.b?.t ?? Infinity))} />
        <h2>Where each pod ended</h2>
        <OutcomesTable outcomes={outcomes} />
      </section>
      {canBranch && shownSeqA > 0 && (
        <BranchForm runId={a} seq={shownSeqA} onBranched={(fork) => navigate(`/compare?a=${a}&b=${fork}`)} />
      )}
    </main>
  );
}
