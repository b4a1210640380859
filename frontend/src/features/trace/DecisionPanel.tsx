import { useState } from "react";
import type { RunState, CycleRecord } from "@/protocol/state";
import { nodeStatuses, type PreemptionEvaluatedEvent } from "@/protocol/events";
import { shortKey, formatSeconds } from "@/lib/format";
import { Term } from "@/components/Term";
import { CRITERION_WORDS, criterionValue, describeStart, explainCriterion, explainReason, shiftedPrioritySum } from "./explain";
import { TableRegion } from "@/components/TableRegion";
import { CycleStrip } from "./CycleStrip";

interface Props {
  state: RunState;
  selectedPod: string | null;
  onSelectPod(key: string): void;
}

const MAX_ROWS = 60;

/** Why the selected pod (or the latest cycle's pod) went where it went. */
export function DecisionPanel({ state, selectedPod, onSelectPod }: Props) {
  const cyclesOfPod = selectedPod ? (state.podCycles.get(selectedPod) ?? []) : [];
  const [pinned, setPinned] = useState<number | null>(null);
  const cycleNo = pinned !== null && cyclesOfPod.includes(pinned) ? pinned : selectedPod ? cyclesOfPod[cyclesOfPod.length - 1] : state.currentCycle;
  const record = cycleNo != null ? state.cycles.get(String(cycleNo)) : undefined;
  const pod = selectedPod ? state.pods.get(selectedPod) : undefined;

  return (
    <section className="decision" aria-labelledby="decision-title">
      <header className="panel-head">
        <h2 id="decision-title">Decision{record ? `: ${shortKey(record.pod)}` : selectedPod ? `: ${shortKey(selectedPod)}` : ""}</h2>
        {cyclesOfPod.length > 1 && (
          <div className="field field--inline">
            <label htmlFor="cycle-pick">Scheduling attempt</label>
            <select id="cycle-pick" value={cycleNo ?? ""} onChange={(e) => setPinned(Number(e.target.value))}>
              {cyclesOfPod.map((c, i) => (
                <option key={c} value={c}>
                  attempt {i + 1} (cycle {c})
                </option>
              ))}
            </select>
          </div>
        )}
      </header>
      {selectedPod && pod && <PodSummary state={state} podKey={selectedPod} />}
      {selectedPod && !pod && <p className="muted">{shortKey(selectedPod)} is no longer in the cluster.</p>}
      {!record && <p className="muted">{selectedPod ? "This pod has not been through a scheduling cycle yet." : "Select a pod to see why it went where it went."}</p>}
      {record && <CycleView record={record} state={state} onSelectPod={onSelectPod} />}
    </section>
  );
}

function PodSummary({ state, podKey }: { state: RunState; podKey: string }) {
  const p = state.pods.get(podKey);
  if (!p) return null;
  const term = state.terminations[podKey];
  const waiting = state.waitingPods?.find((w) => w.pod === podKey);
  // kubectl's STATUS, each word a glossary term like the screen's other labels.
  const where = p.nodeName ? (
    <>
      {p.phase === "Terminating" ? <Term id="terminating">Terminating</Term> : <Term id="running">Running</Term>} on {p.nodeName}
    </>
  ) : (
    <>
      <Term id="pending">Pending</Term>
      {waiting ? (
        <>
          , waiting at <Term id="permit">Permit</Term> on {waiting.node} (assumed there, not bound)
        </>
      ) : p.nominatedNodeName ? (
        <>
          , <Term id="nominatednodename">nominated</Term> to {p.nominatedNodeName}
        </>
      ) : (
        p.queue && ` in ${p.queue}`
      )}
    </>
  );
  return (
    <p className="pod-summary">
      <strong>{shortKey(p.key)}</strong> · <Term id="priorityclass">PriorityClass</Term> {p.priorityClassName || "none"} (<Term id="priority">priority</Term> {p.priority}) · {where}
      {term && (
        <>
          {" "}
          · preempted by {term.preemptedBy ? shortKey(term.preemptedBy) : "?"}, deleted at {formatSeconds(term.deleteAt)}
        </>
      )}
    </p>
  );
}

