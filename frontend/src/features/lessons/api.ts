import { api, ok, type Schemas } from "@/api/client";
import { isLanguage } from "@/i18n";

/** When a step shows or a question is revealed (docs/lessons.md): keys of the event it waits for. */
export type Trigger = Record<string, unknown>;

// The schema's triggers are an open object (any event field may be named); the player reads them as one.
export type LessonStep = Omit<Schemas["Step"], "at"> & { at: Trigger };
export type LessonQuestion = Omit<Schemas["Question"], "revealAt"> & { revealAt: Trigger };

/** GET /api/lessons/<slug>/: the schema's Lesson with its triggers as the player reads them. */
export type LessonDetail = Omit<Schemas["Lesson"], "steps" | "questions"> & {
  steps: LessonStep[];
  questions: LessonQuestion[];
};

/** The lesson with its texts in ``language`` where it is translated (else as written, in English). */
export async function getLesson(slug: string, language: string): Promise<LessonDetail> {
  const lang = isLanguage(language) ? language : "en";
  return (await ok(api.GET("/api/lessons/{slug}/", { params: { path: { slug }, query: { lang } } }))) as LessonDetail;
}
