import { useQuery } from "@tanstack/react-query";
import { Trans, useTranslation } from "react-i18next";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import type { SimEvent } from "@/protocol/events";
import { shortKey } from "@/lib/format";
import { getLesson, type LessonDetail, type LessonQuestion } from "./api";
import { findSeq } from "./triggers";
import { Markdown } from "./Markdown";
import { StepAnnouncer } from "./StepAnnouncer";
import { Alert } from "@/components/Alert";
import { follow, next, onEvents, previous, progressAt, revealed, stepSeqs, type Move, type Progress } from "./steps";
import { queryKeys } from "@/api/queryKeys";

interface Props {
  slug: string;
  events: readonly SimEvent[];
  /** How many events have arrived (events is appended in place). */
  lastSeq: number;
  /** The seq the views show: steps and reveals follow it. */
  seq: number;
  /** The run's status and whether this viewer may control it (to press Play for a waiting step). */
  status: string | null;
  canControl: boolean;
  /** The run's virtual time now, shown while a step is awaited. */
  now: number;
  /** Send a run command (Play for an awaited step, Skip to the next event); a refusal is shown in the panel. */
  send(command: Record<string, unknown>): Promise<unknown>;
  /** Hold the views at a seq (null = live): the lesson walks the run step by step. */
  onSeek(seq: number | null): void;
  /** False in a workshop: the class answers there, and the instructor reveals. */
  showQuestions?: boolean;
  /** A workshop follower's screen shows the instructor's step (1-based; null: the step at the event shown). */
  followStep?: number | null;
}

/**
 * Lesson player. The server runs the lesson (its timed commands included); the panel holds the
 * view at the current step's event, so the text and the map/queue agree, and "Next step" moves
 * exactly one step, waiting for it (and pressing Play, for the run's owner) if it has not happened.
 */
