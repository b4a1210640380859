import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "@/lib/api";
import { createWorkshop } from "./api";
import type { WorkshopView } from "./state";
import { LessonSelect, type LessonChoice } from "./LessonSelect";

/** Lead a workshop: from a lesson (its run, steps and questions) or from any scenario you can read. */
export function NewWorkshopForm({ lessons, onCreated }: { lessons: readonly LessonChoice[]; onCreated(w: WorkshopView): void }) {
  const { t } = useTranslation();
  const [lesson, setLesson] = useState("");
  const [scenario, setScenario] = useState("");
  const [error, setError] = useState<string | null>(null);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    try {
      onCreated(await createWorkshop(lesson ? { lesson } : { scenario }));
    } catch (err) {
      setError(err instanceof ApiError ? err.message : String(err));
    }
  };
  return (
    <form onSubmit={submit} aria-label={t("workshop.lead.form")}>
      <div className="field">
        <LessonSelect id="new-lesson" lessons={lessons} value={lesson} onChange={setLesson} />
      </div>
      {!lesson && (
        <div className="field">
          <label htmlFor="new-scenario">{t("workshop.scenarioSlug")}</label>
          <input id="new-scenario" value={scenario} onChange={(e) => setScenario(e.target.value)} />
        </div>
      )}
      <button type="submit" className="button--primary" disabled={!lesson && !scenario}>
        {t("workshop.lead.submit")}
      </button>
      {error && (
        <p role="alert" className="field__error" lang="en">
          {error}
        </p>
      )}
    </form>
  );
}
