import { getJson, request } from "@/lib/api";

export interface ScenarioSummary {
  slug: string;
  title: string;
  description: string;
  owner: { username: string; isGuest: boolean } | null;
  visibility: "private" | "unlisted" | "public";
  forkedFrom: string | null;
  version: number;
  counts?: Record<string, number>;
  /** Chosen by the instance's staff for the gallery's Featured list. */
  featured?: boolean;
  canEdit: boolean;
  updatedAt?: string;
}

export interface Page<T> {
  count: number;
  next: string | null;
  previous: string | null;
  results: T[];
}

export interface Lesson {
  slug: string;
  title: string;
  summary: string;
  scenario: string;
  seed?: number;
  steps?: { title: string; markdown: string }[];
  /** The texts' language: the one asked for, or "en" for a lesson not yet translated into it. */
  language?: string;
}

/** featured: chosen by the staff; shared: every other public scenario that is not a lesson's (api/schema.d.ts). */
export type Scope = "public" | "mine" | "featured" | "shared";

/** The owner takes a public scenario out of the gallery: unlisted, it opens only by its link. */
export async function unlistScenario(s: ScenarioSummary): Promise<ScenarioSummary> {
  return (await request<ScenarioSummary>(`/api/scenarios/${s.slug}/`, { method: "PATCH", body: { visibility: "unlisted", version: s.version } })).data;
}

export function listScenarios(scope: Scope, search: string, page = 1): Promise<Page<ScenarioSummary>> {
  const q = new URLSearchParams({ scope, search, page: String(page) });
  return getJson<Page<ScenarioSummary>>(`/api/scenarios/?${q}`);
}

export async function listLessons(language: string): Promise<Lesson[]> {
  const data = await getJson<Lesson[] | Page<Lesson>>(`/api/lessons/?lang=${encodeURIComponent(language)}`);
  return Array.isArray(data) ? data : data.results;
}
