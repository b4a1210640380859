import { useEffect, useMemo, useRef, useState } from "react";
import type { SimEvent } from "@/protocol/events";
import type { RunState } from "@/protocol/state";
import { shortKey } from "@/lib/format";
import { getLesson, type LessonDetail } from "./api";
import { findSeq } from "./triggers";
import { Markdown } from "./Markdown";

interface Props {
  slug: string;
  events: readonly SimEvent[];
  /** The seq the views show (live or rewound): steps and reveals follow it. */
  seq: number;
  state: RunState;
  canControl: boolean;
  live: boolean;
  /** Virtual time of the run, for the lesson's timed commands. */
  now: number;
  send(command: Record<string, unknown>): void;
}

/** Lesson player: steps appear when their trigger fires; questions reveal at their moment. */
export function LessonPanel({ slug, events, seq, state, canControl, live, now, send }: Props) {
  const [lesson, setLesson] = useState<LessonDetail | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [pauseAtSteps, setPauseAtSteps] = useState(true);
  const [answers, setAnswers] = useState<Record<string, string>>({});
  useEffect(() => {
    getLesson(slug).then(setLesson, (e: Error) => setError(e.message));
  }, [slug]);

  const stepSeqs = useMemo(() => lesson?.steps.map((s) => findSeq(s.at, events, seq)) ?? [], [lesson, events, seq]);
  const revealSeqs = useMemo(() => lesson?.questions.map((q) => findSeq(q.revealAt, events, seq)) ?? [], [lesson, events, seq]);
  const fired = stepSeqs.filter((s) => s !== null).length;

  // Pause the run when a new step fires live, so the class can read it.
  const lastFired = useRef(fired);
  useEffect(() => {
    if (live && canControl && pauseAtSteps && fired > lastFired.current && fired > 1) send({ type: "pause" });
    lastFired.current = fired;
  }, [fired, live, canControl, pauseAtSteps, send]);

  // Timed commands: the client applies them at their virtual time (docs/lessons.md).
  const sent = useRef(new Set<number>());
  const appliedCount = useMemo(() => events.filter((e) => e.kind === "command.applied").length, [events, events.length]);
  useEffect(() => {
    if (!lesson || !canControl || !live) return;
    lesson.commands.forEach((c, i) => {
      if (i >= appliedCount && c.at <= now && !sent.current.has(i)) {
        sent.current.add(i);
        send(c.command);
      }
    });
  }, [lesson, canControl, live, now, appliedCount, send]);

  if (error) return <p role="alert">Lesson: {error}</p>;
  if (!lesson) return <p>Loading lesson…</p>;
  const choices = (kind: "node" | "pod") => (kind === "node" ? state.nodeOrder : Object.keys(state.pods));
  return (
    <section className="lesson" aria-labelledby="lesson-title">
      <header className="panel-head">
        <h2 id="lesson-title">
          Lesson {lesson.number}: {lesson.title}
        </h2>
        {canControl && (
          <div className="field field--check">
            <input id="pause-at-steps" type="checkbox" checked={pauseAtSteps} onChange={(e) => setPauseAtSteps(e.target.checked)} />
            <label htmlFor="pause-at-steps">Pause at each step</label>
          </div>
        )}
      </header>
      <p className="lesson__idea">{lesson.idea}</p>
      {lesson.questions.map((q, i) => {
        const revealed = revealSeqs[i] !== null;
        const picked = answers[q.id] ?? "";
        return (
          <div key={q.id} className={`question ${revealed ? "question--revealed" : ""}`}>
            <p>
              <strong>Predict:</strong> {q.prompt}
            </p>
            <div className="field field--inline">
              <label htmlFor={`q-${q.id}`}>Your answer ({q.kind})</label>
              <select id={`q-${q.id}`} value={picked} disabled={revealed} onChange={(e) => setAnswers((a) => ({ ...a, [q.id]: e.target.value }))}>
                <option value="">choose…</option>
                {choices(q.kind).map((c) => (
                  <option key={c} value={c}>
                    {shortKey(c)}
                  </option>
                ))}
                {picked && !choices(q.kind).includes(picked) && <option value={picked}>{shortKey(picked)}</option>}
              </select>
            </div>
            {revealed && (
              <p role="status">
                Answer: <strong>{shortKey(q.answer)}</strong>
                {picked ? (picked === q.answer ? " — you got it." : ` — you said ${shortKey(picked)}.`) : ""} {q.explanation}
              </p>
            )}
          </div>
        );
      })}
      <ol className="steps">
        {lesson.steps.map((s, i) => {
          const at = stepSeqs[i];
          if (at === null) return null;
          const current = i === fired - 1;
          return (
            <li key={i} className={current ? "step step--current" : "step"} aria-current={current ? "step" : undefined}>
              <h3>{s.title}</h3>
              <Markdown text={s.markdown} />
            </li>
          );
        })}
      </ol>
      {fired < lesson.steps.length && <p className="muted">Next: “{lesson.steps[fired].title}” — press Play or Step to continue.</p>}
    </section>
  );
}
