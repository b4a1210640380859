import { useTranslation } from "react-i18next";
import { shortKey } from "@/lib/format";
import { questionIn, type Projection } from "./state";
import { QrCode } from "./QrCode";
import { TallyBars } from "./TallyBars";

interface Props {
  shown: Projection;
  /** The lesson being taught: its title and step titles, when it is a lesson. */
  lesson: { title: string; steps: readonly { title: string }[] } | null;
}

/** The projector (/w/<code>/present): how to join, big; where the class is; the question's bars.
 * Names and the answer stay on the instructor's laptop until the reveal (see `projection`). */
export function ProjectorView({ shown, lesson }: Props) {
  const { t, i18n } = useTranslation();
  const step = shown.step && lesson ? lesson.steps[shown.step - 1] : undefined;
  const q = shown.question;
  // The question in the instructor's language, as the rest of the projector.
  const texts = q ? questionIn(q, i18n.resolvedLanguage) : null;
  return (
    <main className="projector" aria-label={t("workshop.projector.label")}>
      <section className="projector__join" aria-label={t("workshop.projector.howToJoin")}>
        <p className="projector__hint">{t("workshop.projector.joinWithCode")}</p>
        <p className="projector__code" aria-label={t("workshop.joinCode")}>
          {shown.code}
        </p>
        <p className="projector__url">
          {t("workshop.projector.orOpen")} <span aria-label={t("workshop.projector.joinAddress")}>{shown.joinUrl}</span>
        </p>
        <QrCode text={shown.joinUrl} size={320} label={t("workshop.projector.qr", { url: shown.joinUrl })} />
      </section>
      <section className="projector__class" aria-label={t("workshop.projector.whereClass")}>
        <h1 translate={lesson ? undefined : "no"}>{lesson?.title ?? shown.title}</h1>
        {shown.ended && <p role="status">{t("workshop.ended")}</p>}
        {lesson && shown.step ? (
          <p className="projector__step">
            {step ? t("workshop.projector.stepTitled", { step: shown.step, total: lesson.steps.length, title: step.title }) : t("lesson.stepOf", { step: shown.step, total: lesson.steps.length })}
          </p>
        ) : null}
        {q && (
          <div className="projector__question" role="group" aria-label={t("workshop.projector.question")}>
            <h2>{texts?.prompt}</h2>
            {q.tally && <TallyBars tally={q.tally} answer={q.answer} label={t("workshop.projector.answers")} />}
            {q.revealed && q.answer ? (
              <p role="status">
                {t("workshop.questions.answer")} <strong translate="no">{shortKey(q.answer)}</strong>
                {texts?.explanation ? ` — ${texts.explanation}` : ""}
              </p>
            ) : (
              <p className="muted">{t("workshop.projector.answerOnScreen")}</p>
            )}
          </div>
        )}
      </section>
    </main>
  );
}
