import { useState, type FormEvent } from "react";
import { Trans, useTranslation } from "react-i18next";
import { ApiError } from "@/lib/api";
import { shortKey } from "@/lib/format";
import { askQuestion, endWorkshop, exportUrl, pushToClass, revealQuestion, setLocked, stopRun } from "./api";
import { onlyThisMachine, type WorkshopState } from "./state";
import { TallyBars } from "./TallyBars";
import { LessonSelect, type LessonChoice } from "./LessonSelect";
import { TableRegion } from "@/components/TableRegion";

interface Props {
  state: WorkshopState;
  /** The lesson's predict-then-reveal questions the instructor can put to the class. */
  lessonQuestions: readonly { id: string; prompt: string; askAt: number }[];
  lessons: readonly LessonChoice[];
}

/** The instructor's dashboard: join code, class controls, predictions with live tallies, roster. */
export function HostDashboard({ state, lessonQuestions, lessons }: Props) {
  const { t } = useTranslation();
  const [error, setError] = useState<string | null>(null);
  // A refusal for too many active runs names them: offer to stop each.
  const [holding, setHolding] = useState<number[]>([]);
  const workshop = state.workshop;
  if (!workshop) return <p>{t("workshop.connecting")}</p>;
  const code = workshop.code;
  const act = async (fn: () => Promise<unknown>) => {
    setError(null);
    setHolding([]);
    try {
      await fn();
    } catch (e) {
      setError(e instanceof ApiError ? e.message : String(e));
      setHolding(e instanceof ApiError ? e.errors.flatMap((x) => x.runs ?? []) : []);
    }
  };
  const open = workshop.status === "open";
  const joinLink = workshop.joinUrl;
  const following = state.roster.filter((p) => p.mode === "following").length;
  return (
    <section className="workshop-dashboard" aria-label={t("workshop.host.label")}>
      <header className="panel-head">
        <h2>
          {t("workshop.host.title")}{" "}
          <span className="join-code" aria-label={t("workshop.joinCode")}>
            {code}
          </span>
        </h2>
        <p>
          <Trans i18nKey="workshop.host.studentsOpen" values={{ link: joinLink }} components={{ address: <a href={joinLink} /> }} /> ·{" "}
          {t("workshop.host.counts", { joined: state.roster.length, connected: state.roster.filter((p) => p.connected).length, following })} ·{" "}
          {t("workshop.host.connection", { socket: t(`run.socket.${state.socket}`) })}
          {" · "}
          <a href={`/w/${code}/present`} target="_blank" rel="noreferrer">
            {t("workshop.host.projector")}
          </a>
        </p>
        {onlyThisMachine(joinLink) && (
          <p role="note">
            <Trans i18nKey="workshop.host.onlyThisMachine" components={{ code: <code /> }} />
          </p>
        )}
      </header>
      <div className="toolbar" role="toolbar" aria-label={t("workshop.host.controls")}>
        <button type="button" disabled={!open} onClick={() => act(() => setLocked(code, !workshop.locked))} aria-pressed={workshop.locked}>
          {workshop.locked ? t("workshop.host.unlock") : t("workshop.host.lock")}
        </button>
        <EndButton disabled={!open} onEnd={() => act(() => endWorkshop(code))} />
        {/* The exports are written in the instructor's language (the server asks them: docs/workshops.md). */}
        <a href={exportUrl(code, "csv")} download>
          {t("workshop.host.exportCsv")}
        </a>
        <a href={exportUrl(code, "json")} download>
          {t("workshop.host.exportJson")}
        </a>
        {!open && <span role="status">{t("workshop.ended")}</span>}
      </div>
      <PushForm disabled={!open} lessons={lessons} onPush={(body) => act(() => pushToClass(code, body))} />
      {lessonQuestions.length > 0 && (
        <div className="host-questions">
          <h3>{t("workshop.questions.label")}</h3>
          {lessonQuestions.map((lq) => {
            const q = state.questions.find((x) => x.key === lq.id);
            return (
              <div key={lq.id} className="question" role="group" aria-label={t("workshop.host.question", { id: lq.id })}>
                <p>
                  {lq.prompt} <span className="muted">{t("workshop.host.askAt", { step: lq.askAt })}</span>
                </p>
                {!q ? (
                  <button type="button" disabled={!open} onClick={() => act(() => askQuestion(code, lq.id))}>
                    {t("workshop.host.ask")}
                  </button>
                ) : (
                  <>
                    {q.tally && <TallyBars tally={q.tally} answer={q.revealed ? q.answer : undefined} label={t("workshop.host.liveTally", { id: lq.id })} />}
                    {q.revealed ? (
                      <p role="status">
                        <Trans i18nKey="workshop.host.revealed" values={{ answer: shortKey(q.answer ?? "") }} components={{ answer: <span translate="no" /> }} />
                      </p>
                    ) : (
                      <button type="button" className="button--primary" onClick={() => act(() => revealQuestion(code, lq.id))}>
                        {t("workshop.host.reveal", { answer: shortKey(q.answer ?? "") })}
                      </button>
                    )}
                  </>
                )}
              </div>
            );
          })}
        </div>
      )}
      <Roster state={state} />
      {error && (
        <p role="alert" className="field__error" lang="en">
          {error}
        </p>
      )}
      {holding.map((id) => (
        <button key={id} type="button" onClick={() => act(() => stopRun(id))}>
          {t("workshop.host.stopRun", { id })}
        </button>
      ))}
    </section>
  );
}

