import { getJson } from "@/lib/api";

export type Trigger = Record<string, unknown>;

export interface LessonStep {
  title: string;
  markdown: string;
  at: Trigger;
}

export interface LessonQuestion {
  id: string;
  prompt: string;
  kind: "node" | "pod";
  answer: string;
  explanation: string;
  revealAt: Trigger;
  /** The step (1-based) at which it is asked: its answer is on screen by then. */
  askAt: number;
  /** Every node name or pod key of its kind that the lesson's run has at any point (the server's). */
  choices: string[];
  /** Whether "none of these" is offered too. */
  noneOfThese: boolean;
}

export interface LessonDetail {
  slug: string;
  number: number;
  title: string;
  summary: string;
  idea: string;
  /** The earlier lessons it relies on, in order. */
  buildsOn: { slug: string; number: number; title: string }[];
  scenario: string;
  seed: number;
  until: number | null;
  commands: { at: number; command: Record<string, unknown> }[];
  steps: LessonStep[];
  questions: LessonQuestion[];
  /** The texts' language: the one asked for, or "en" for a lesson not yet translated into it. */
  language?: string;
}

/** The lesson with its texts in ``language`` where it is translated (else as written, in English). */
export const getLesson = (slug: string, language?: string) =>
  getJson<LessonDetail>(`/api/lessons/${slug}/${language ? `?lang=${encodeURIComponent(language)}` : ""}`);
