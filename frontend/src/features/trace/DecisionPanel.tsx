import { useState } from "react";
import { Trans, useTranslation } from "react-i18next";
import type { RunState, CycleRecord } from "@/protocol/state";
import { nodeStatuses, type PreemptionEvaluatedEvent } from "@/protocol/events";
import { shortKey, formatSeconds } from "@/lib/format";
import { Term } from "@/components/Term";
import { criterionValue, criterionWords, describeStart, explainCriterion, explainUpstream, shiftedPrioritySum } from "./explain";
import { TableRegion } from "@/components/TableRegion";
import { queueName } from "@/lib/queueNames";
import { CycleStrip } from "./CycleStrip";

interface Props {
  state: RunState;
  selectedPod: string | null;
  onSelectPod(key: string): void;
}

const MAX_ROWS = 60;

/** Why the selected pod (or the latest cycle's pod) went where it went. */
/** One of upstream's texts (a plugin's reason, a preemption message), exactly as kube-scheduler
 * wrote it and marked so, with its plain-language explanation beside it where there is one. */
function Upstream({ text, explanation }: { text: string; explanation?: string | null }) {
  const { t } = useTranslation();
  return (
    <>
      <span className="upstream" translate="no" data-k8s-verbatim="" lang="en">
        {text}
      </span>
      {explanation && <span className="upstream__explanation">{t("run.decision.explained", { explanation })}</span>}
    </>
  );
}

/** An object's name (a pod, a node), as the API has it. */
function Name({ children }: { children: React.ReactNode }) {
  return <span translate="no">{children}</span>;
}

export function DecisionPanel({ state, selectedPod, onSelectPod }: Props) {
  const { t } = useTranslation();
  const cyclesOfPod = selectedPod ? (state.podCycles.get(selectedPod) ?? []) : [];
  const [pinned, setPinned] = useState<number | null>(null);
  const cycleNo = pinned !== null && cyclesOfPod.includes(pinned) ? pinned : selectedPod ? cyclesOfPod[cyclesOfPod.length - 1] : state.currentCycle;
  const record = cycleNo != null ? state.cycles.get(String(cycleNo)) : undefined;
  const pod = selectedPod ? state.pods.get(selectedPod) : undefined;

  return (
    <section className="decision" aria-labelledby="decision-title">
      <header className="panel-head">
        <h2 id="decision-title">
          {record || selectedPod ? (
            <Trans i18nKey="run.decision.titleOf" values={{ pod: shortKey(record?.pod ?? selectedPod!) }} components={{ pod: <Name>{null}</Name> }} />
          ) : (
            t("run.decision.title")
          )}
        </h2>
        {cyclesOfPod.length > 1 && (
          <div className="field field--inline">
            <label htmlFor="cycle-pick">{t("run.decision.attemptPick")}</label>
            <select id="cycle-pick" value={cycleNo ?? ""} onChange={(e) => setPinned(Number(e.target.value))}>
              {cyclesOfPod.map((c, i) => (
                <option key={c} value={c}>
                  {t("run.decision.attemptOption", { attempt: i + 1, cycle: c })}
                </option>
              ))}
            </select>
          </div>
        )}
      </header>
      {selectedPod && pod && <PodSummary state={state} podKey={selectedPod} />}
      {selectedPod && !pod && (
        <p className="muted">
          <Trans i18nKey="run.decision.gone" values={{ pod: shortKey(selectedPod) }} components={{ pod: <Name>{null}</Name> }} />
        </p>
      )}
      {!record && <p className="muted">{selectedPod ? t("run.decision.noCycle") : t("run.decision.selectPod")}</p>}
      {record && <CycleView record={record} state={state} onSelectPod={onSelectPod} />}
    </section>
  );
}

