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
  /** Move the views to a seq (null = live): the lesson walks the timeline step by step. */
  onSeek(seq: number | null): void;
}

/**
 * Lesson player. The run goes on in the background; the lesson moves the *view* from one step's
 * trigger to the next, so everyone reads a step at its moment and questions reveal at theirs.
 */
export function LessonPanel({ slug, events, seq, state, canControl, live, now, send, onSeek }: Props) {
  const [lesson, setLesson] = useState<LessonDetail | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [answers, setAnswers] = useState<Record<string, string>>({});
  useEffect(() => {
    getLesson(slug).then(setLesson, (e: Error) => setError(e.message));
  }, [slug]);

  const stepSeqs = useMemo(() => lesson?.steps.map((s) => findSeq(s.at, events, seq)) ?? [], [lesson, events, seq]);
  const revealSeqs = useMemo(() => lesson?.questions.map((q) => findSeq(q.revealAt, events, seq)) ?? [], [lesson, events, seq]);
  const fired = stepSeqs.filter((s) => s !== null).length;
  const total = events.length ? events[events.length - 1].seq : 0;
  // Where each step's trigger is in everything received so far (for Next / Previous).
  const allStepSeqs = useMemo(() => lesson?.steps.map((s) => findSeq(s.at, events)) ?? [], [lesson, events, total]);

  // Start at the first step rather than wherever the run already is.
  const started = useRef(false);
  useEffect(() => {
    if (!lesson || started.current || total === 0) return;
    started.current = true;
    onSeek(allStepSeqs[0] ?? 1);
  }, [lesson, total, allStepSeqs, onSeek]);

  const next = allStepSeqs[fired] ?? null;
  const goNext = () => onSeek(next ?? null);
  const goPrev = () => onSeek(fired >= 2 ? allStepSeqs[fired - 2] : 1);

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
  const choices = (kind: "node" | "pod") => (kind === "node" ? state.nodeOrder : state.pods.keys().sort());
  return (
    <section className="lesson" aria-labelledby="lesson-title">
      <header className="panel-head">
        <h2 id="lesson-title">
          Lesson {lesson.number}: {lesson.title}
        </h2>
        <div className="lesson__nav">
          <button type="button" onClick={goPrev} disabled={fired <= 1}>
            Previous step
          </button>
          <button type="button" className="button--primary" onClick={goNext} disabled={fired >= (lesson.steps.length) && live}>
            {fired >= lesson.steps.length ? "Go live" : next === null ? "Next step (waiting for the run…)" : "Next step"}
          </button>
          <span className="muted">
            Step {Math.max(fired, 0)} of {lesson.steps.length}
          </span>
        </div>
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
              {current ? (
                <>
                  <h3>{s.title}</h3>
                  <Markdown text={s.markdown} />
                </>
              ) : (
                <details>
                  <summary>{s.title}</summary>
                  <Markdown text={s.markdown} />
                </details>
              )}
            </li>
          );
        })}
      </ol>
      {fired < lesson.steps.length && (
        <p className="muted">
          Next: “{lesson.steps[fired].title}”{next === null ? " — the run has not got there yet; press Play, or Step one cycle." : ""}
        </p>
      )}
    </section>
  );
}