function CycleView({ record, state, onSelectPod }: { record: CycleRecord; state: RunState; onSelectPod(k: string): void }) {
  const f = record.filtered;
  const result = record.finished;
  return (
    <div className="cycle">
      {/* Announced as decisions arrive or another pod is selected (WCAG 4.1.3). */}
      <p className="cycle__summary" aria-live="polite" aria-atomic="true">
        <span className="sr-only">Decision for {shortKey(record.pod)}: </span>
        Cycle {record.cycle} at {formatSeconds(record.t)} · attempt {record.attempts} ·{" "}
        {result ? (
          <strong className={`result result--${result.result}`}>
            {result.result === "scheduled" ? `scheduled on ${result.node}` : result.result}
          </strong>
        ) : record.permitWaiting && !record.permitEnded ? (
          `waiting at Permit on ${record.permitWaiting.node}`
        ) : (
          "in progress"
        )}
      </p>
      {f?.nominatedNode && (
        <p>
          The pod was <Term id="nominatednodename">nominated</Term> to <strong>{f.nominatedNode}</strong>, so that node was tried first
          {f.feasible.includes(f.nominatedNode) ? " — it fits, so no other node was evaluated or scored." : " — it did not fit."}
        </p>
      )}
      <CycleStrip record={record} profile={state.profile} />
      {f && <FilterTable record={record} />}
      {record.scored && <ScoreTable record={record} />}
      {f && f.feasible.length === 1 && !record.scored && <p>Only {f.feasible[0]} passed Filter, so scoring was skipped.</p>}
      {record.preemption && <PreemptionView record={record} state={state} onSelectPod={onSelectPod} />}
    </div>
  );
}