function PodSummary({ state, podKey }: { state: RunState; podKey: string }) {
  const { t } = useTranslation();
  const p = state.pods.get(podKey);
  if (!p) return null;
  const term = state.terminations[podKey];
  const waiting = state.waitingPods?.find((w) => w.pod === podKey);
  // kubectl's STATUS, each word a glossary term like the screen's other labels, as kubectl prints it.
  const status = (id: string, word: string) => (
    <Term id={id}>
      <span translate="no">{word}</span>
    </Term>
  );
  const where = p.nodeName ? (
    <Trans
      i18nKey="run.decision.onNode"
      values={{ node: p.nodeName }}
      components={{ status: p.phase === "Terminating" ? status("terminating", "Terminating") : status("running", "Running"), node: <Name>{null}</Name> }}
    />
  ) : (
    <>
      {status("pending", "Pending")}
      {waiting ? (
        <Trans i18nKey="run.decision.waitingAt" values={{ node: waiting.node }} components={{ permit: <Term id="permit">Permit</Term>, node: <Name>{null}</Name> }} />
      ) : p.nominatedNodeName ? (
        <Trans
          i18nKey="run.decision.nominatedTo"
          values={{ node: p.nominatedNodeName }}
          components={{ term: <Term id="nominatednodename">{null}</Term>, node: <Name>{null}</Name> }}
        />
      ) : (
        p.queue && t("run.decision.inQueue", { queue: queueName(p.queue) })
      )}
    </>
  );
  return (
    <p className="pod-summary">
      <strong translate="no">{shortKey(p.key)}</strong> · <Term id="priorityclass">PriorityClass</Term>{" "}
      {p.priorityClassName ? <Name>{p.priorityClassName}</Name> : t("run.decision.noClass")} (<Term id="priority">{t("run.decision.priority")}</Term> {p.priority}) · {where}
      {term && (
        <>
          {" "}
          ·{" "}
          <Trans
            i18nKey="run.decision.preemptedBy"
            values={{ pod: term.preemptedBy ? shortKey(term.preemptedBy) : "?", time: formatSeconds(term.deleteAt) }}
            components={{ pod: <Name>{null}</Name> }}
          />
        </>
      )}
    </p>
  );
}

function CycleView({ record, state, onSelectPod }: { record: CycleRecord; state: RunState; onSelectPod(k: string): void }) {
  const { t } = useTranslation();
  const f = record.filtered;
  const result = record.finished;
  return (
    <div className="cycle">
      {/* Announced as decisions arrive or another pod is selected (WCAG 4.1.3). */}
      <p className="cycle__summary" aria-live="polite" aria-atomic="true">
        <span className="sr-only">
          <Trans i18nKey="run.decision.decisionFor" values={{ pod: shortKey(record.pod) }} components={{ pod: <Name>{null}</Name> }} />
        </span>
        {t("run.decision.cycleAt", { cycle: record.cycle, time: formatSeconds(record.t), attempt: record.attempts })}{" "}
        {result ? (
          <strong className={`result result--${result.result}`}>
            {result.result === "scheduled" ? (
              <Trans i18nKey="run.decision.scheduledOn" values={{ node: result.node }} components={{ node: <Name>{null}</Name> }} />
            ) : (
              t(`run.decision.result.${result.result}`)
            )}
          </strong>
        ) : record.permitWaiting && !record.permitEnded ? (
          <Trans i18nKey="run.decision.waitingAtPermit" values={{ node: record.permitWaiting.node }} components={{ node: <Name>{null}</Name> }} />
        ) : (
          t("run.decision.inProgress")
        )}
      </p>
      {f?.nominatedNode && (
        <p>
          <Trans
            i18nKey={f.feasible.includes(f.nominatedNode) ? "run.decision.nominatedFits" : "run.decision.nominatedDoesNotFit"}
            values={{ node: f.nominatedNode }}
            components={{ term: <Term id="nominatednodename">{null}</Term>, node: <strong translate="no" /> }}
          />
        </p>
      )}
      <CycleStrip record={record} profile={state.profile} />
      {f && <FilterTable record={record} />}
      {record.scored && <ScoreTable record={record} />}
      {f && f.feasible.length === 1 && !record.scored && (
        <p>
          <Trans i18nKey="run.decision.onlyOne" values={{ node: f.feasible[0] }} components={{ node: <Name>{null}</Name> }} />
        </p>
      )}
      {record.preemption && <PreemptionView record={record} state={state} onSelectPod={onSelectPod} />}
    </div>
  );
}

