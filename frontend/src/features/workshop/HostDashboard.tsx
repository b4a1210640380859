import { useState, type FormEvent } from "react";
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
  const [error, setError] = useState<string | null>(null);
  // A refusal for too many active runs names them: offer to stop each.
  const [holding, setHolding] = useState<number[]>([]);
  const workshop = state.workshop;
  if (!workshop) return <p>Connecting to the workshop…</p>;
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
    <section className="workshop-dashboard" aria-label="Instructor dashboard">
      <header className="panel-head">
        <h2>
          Workshop <span className="join-code" aria-label="Join code">{code}</span>
        </h2>
        <p>
          Students open <a href={joinLink}>{joinLink}</a> · {state.roster.length} joined,{" "}
          {state.roster.filter((p) => p.connected).length} connected, {following} following · connection: {state.socket}
          {" · "}
          <a href={`/w/${code}/present`} target="_blank" rel="noreferrer">
            Projector view
          </a>
        </p>
        {onlyThisMachine(joinLink) && (
          <p role="note">
            Only this machine can open that address: start the playground with <code>HOST=0.0.0.0 make run</code> to
            share it on the room's network (docs/workshops.md).
          </p>
        )}
      </header>
      <div className="toolbar" role="toolbar" aria-label="Class controls">
        <button type="button" disabled={!open} onClick={() => act(() => setLocked(code, !workshop.locked))} aria-pressed={workshop.locked}>
          {workshop.locked ? "Unlock students' controls" : "Lock students' controls"}
        </button>
        <EndButton disabled={!open} onEnd={() => act(() => endWorkshop(code))} />
        <a href={exportUrl(code, "csv")} download>
          Export results (CSV)
        </a>
        <a href={exportUrl(code, "json")} download>
          Export results (JSON)
        </a>
        {!open && <span role="status">The workshop has ended.</span>}
      </div>
      <PushForm disabled={!open} lessons={lessons} onPush={(body) => act(() => pushToClass(code, body))} />
      {lessonQuestions.length > 0 && (
        <div className="host-questions">
          <h3>Class predictions</h3>
          {lessonQuestions.map((lq) => {
            const q = state.questions.find((x) => x.key === lq.id);
            return (
              <div key={lq.id} className="question" role="group" aria-label={`Question ${lq.id}`}>
                <p>
                  {lq.prompt} <span className="muted">(ask at step {lq.askAt})</span>
                </p>
                {!q ? (
                  <button type="button" disabled={!open} onClick={() => act(() => askQuestion(code, lq.id))}>
                    Ask the class
                  </button>
                ) : (
                  <>
                    {q.tally && <TallyBars tally={q.tally} answer={q.revealed ? q.answer : undefined} label={`Live tally: ${lq.id}`} />}
                    {q.revealed ? (
                      <p role="status">Revealed: {shortKey(q.answer ?? "")}</p>
                    ) : (
                      <button type="button" className="button--primary" onClick={() => act(() => revealQuestion(code, lq.id))}>
                        Reveal to everyone (answer: {shortKey(q.answer ?? "")})
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
        <p role="alert" className="field__error">
          {error}
        </p>
      )}
      {holding.map((id) => (
        <button key={id} type="button" onClick={() => act(() => stopRun(id))}>
          Stop run {id}
        </button>
      ))}
    </section>
  );
}

/** Ending cannot be undone (joins, answers and moves are refused after): it asks first. */
function EndButton({ disabled, onEnd }: { disabled: boolean; onEnd(): void }) {
  const [asking, setAsking] = useState(false);
  if (!asking)
    return (
      <button type="button" className="button--danger" disabled={disabled} onClick={() => setAsking(true)}>
        End the workshop
      </button>
    );
  return (
    <span role="group" aria-label="Confirm ending the workshop">
      End it for everyone? Joins, answers and moves stop; results stay for export.{" "}
      <button type="button" className="button--danger" autoFocus onClick={() => { setAsking(false); onEnd(); }}>
        Yes, end the workshop
      </button>
      <button type="button" onClick={() => setAsking(false)}>
        Keep it open
      </button>
    </span>
  );
}

function PushForm({ disabled, lessons, onPush }: { disabled: boolean; lessons: Props["lessons"]; onPush(body: Record<string, unknown>): void }) {
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
      <form onSubmit={submit} aria-label="Push to everyone">
        <div className="field field--inline">
          <LessonSelect id="push-lesson" lessons={lessons} value={lesson} onChange={setLesson} />
          {!lesson && (
            <>
              <label htmlFor="push-scenario">Scenario slug</label>
              <input id="push-scenario" value={scenario} onChange={(e) => setScenario(e.target.value)} />
            </>
          )}
          <button type="submit" disabled={disabled || (!lesson && !scenario)}>
            Push to everyone
          </button>
        </div>
      </form>
      <form
        aria-label="Push a comparison"
        onSubmit={(e) => {
          e.preventDefault();
          onPush({ compare: { a: Number(a), b: Number(b) } });
        }}
      >
        <div className="field field--inline">
          <label htmlFor="push-a">Compare run</label>
          <input id="push-a" inputMode="numeric" value={a} onChange={(e) => setA(e.target.value)} size={6} />
          <label htmlFor="push-b">with run</label>
          <input id="push-b" inputMode="numeric" value={b} onChange={(e) => setB(e.target.value)} size={6} />
          <button type="submit" disabled={disabled || !a || !b}>
            Push the comparison
          </button>
        </div>
      </form>
    </div>
  );
}

function Roster({ state }: { state: WorkshopState }) {
  const keys = state.questions.map((q) => q.key);
  const classStep = state.workshop?.position.step ?? null;
  return (
    <TableRegion label="Roster">
      <table aria-label="Roster">
        <thead>
          <tr>
            <th scope="col">Student</th>
            <th scope="col">Connected</th>
            <th scope="col">Where</th>
            <th scope="col">Step</th>
            {keys.map((k) => (
              <th key={k} scope="col">
                {k}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {state.roster.map((p) => (
            <tr key={p.id}>
              <th scope="row">{p.name}</th>
              <td>{p.connected ? "yes" : "no"}</td>
              <td>{p.mode === "following" ? "following" : `on their own (run ${p.ownRun})`}</td>
              <td>{(p.mode === "following" ? classStep : p.step) ?? "–"}</td>
              {keys.map((k) => (
                <td key={k}>{p.answers?.[k] ? shortKey(p.answers[k]) : "–"}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </TableRegion>
  );
}