function FilterTable({ record }: { record: CycleRecord }) {
  const f = record.filtered!;
  const rejected = nodeStatuses(f);
  const rows: { node: string; ok: boolean; plugin: string; reasons: string[]; code: string }[] = [
    ...f.feasible.map((n) => ({ node: n, ok: true, plugin: "", reasons: [], code: "" })),
    ...rejected.map(([n, s]) => ({ node: n, ok: false, plugin: s.plugin, reasons: s.reasons, code: s.code })),
  ];
  return (
    <div className="table-wrap">
      <h3>
        <Term id="filter">Filter</Term>
      </h3>
      <p className="muted">
        {f.evaluated} of {f.total} nodes evaluated; {f.feasible.length} feasible.
        {f.preFilter && ` PreFilter: ${f.preFilter.plugin} — ${f.preFilter.reasons.join("; ")}.`}
      </p>
      <TableRegion label="Filter results per node">
        <table aria-label="Filter results per node">
          <thead>
            <tr>
              <th scope="col">Node</th>
              <th scope="col">
                <Term id="feasible">Verdict</Term>
              </th>
              <th scope="col">
                <Term id="filter">Plugin</Term>
              </th>
              <th scope="col">Reason</th>
            </tr>
          </thead>
          <tbody>
            {rows.slice(0, MAX_ROWS).map((r) => (
              <tr key={r.node} className={r.ok ? "row--ok" : "row--rejected"}>
                <th scope="row">{r.node}</th>
                <td>{r.ok ? "✓ fits" : r.code === "UnschedulableAndUnresolvable" ? "✗ rejected (preemption cannot help)" : "✗ rejected"}</td>
                <td>{r.plugin}</td>
                <td>{r.reasons.map((x) => explainReason(x, record.podRequests, record.free[r.node])).join("; ")}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableRegion>
      {rows.length > MAX_ROWS && <p className="muted">…and {rows.length - MAX_ROWS} more nodes.</p>}
    </div>
  );
}

function ScoreTable({ record }: { record: CycleRecord }) {
  const s = record.scored!;
  const plugins = Object.keys(s.weights);
  const nodes = Object.keys(s.totals).sort((a, b) => s.totals[b] - s.totals[a]);
  return (
    <div className="table-wrap">
      <h3>
        <Term id="score">Score</Term>
      </h3>
      <TableRegion label="Scores per node and plugin">
        <table aria-label="Scores per node and plugin">
          <thead>
            <tr>
              <th scope="col">Node</th>
              {plugins.map((p) => (
                <th scope="col" key={p}>
                  {p} ×{s.weights[p]}
                </th>
              ))}
              <th scope="col">
                <Term id="score">Total</Term>
              </th>
            </tr>
          </thead>
          <tbody>
            {nodes.slice(0, MAX_ROWS).map((n) => (
              <tr key={n} className={n === s.chosen ? "row--chosen" : ""}>
                <th scope="row">
                  {n}
                  {n === s.chosen ? " (chosen)" : ""}
                </th>
                {plugins.map((p) => (
                  <td key={p}>{s.scores[n]?.[p] ?? "–"}</td>
                ))}
                <td>
                  <strong>{s.totals[n]}</strong>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableRegion>
      <p>
        Chosen: <strong>{s.chosen}</strong> (highest total
        {s.ties.length > 1 ? `; ${s.ties.join(", ")} tied, and selectHost picks one of the tied nodes at random` : ""}).
      </p>
    </div>
  );
}

function PreemptionView({ record, state, onSelectPod }: { record: CycleRecord; state: RunState; onSelectPod(k: string): void }) {
  const p = record.preemption!;
  const prio = (k: string) => {
    const info = record.victimInfo[k] ?? state.pods.get(k);
    return info ? ` (${info.priorityClassName || "no class"}, priority ${info.priority})` : "";
  };
  return (
    <div className="table-wrap preemption">
      <h3>
        <Term id="preemption">Preemption</Term> (<Term id="defaultpreemption">DefaultPreemption</Term> <Term id="postfilter">PostFilter</Term>)
      </h3>
      {!p.eligible && <p>Not eligible to preempt: {p.message || "preemption was not attempted"}</p>}
      {p.eligible && <DryRunView p={p} />}
      {p.eligible && p.candidates.length === 0 && <p>No candidates: {p.message || "Preemption is not helpful for scheduling."}</p>}
      {p.candidates.length > 0 && (
        <>
          <p className="muted">
            {p.candidates.length} candidate node(s) found by the dry run
            {typeof p.potentialNodes === "number" ? ` among ${p.potentialNodes} potential nodes` : ` among ${p.potentialNodes.length} potential nodes`}.
          </p>
          <TableRegion label="Preemption candidates">
            <table aria-label="Preemption candidates">
              <thead>
                <tr>
                  <th scope="col">
                    <Term id="candidate">Node</Term>
                  </th>
                  <th scope="col">
                    <Term id="victim">Victims</Term>
                  </th>
                  <th scope="col">
                    <Term id="pdb">PDB</Term> violations
                  </th>
                  <th scope="col">
                    Most important victim's <Term id="priority">priority</Term>
                  </th>
                  <th scope="col">
                    <Term id="priority-sum">Sum of priorities</Term> <small className="muted">(each + 2³¹ when compared)</small>
                  </th>
                  <th scope="col">
                    {p.criterion && p.criterion !== "onlyCandidate" ? (
                      <>
                        <Term id="pickonenodeforpreemption">Decided by</Term>: {CRITERION_WORDS[p.criterion]}
                      </>
                    ) : (
                      <Term id="start-time">Earliest start</Term>
                    )}
                  </th>
                </tr>
              </thead>
              <tbody>
                {p.candidates.map((c) => (
                  <tr key={c.node} className={c.node === p.chosen ? "row--chosen" : ""}>
                    <th scope="row">
                      {c.node}
                      {c.node === p.chosen ? " (chosen)" : ""}
                    </th>
                    <td data-label="Victims">
                      {c.victims.map((v) => (
                        <button type="button" className="link-button" key={v} onClick={() => onSelectPod(v)}>
                          {shortKey(v)}
                          {prio(v)}
                        </button>
                      ))}
                    </td>
                    <td data-label="PDB violations">{c.numPDBViolations}</td>
                    <td data-label="Most important victim's priority">{c.highestPriority}</td>
                    <td data-label="Sum of priorities">
                      {c.prioritySum}
                      <br />
                      <small className="muted">compared as {shiftedPrioritySum(c)}</small>
                    </td>
                    <td data-label={p.criterion && p.criterion !== "onlyCandidate" ? `Decided by: ${CRITERION_WORDS[p.criterion]}` : "Earliest start"}>{p.criterion && p.criterion !== "onlyCandidate" ? criterionValue(c, p.criterion) : describeStart(c.earliestStartTime)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableRegion>
          <p className="muted preemption__how-to-read">
            How to read the numbers: the sum of priorities is compared after adding 2³¹ (MaxInt32 + 1) to each victim's priority, so
            every victim counts positively — a candidate with more victims has the larger compared sum unless priorities are
            far below zero. Start times are the pods' <code>status.startTime</code>; t=0 of the run is 2026-01-01 00:00 UTC.
          </p>
          <p className="verdict">
            <strong>{explainCriterion(p.criterion, p.chosen)}</strong>
            {p.chosen && (
              <>
                {" "}
                Victims on {p.chosen}: {p.candidates.find((c) => c.node === p.chosen)?.victims.map(shortKey).join(", ") || "none"}. The pod is
                nominated to {p.chosen} and waits for them to terminate.
              </>
            )}
          </p>
          {p.reprieve && p.chosen && <ReprieveList reprieve={p.reprieve} victims={p.victims ?? []} node={p.chosen} />}
        </>
      )}
      <PdbStatus state={state} />
    </div>
  );
}

/** How many nodes the dry run looked at, from where, and what each said (preemption.go findCandidates). */
function DryRunView({ p }: { p: PreemptionEvaluatedEvent }) {
  const potential = typeof p.potentialNodes === "number" ? p.potentialNodes : p.potentialNodes.length;
  if (potential === 0) return <p className="muted">No potential nodes: every node was rejected as UnschedulableAndUnresolvable, which removing pods cannot fix.</p>;
  const rejected = nodeStatuses(p);
  const notTried = Math.max(0, potential - p.candidates.length - rejected.length);
  return (
    <div data-testid="dry-run">
      <p>
        <strong>{potential}</strong> potential node(s) (rejected by Filter as Unschedulable). The dry run wants{" "}
        <strong data-testid="num-candidates">{p.numCandidates}</strong> candidate(s) — max(potential × minCandidateNodesPercentage %,
        minCandidateNodesAbsolute), at most the potential nodes — and starts at the random offset{" "}
        <strong data-testid="offset">{p.offset ?? "–"}</strong>, going round the potential nodes from there; it stops once it has that many
        candidates and at least one that violates no PDB.
        {notTried > 0 && ` ${notTried} potential node(s) were never tried.`}
      </p>
      {p.candidates.length + rejected.length > 0 && (
        <TableRegion label="Dry-run verdict per potential node">
          <table aria-label="Dry-run verdict per potential node">
            <thead>
              <tr>
                <th scope="col">Node</th>
                <th scope="col">
                  <Term id="candidate">Dry-run verdict</Term>
                </th>
              </tr>
            </thead>
            <tbody>
              {p.candidates.slice(0, MAX_ROWS).map((c) => (
                <tr key={c.node} className="row--ok">
                  <th scope="row">{c.node}</th>
                  <td>✓ candidate: the pod fits once {c.victims.length} pod(s) are removed</td>
                </tr>
              ))}
              {rejected.slice(0, MAX_ROWS).map(([n, st]) => (
                <tr key={n} className="row--rejected">
                  <th scope="row">{n}</th>
                  <td>
                    ✗ {st.plugin ? `${st.plugin}: ` : ""}
                    {st.reasons.join("; ")}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableRegion>
      )}
    </div>
  );
}

/** SelectVictimsOnNode on the chosen node: every lower-priority pod removed, then added back in this order while the pod still fits. */
function ReprieveList({ reprieve, victims, node }: { reprieve: { order: string[]; pdbViolating: number }; victims: string[]; node: string }) {
  const out = new Set(victims);
  return (
    <div data-testid="reprieve">
      <h4>
        <Term id="reprieve">Reprieve</Term> order on {node}
      </h4>
      <p className="muted">
        All lower-priority pods are removed, then each is added back in this order — those whose eviction would violate a PDB first, then the
        rest, each most important first — and stays only if the preemptor still fits.
      </p>
      <ol>
        {reprieve.order.map((k, i) => (
          <li key={k}>
            {shortKey(k)}
            {i < reprieve.pdbViolating ? " (eviction would violate a PDB)" : ""} — {out.has(k) ? <strong>victim</strong> : "reprieved"}
          </li>
        ))}
      </ol>
    </div>
  );
}

/** The PodDisruptionBudgets as the disruption controller last wrote them, at the shown step. */
function PdbStatus({ state }: { state: RunState }) {
  const pdbs = Object.values(state.pdbs);
  if (pdbs.length === 0) return null;
  return (
    <div data-testid="pdb-status">
      <h4>
        <Term id="pdb">PodDisruptionBudgets</Term> now
      </h4>
      <ul>
        {pdbs.map((b) => (
          <li key={b.key}>
            {b.key}: <Term id="disruptionsallowed">disruptionsAllowed</Term> <strong>{b.disruptionsAllowed}</strong> (currentHealthy {b.currentHealthy}, desiredHealthy {b.desiredHealthy}, expectedPods{" "}
            {b.expectedPods})
          </li>
        ))}
      </ul>
    </div>
  );
}