function FilterTable({ record }: { record: CycleRecord }) {
  const { t } = useTranslation();
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
        {t("run.decision.evaluated", { evaluated: f.evaluated, total: f.total, feasible: f.feasible.length })}
        {f.preFilter && (
          <>
            {" "}
            PreFilter: <Name>{f.preFilter.plugin}</Name> — <Upstream text={f.preFilter.reasons.join("; ")} />
          </>
        )}
      </p>
      <TableRegion label={t("run.decision.filterTable")}>
        <table aria-label={t("run.decision.filterTable")}>
          <thead>
            <tr>
              <th scope="col">{t("run.decision.node")}</th>
              <th scope="col">
                <Term id="feasible">{t("run.decision.verdict")}</Term>
              </th>
              <th scope="col">
                <Term id="filter">{t("run.decision.plugin")}</Term>
              </th>
              <th scope="col">{t("run.decision.reason")}</th>
            </tr>
          </thead>
          <tbody>
            {rows.slice(0, MAX_ROWS).map((r) => (
              <tr key={r.node} className={r.ok ? "row--ok" : "row--rejected"}>
                <th scope="row" translate="no">{r.node}</th>
                <td>{r.ok ? t("run.decision.fits") : r.code === "UnschedulableAndUnresolvable" ? t("run.decision.rejectedUnresolvable") : t("run.decision.rejected")}</td>
                <td translate="no">{r.plugin}</td>
                <td>
                  {r.reasons.map((x, i) => (
                    <span key={i}>
                      {i > 0 && "; "}
                      <Upstream text={x} explanation={explainUpstream(x, record.podRequests, record.free[r.node])} />
                    </span>
                  ))}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableRegion>
      {rows.length > MAX_ROWS && <p className="muted">{t("run.decision.moreNodes", { count: rows.length - MAX_ROWS })}</p>}
    </div>
  );
}

function ScoreTable({ record }: { record: CycleRecord }) {
  const { t } = useTranslation();
  const s = record.scored!;
  const plugins = Object.keys(s.weights);
  const nodes = Object.keys(s.totals).sort((a, b) => s.totals[b] - s.totals[a]);
  return (
    <div className="table-wrap">
      <h3>
        <Term id="score">Score</Term>
      </h3>
      <TableRegion label={t("run.decision.scoreTable")}>
        <table aria-label={t("run.decision.scoreTable")}>
          <thead>
            <tr>
              <th scope="col">{t("run.decision.node")}</th>
              {plugins.map((p) => (
                <th scope="col" key={p} translate="no">
                  {p} ×{s.weights[p]}
                </th>
              ))}
              <th scope="col">
                <Term id="score">{t("run.decision.total")}</Term>
              </th>
            </tr>
          </thead>
          <tbody>
            {nodes.slice(0, MAX_ROWS).map((n) => (
              <tr key={n} className={n === s.chosen ? "row--chosen" : ""}>
                <th scope="row">
                  <Name>{n}</Name>
                  {n === s.chosen ? t("run.decision.chosenMark") : ""}
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
        <Trans
          i18nKey={s.ties.length > 1 ? "run.decision.chosenTied" : "run.decision.chosen"}
          values={{ node: s.chosen, ties: s.ties.join(", ") }}
          components={{ node: <strong translate="no" />, ties: <Name>{null}</Name> }}
        />
      </p>
    </div>
  );
}

function PreemptionView({ record, state, onSelectPod }: { record: CycleRecord; state: RunState; onSelectPod(k: string): void }) {
  const { t } = useTranslation();
  const p = record.preemption!;
  const prio = (k: string) => {
    const info = record.victimInfo[k] ?? state.pods.get(k);
    return info ? t("run.decision.victimClass", { class: info.priorityClassName || t("run.pod.noClass"), priority: info.priority }) : "";
  };
  const decidedBy = p.criterion && p.criterion !== "onlyCandidate" ? p.criterion : null;
  return (
    <div className="table-wrap preemption">
      <h3>
        <Term id="preemption">{t("run.decision.preemption")}</Term> (<Term id="defaultpreemption">DefaultPreemption</Term> <Term id="postfilter">PostFilter</Term>)
      </h3>
      {!p.eligible && (
        <p>
          {t("run.decision.notEligible")}{" "}
          {p.message ? <Upstream text={p.message} /> : t("run.decision.notAttempted")}
        </p>
      )}
      {p.eligible && <DryRunView p={p} />}
      {p.eligible && p.candidates.length === 0 && (
        <p>
          {t("run.decision.noCandidates")} <Upstream text={p.message || "Preemption is not helpful for scheduling."} explanation={explainUpstream(p.message || "Preemption is not helpful for scheduling.", {}, undefined)} />
        </p>
      )}
      {p.candidates.length > 0 && (
        <>
          <p className="muted">
            {t("run.decision.candidatesFound", { count: p.candidates.length, potential: typeof p.potentialNodes === "number" ? p.potentialNodes : p.potentialNodes.length })}
          </p>
          <TableRegion label={t("run.decision.candidatesTable")}>
            <table aria-label={t("run.decision.candidatesTable")}>
              <thead>
                <tr>
                  <th scope="col">
                    <Term id="candidate">{t("run.decision.node")}</Term>
                  </th>
                  <th scope="col">
                    <Term id="victim">{t("run.decision.victims")}</Term>
                  </th>
                  <th scope="col">
                    <Trans i18nKey="run.decision.pdbViolations" components={{ pdb: <Term id="pdb">PDB</Term> }} />
                  </th>
                  <th scope="col">
                    <Trans i18nKey="run.decision.highestPriority" components={{ term: <Term id="priority">{null}</Term> }} />
                  </th>
                  <th scope="col">
                    <Term id="priority-sum">{t("run.decision.prioritySum")}</Term> <small className="muted">{t("run.decision.prioritySumNote")}</small>
                  </th>
                  <th scope="col">
                    {decidedBy ? (
                      <>
                        <Term id="pickonenodeforpreemption">{t("run.decision.decidedBy")}</Term>: {criterionWords(decidedBy)}
                      </>
                    ) : (
                      <Term id="start-time">{t("run.decision.earliestStart")}</Term>
                    )}
                  </th>
                </tr>
              </thead>
              <tbody>
                {p.candidates.map((c) => (
                  <tr key={c.node} className={c.node === p.chosen ? "row--chosen" : ""}>
                    <th scope="row">
                      <Name>{c.node}</Name>
                      {c.node === p.chosen ? t("run.decision.chosenMark") : ""}
                    </th>
                    <td data-label={t("run.decision.victims")}>
                      {c.victims.map((v) => (
                        <button type="button" className="link-button" key={v} onClick={() => onSelectPod(v)}>
                          <Name>{shortKey(v)}</Name>
                          {prio(v)}
                        </button>
                      ))}
                    </td>
                    <td data-label={t("run.decision.pdbViolationsLabel")}>{c.numPDBViolations}</td>
                    <td data-label={t("run.decision.highestPriorityLabel")}>{c.highestPriority}</td>
                    <td data-label={t("run.decision.prioritySum")}>
                      {c.prioritySum}
                      <br />
                      <small className="muted">{t("run.decision.comparedAs", { value: shiftedPrioritySum(c) })}</small>
                    </td>
                    <td data-label={decidedBy ? `${t("run.decision.decidedBy")}: ${criterionWords(decidedBy)}` : t("run.decision.earliestStart")}>
                      {decidedBy ? criterionValue(c, decidedBy) : describeStart(c.earliestStartTime)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableRegion>
          <p className="muted preemption__how-to-read">
            <Trans i18nKey="run.decision.howToRead" components={{ code: <code /> }} />
          </p>
          <p className="verdict">
            <strong>{explainCriterion(p.criterion, p.chosen)}</strong>
            {p.chosen && (
              <>
                {" "}
                <Trans
                  i18nKey="run.decision.victimsOn"
                  values={{ node: p.chosen, victims: p.candidates.find((c) => c.node === p.chosen)?.victims.map(shortKey).join(", ") || t("run.decision.none") }}
                  components={{ node: <Name>{null}</Name>, victims: <Name>{null}</Name> }}
                />
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
  const { t } = useTranslation();
  const potential = typeof p.potentialNodes === "number" ? p.potentialNodes : p.potentialNodes.length;
  if (potential === 0) return <p className="muted">{t("run.decision.noPotential")}</p>;
  const rejected = nodeStatuses(p);
  const notTried = Math.max(0, potential - p.candidates.length - rejected.length);
  return (
    <div data-testid="dry-run">
      <p>
        <Trans
          i18nKey="run.decision.dryRun"
          values={{ potential, wanted: p.numCandidates, offset: p.offset ?? "–" }}
          components={{ strong: <strong />, wanted: <strong data-testid="num-candidates" />, offset: <strong data-testid="offset" />, code: <code /> }}
        />
        {notTried > 0 && ` ${t("run.decision.neverTried", { count: notTried })}`}
      </p>
      {p.candidates.length + rejected.length > 0 && (
        <TableRegion label={t("run.decision.dryRunTable")}>
          <table aria-label={t("run.decision.dryRunTable")}>
            <thead>
              <tr>
                <th scope="col">{t("run.decision.node")}</th>
                <th scope="col">
                  <Term id="candidate">{t("run.decision.dryRunVerdict")}</Term>
                </th>
              </tr>
            </thead>
            <tbody>
              {p.candidates.slice(0, MAX_ROWS).map((c) => (
                <tr key={c.node} className="row--ok">
                  <th scope="row" translate="no">{c.node}</th>
                  <td>{t("run.decision.dryRunCandidate", { count: c.victims.length })}</td>
                </tr>
              ))}
              {rejected.slice(0, MAX_ROWS).map(([n, st]) => (
                <tr key={n} className="row--rejected">
                  <th scope="row" translate="no">{n}</th>
                  <td>
                    ✗ {st.plugin && <Name>{st.plugin}: </Name>}
                    <Upstream text={st.reasons.join("; ")} explanation={st.reasons.length === 1 ? explainUpstream(st.reasons[0], {}, undefined) : null} />
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
  const { t } = useTranslation();
  const out = new Set(victims);
  return (
    <div data-testid="reprieve">
      <h4>
        <Trans i18nKey="run.decision.reprieveTitle" values={{ node }} components={{ term: <Term id="reprieve">{null}</Term>, node: <Name>{null}</Name> }} />
      </h4>
      <p className="muted">{t("run.decision.reprieveHow")}</p>
      <ol>
        {reprieve.order.map((k, i) => (
          <li key={k}>
            <Name>{shortKey(k)}</Name>
            {i < reprieve.pdbViolating ? t("run.decision.wouldViolate") : ""} — {out.has(k) ? <strong>{t("run.decision.victim")}</strong> : t("run.decision.reprieved")}
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
        <Trans i18nKey="run.decision.pdbsNow" components={{ term: <Term id="pdb">PodDisruptionBudgets</Term> }} />
      </h4>
      <ul>
        {pdbs.map((b) => (
          <li key={b.key} translate="no">
            {b.key}: <Term id="disruptionsallowed">disruptionsAllowed</Term> <strong>{b.disruptionsAllowed}</strong> (currentHealthy {b.currentHealthy}, desiredHealthy {b.desiredHealthy}, expectedPods{" "}
            {b.expectedPods})
          </li>
        ))}
      </ul>
    </div>
  );
}