/** Ending cannot be undone (joins, answers and moves are refused after): it asks first. */
function EndButton({ disabled, onEnd }: { disabled: boolean; onEnd(): void }) {
  const { t } = useTranslation();
  const [asking, setAsking] = useState(false);
  if (!asking)
    return (
      <button type="button" className="button--danger" disabled={disabled} onClick={() => setAsking(true)}>
        {t("workshop.end.button")}
      </button>
    );
  return (
    <span role="group" aria-label={t("workshop.end.label")}>
      {t("workshop.end.question")}{" "}
      <button type="button" className="button--danger" autoFocus onClick={() => { setAsking(false); onEnd(); }}>
        {t("workshop.end.yes")}
      </button>
      <button type="button" onClick={() => setAsking(false)}>
        {t("workshop.end.no")}
      </button>
    </span>
  );
}

function PushForm({ disabled, lessons, onPush }: { disabled: boolean; lessons: Props["lessons"]; onPush(body: Record<string, unknown>): void }) {
  const { t } = useTranslation();
  const [lesson, setLesson] = useState("");
  const [scenario, setScenario] = useState("");
  const [a, setA] = useState("");
  const [b, setB] = useState("");
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onPush(lesson ? { lesson } : { scenario });
  };
  return (
    <div className="push-forms">
      <form onSubmit={submit} aria-label={t("workshop.push.label")}>
        <div className="field field--inline">
          <LessonSelect id="push-lesson" lessons={lessons} value={lesson} onChange={setLesson} />
          {!lesson && (
            <>
              <label htmlFor="push-scenario">{t("workshop.scenarioSlug")}</label>
              <input id="push-scenario" value={scenario} onChange={(e) => setScenario(e.target.value)} />
            </>
          )}
          <button type="submit" disabled={disabled || (!lesson && !scenario)}>
            {t("workshop.push.submit")}
          </button>
        </div>
      </form>
      <form
        aria-label={t("workshop.push.compareLabel")}
        onSubmit={(e) => {
          e.preventDefault();
          onPush({ compare: { a: Number(a), b: Number(b) } });
        }}
      >
        <div className="field field--inline">
          <label htmlFor="push-a">{t("workshop.push.compareRun")}</label>
          <input id="push-a" inputMode="numeric" value={a} onChange={(e) => setA(e.target.value)} size={6} />
          <label htmlFor="push-b">{t("workshop.push.withRun")}</label>
          <input id="push-b" inputMode="numeric" value={b} onChange={(e) => setB(e.target.value)} size={6} />
          <button type="submit" disabled={disabled || !a || !b}>
            {t("workshop.push.compareSubmit")}
          </button>
        </div>
      </form>
    </div>
  );
}

function Roster({ state }: { state: WorkshopState }) {
  const { t } = useTranslation();
  const keys = state.questions.map((q) => q.key);
  const classStep = state.workshop?.position.step ?? null;
  return (
    <TableRegion label={t("workshop.roster.label")}>
      <table aria-label={t("workshop.roster.label")}>
        <thead>
          <tr>
            <th scope="col">{t("workshop.roster.student")}</th>
            <th scope="col">{t("workshop.roster.connected")}</th>
            <th scope="col">{t("workshop.roster.where")}</th>
            <th scope="col">{t("workshop.roster.step")}</th>
            {/* A question's id in the lesson (its column in the exports too). */}
            {keys.map((k) => (
              <th key={k} scope="col" translate="no">
                {k}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {state.roster.map((p) => (
            <tr key={p.id}>
              {/* A student's display name is theirs, in whatever language they wrote it. */}
              <th scope="row" translate="no">{p.name}</th>
              <td>{p.connected ? t("workshop.roster.yes") : t("workshop.roster.no")}</td>
              <td>{p.mode === "following" ? t("workshop.roster.following") : t("workshop.roster.own", { run: p.ownRun })}</td>
              <td>{(p.mode === "following" ? classStep : p.step) ?? "–"}</td>
              {keys.map((k) => (
                <td key={k} translate="no">{p.answers?.[k] ? shortKey(p.answers[k]) : "–"}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </TableRegion>
  );
}
