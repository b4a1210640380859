import { shortKey } from "@/lib/format";
import type { Projection } from "./state";
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
  const step = shown.step && lesson ? lesson.steps[shown.step - 1] : undefined;
  const q = shown.question;
  return (
    <main className="projector" aria-label="Projector view">
      <section className="projector__join" aria-label="How to join">
        <p className="projector__hint">Join with the code</p>
        <p className="projector__code" aria-label="Join code">
          {shown.code}
        </p>
        <p className="projector__url">
          or open <span aria-label="Join address">{shown.joinUrl}</span>
        </p>
        <QrCode text={shown.joinUrl} size={320} label={`QR code of ${shown.joinUrl}`} />
      </section>
      <section className="projector__class" aria-label="Where the class is">
        <h1>{lesson?.title ?? shown.title}</h1>
        {shown.ended && <p role="status">The workshop has ended.</p>}
        {lesson && shown.step ? (
          <p className="projector__step">
            Step {shown.step} of {lesson.steps.length}
            {step ? `: ${step.title}` : ""}
          </p>
        ) : null}
        {q && (
          <div className="projector__question" role="group" aria-label="Question to the class">
            <h2>{q.prompt}</h2>
            {q.tally && <TallyBars tally={q.tally} answer={q.answer} label="Class answers" />}
            {q.revealed && q.answer ? (
              <p role="status">
                Answer: <strong>{shortKey(q.answer)}</strong>
                {q.explanation ? ` — ${q.explanation}` : ""}
              </p>
            ) : (
              <p className="muted">Answer on your own screen: the answer is revealed once everyone has had a go.</p>
            )}
          </div>
        )}
      </section>
    </main>
  );
}
