import { useState } from "react";
import { useTranslation } from "react-i18next";
import { shortKey } from "@/lib/format";
import { type ClassQuestion, questionIn } from "./state";
import { TallyBars } from "./TallyBars";

interface Props {
  questions: readonly ClassQuestion[];
  /** What can be answered: the node names or pod keys on the student's screen. */
  choices(kind: ClassQuestion["kind"]): readonly string[];
  /** Sends the answer (the workshop socket); the server's "answered" sets `mine`. */
  onAnswer(key: string, choice: string): void;
  /** The last refusal (e.g. predictions closed), from the socket. */
  error: string | null;
}

/** The student's side of the class predictions: answer, then see the answer and the tally at the reveal. */
export function ClassQuestions({ questions, choices, onAnswer, error }: Props) {
  const { t } = useTranslation();
  if (questions.length === 0) return null;
  return (
    <section className="class-questions" aria-label={t("workshop.questions.label")}>
      {questions.map((q) => (
        <QuestionCard key={`${q.push}-${q.key}`} question={q} choices={choices(q.kind)} onAnswer={onAnswer} />
      ))}
      {error && (
        <p role="alert" className="field__error">
          {error}
        </p>
      )}
    </section>
  );
}

function QuestionCard({ question: q, choices, onAnswer }: { question: ClassQuestion; choices: readonly string[]; onAnswer: Props["onAnswer"] }) {
  const { t, i18n } = useTranslation();
  const [picked, setPicked] = useState(q.mine ?? "");
  const submit = () => onAnswer(q.key, picked);
  const { prompt, explanation } = questionIn(q, i18n.resolvedLanguage);
  const options = picked && !choices.includes(picked) ? [...choices, picked] : choices;
  return (
    <div className={q.revealed ? "question question--revealed" : "question"}>
      <p>
        <strong>{t("workshop.questions.predict")}</strong> {prompt}
      </p>
      {!q.revealed && (
        <div className="field field--inline">
          <label htmlFor={`cq-${q.key}`}>{t(`workshop.questions.yourPrediction.${q.kind}`)}</label>
          <select id={`cq-${q.key}`} value={picked} onChange={(e) => setPicked(e.target.value)}>
            <option value="">{t("workshop.questions.choose")}</option>
            {options.map((c) => (
              <option key={c} value={c} translate="no">
                {shortKey(c)}
              </option>
            ))}
          </select>
          <button type="button" className="button--primary" disabled={!picked} onClick={submit}>
            {q.mine ? t("workshop.questions.change") : t("workshop.questions.send")}
          </button>
        </div>
      )}
      {q.mine && !q.revealed && <p className="muted">{t("workshop.questions.youAnswered", { choice: shortKey(q.mine) })}</p>}
      {q.revealed && q.answer && (
        <>
          <p role="status">
            {t("workshop.questions.answer")} <strong translate="no">{shortKey(q.answer)}</strong>
            {q.mine
              ? q.mine === q.answer
                ? t("workshop.questions.gotIt")
                : t("workshop.questions.youSaid", { choice: shortKey(q.mine) })
              : t("workshop.questions.didNotAnswer")}{" "}
            {explanation}
          </p>
          {q.tally && <TallyBars tally={q.tally} answer={q.answer} label={t("workshop.questions.tally", { prompt })} />}
        </>
      )}
    </div>
  );
}