export function LessonPanel({ slug, events, lastSeq, seq, status, canControl, now, send, onSeek, showQuestions = true, followStep }: Props) {
  // The texts in the reader's language (the triggers, answers and choices are the same in every language).
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? "en";
  const lessonQuery = useQuery({ queryKey: queryKeys.lesson(slug, language), queryFn: () => getLesson(slug, language), staleTime: Infinity,
    // A language switch keeps this lesson on screen until its new texts arrive (another lesson's never).
    placeholderData: (previous, query) => (query?.queryKey[1] === slug ? previous : undefined) });
  const lesson: LessonDetail | null = lessonQuery.data ?? null;
  const error = lessonQuery.error ? lessonQuery.error.message : null;
  const [answers, setAnswers] = useState<Record<string, string>>({});
  const [waitingFor, setWaitingFor] = useState<number | null>(null);
  // Where the person pressed Next step or Skip: a refused command is drawn here, not atop the page.
  const [commandError, setCommandError] = useState<string | null>(null);
  const command = useCallback(
    (c: Record<string, unknown>) => {
      setCommandError(null);
      send(c).catch((e: unknown) => setCommandError(`${String(c.type)}: ${e instanceof Error ? e.message : String(e)}`));
    },
    [send],
  );

  // eslint-disable-next-line react-hooks/exhaustive-deps -- the events grow in place (RunStore.allEvents): lastSeq says they changed
  const seqs = useMemo(() => (lesson ? stepSeqs(lesson.steps.map((s) => s.at), events) : []), [lesson, events, lastSeq]);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the events grow in place (RunStore.allEvents): lastSeq says they changed
  const revealSeqs = useMemo(() => lesson?.questions.map((q) => findSeq(q.revealAt, events)) ?? [], [lesson, events, lastSeq]);

  const following = followStep !== undefined;
  // The step is read from the event on screen; a follower held at the instructor's event shows the
  // step the server read there (the same rule), and nothing is awaited.
  const progress: Progress = following && followStep !== null ? follow(followStep) : progressAt(seqs, seq, following ? null : waitingFor);
  const move = (m: Move | null) => {
    if (!m) return;
    setWaitingFor(m.progress.waitingFor);
    if (m.seek !== undefined) onSeek(m.seek);
    // Waiting: the view stays on this step while the run plays on to the awaited one.
    else if (m.progress.waitingFor !== null) onSeek(seq);
  };
  // When events arrive: finish a "Next" that waited (clicks move by themselves).
  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect -- answers the events' arrival (the run's socket), once per change of seqs
    if (!following) move(onEvents(progress, seqs));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only new events finish a waiting Next, not a click's own move
  }, [seqs, following]);

  // Waiting for a step that has not happened: the owner's paused run is played to get there.
  const resumed = useRef<number | null>(null);
  useEffect(() => {
    if (progress.waitingFor === null || !canControl || status !== "paused") return;
    if (resumed.current === progress.waitingFor) return;
    resumed.current = progress.waitingFor;
    command({ type: "resume" });
  }, [progress.waitingFor, canControl, status, command]);

  if (error) return <p role="alert">{t("lesson.error", { error })}</p>;
  if (!lesson) return <p>{t("lesson.loading")}</p>;
  const total = lesson.steps.length;
  const last = progress.current >= total - 1;
  const waiting = progress.waitingFor !== null ? lesson.steps[progress.waitingFor] : null;
  const ended = status === "finished" || status === "failed" || status === "settled";
  return (
    // data-step: the step drawn (1-based; 0 before the first), a marker for measuring tools
    // (bench_workshop --browsers times a follower's screen by it).
    <section className="lesson" aria-labelledby="lesson-title" data-step={progress.current + 1}>
      <header className="panel-head">
        <h2 id="lesson-title">
          {t("lesson.title", { number: lesson.number, title: lesson.title })}
        </h2>
        <div className="lesson__nav">
          {!following && (
            <>
              <button type="button" onClick={() => move(previous(progress, seqs))} disabled={progress.current <= 0}>
                {t("lesson.previous")}
              </button>
              <button type="button" className="button--primary" onClick={() => move(next(progress, seqs))} disabled={progress.current < 0}>
                {last ? t("lesson.goLive") : t("lesson.next")}
              </button>
            </>
          )}
          <span className="muted" aria-live="polite" aria-atomic="true">
            {t("lesson.stepOf", { step: Math.max(progress.current + 1, 0), total })}
          </span>
        </div>
      </header>
      <StepAnnouncer title={lesson.steps[progress.current]?.title} markdown={lesson.steps[progress.current]?.markdown} />
      {lesson.buildsOn.length > 0 && (
        <p className="lesson__builds-on muted">
          <Trans
            i18nKey="lesson.buildsOn"
            values={{ list: lesson.buildsOn.map((b) => t("lesson.buildsOnItem", { number: b.number, title: b.title })).join(language.startsWith("zh") ? "；" : "; ") }}
            components={{ glossary: <a href="/glossary" target="_blank" rel="noreferrer noopener" /> }}
          />
        </p>
      )}
      <p className="lesson__idea">{lesson.idea}</p>
      {waiting && (
        <p className="lesson__waiting" aria-live="polite">
          {t(ended ? "lesson.waiting.ended" : canControl ? "lesson.waiting.canPlay" : "lesson.waiting.ownerPlays",
             { step: progress.waitingFor! + 1, title: waiting.title, time: now.toFixed(1), status: status ? t(`common.runStatus.${status}`) : "" })}
          {canControl && !ended && (
            <>
              {" "}
              {/* The run's "step" command: due timers fire at once (a grace period, a backoff, a timed
                  command), then one scheduling cycle runs — virtual time jumps, no wall time is waited. */}
              <button type="button" onClick={() => command({ type: "step" })}>
                {t("lesson.skip")}
              </button>
            </>
          )}
        </p>
      )}
      {commandError && <Alert text={commandError} />}
      {showQuestions && lesson.questions.map((q, i) => {
        if (q.askAt > progress.current + 1) return null;  // asked at its step, once its answer is on screen
        const shown = revealed(revealSeqs[i], seq);
        const picked = answers[q.id] ?? "";
        const verdict = shown ? (picked === "" ? "unanswered" : picked === q.answer ? "right" : "wrong") : null;
        return (
          <div key={q.id} className={`question ${verdict ? `question--revealed question--${verdict}` : ""}`}>
            <p>
              <strong>{t("lesson.predict")}</strong> {q.prompt}
            </p>
            <div className="field field--inline">
              <label htmlFor={`q-${q.id}`}>{t(`lesson.yourAnswer.${q.kind}`)}</label>
              <select id={`q-${q.id}`} value={picked} disabled={shown} onChange={(e) => setAnswers((a) => ({ ...a, [q.id]: e.target.value }))}>
                <option value="">{t("lesson.choose")}</option>
                {q.choices.map((c) => (
                  <option key={c} value={c} translate="no">
                    {shortKey(c)}
                  </option>
                ))}
                {q.noneOfThese && <option value={NONE}>{t("lesson.noneOfThese")}</option>}
              </select>
            </div>
            {verdict && <QuestionResult verdict={verdict} picked={picked} question={q} />}
          </div>
        );
      })}
      <ol className="steps">
        {lesson.steps.slice(0, progress.current + 1).map((s, i) => {
          const current = i === progress.current;
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
      {!last && !waiting && progress.current >= 0 && (
        <p className="muted">
          {t(seqs[progress.current + 1] === null ? "lesson.upNextNotYet" : "lesson.upNext", { title: lesson.steps[progress.current + 1].title })}
        </p>
      )}
    </section>
  );
}

/** The value of "none of these": no object is named so (a pod key has a slash; a node name no spaces). */
const NONE = "none of these";

/** The reveal: a right answer, a wrong one ("you said X — the answer is Y") and none look different. */
function QuestionResult({ verdict, picked, question }: { verdict: "right" | "wrong" | "unanswered"; picked: string; question: LessonQuestion }) {
  const { t } = useTranslation();
  // The answer and the pick are a pod's or a node's name, as the cluster has them.
  const components = { answer: <strong translate="no" />, picked: <strong translate={picked === NONE ? undefined : "no"} /> };
  const values = { answer: shortKey(question.answer), picked: picked === NONE ? t("lesson.noneOfThese") : shortKey(picked) };
  return (
    <p role="status" className={`question__result question__result--${verdict}`}>
      <Trans i18nKey={`lesson.result.${verdict}`} values={values} components={components} /> {question.explanation}
    </p>
  );
}
