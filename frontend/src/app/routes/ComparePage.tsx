import { useEffect, useMemo, useState, useSyncExternalStore } from "react";
import { Trans, useTranslation } from "react-i18next";
import type { TFunction } from "i18next";
import { formatNumber } from "@/i18n/format";
import type { RunView } from "@/lib/socket";
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
  const { t } = useTranslation();
  const params = new URLSearchParams(useLocation().search);
  const a = Number(params.get("a"));
  // Only a: the run next to itself, to pick a point and branch it ("what if…?").
  const b = Number(params.get("b")) || a;
  if (!a || !b) {
    return (
      <main className="page">
        <h1>{t("compare.title")}</h1>
        <p>
          {t("compare.howTo")} <code>{`/compare?a=<${t("compare.runId")}>&b=<${t("compare.runId")}>`}</code>
        </p>
        <p>{t("compare.examples")}</p>
      </main>
    );
  }
  return <CompareView key={`${a}-${b}`} a={a} b={b} canBranch />;
}

/** "my-scenario seed 1 (running)": which scenario a run plays, as the compare header names it. */
function runSummary(run: RunView | null, t: TFunction): string {
  if (!run) return t("compare.connecting");
  return t("compare.runSummary", { scenario: run.scenario, seed: run.seed, status: t(`common.runStatus.${run.status}`, { defaultValue: run.status }) });
}

export function CompareView({ a, b, canBranch }: { a: number; b: number; canBranch: boolean }) {
  const { t } = useTranslation();
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
          <Trans i18nKey="compare.heading" values={{ a, b }}
                 components={{ first: <Link href={`/runs/${a}`} />, second: <Link href={`/runs/${b}`} /> }} />
        </h1>
        <p role="status">
          {t("compare.decisions", { count: rows.length, differing })} · {t("compare.runLabel", { label: "A" })} {runSummary(runA.snap.run, t)} ·{" "}
          {t("compare.runLabel", { label: "B" })} {runSummary(runB.snap.run, t)}
        </p>
        <div className="timeline">
          <label htmlFor="compare-time">{t("compare.time")}</label>
          <input id="compare-time" type="range" min={0} max={Math.max(end, 0.1)} step={0.1} value={time ?? end}
                 onChange={(e) => setTime(Number(e.target.value) >= end ? null : Number(e.target.value))}
                 aria-valuetext={t("compare.seconds", { seconds: formatNumber(time ?? end, { minimumFractionDigits: 1, maximumFractionDigits: 1 }) })} />
          <span className="timeline__time">t = {(time ?? end).toFixed(1)}s</span>
          {time !== null && (
            <button type="button" onClick={() => setTime(null)}>
              {t("compare.latest")}
            </button>
          )}
        </div>
      </header>
      <div className="compare-grid">
        <section aria-label={t("compare.runSection", { label: "A", id: a })}>
          <h2>{t("compare.runTitle", { label: "A", id: a })}</h2>
          <ClusterMap now={runA.snap.view.time} state={runA.snap.view} selectedPod={selected} onSelectPod={setSelected} />
        </section>
        <section aria-label={t("compare.runSection", { label: "B", id: b })}>
          <h2>{t("compare.runTitle", { label: "B", id: b })}</h2>
          <ClusterMap now={runB.snap.view.time} state={runB.snap.view} selectedPod={selected} onSelectPod={setSelected} />
        </section>
      </div>
      <section aria-label={t("compare.differences")}>
        <h2>{t("compare.aligned")}</h2>
        <div className="field field--check">
          <input id="only-different" type="checkbox" checked={onlyDifferent} onChange={(e) => setOnlyDifferent(e.target.checked)} />
          <label htmlFor="only-different">{t("compare.onlyDifferent")}</label>
        </div>
        <DecisionsTable rows={rows} onlyDifferent={onlyDifferent}
                        onSelect={(r) => setTime(Math.min(r.a?.t ?? Infinity, r.b?.t ?? Infinity))} />
        <h2>{t("compare.outcomes")}</h2>
        <OutcomesTable outcomes={outcomes} />
      </section>
      {canBranch && shownSeqA > 0 && (
        <BranchForm runId={a} seq={shownSeqA} onBranched={(fork) => navigate(`/compare?a=${a}&b=${fork}`)} />
      )}
    </main>
  );
}
