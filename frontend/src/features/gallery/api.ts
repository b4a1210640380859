import { api, ok, type Schemas } from "@/api/client";
import type { operations } from "@/api/schema";
import { isLanguage } from "@/i18n";

export type { Page } from "@/api/client";
export type ScenarioSummary = Schemas["ScenarioSummary"];
export type Lesson = Schemas["Lesson"];

/** featured: chosen by the staff; shared: every other public scenario that is not a lesson's (api/schema.d.ts). */
export type Scope = NonNullable<NonNullable<operations["scenarios_get"]["parameters"]["query"]>["scope"]>;

/** The owner takes a public scenario out of the gallery: unlisted, it opens only by its link. */
export async function unlistScenario(s: ScenarioSummary): Promise<ScenarioSummary> {
  return ok(api.PATCH("/api/scenarios/{slug}/", { params: { path: { slug: s.slug } }, body: { visibility: "unlisted", version: s.version } }));
}

// The gallery's first page asks exactly what the server preloads (playground/views.py GALLERY_DATA):
// the same parameters in the same order.
export function listScenarios(scope: Scope, search: string, page = 1): Promise<Schemas["ScenarioPage"]> {
  return ok(api.GET("/api/scenarios/", { params: { query: { scope, search, page } } }));
}

export async function listLessons(language: string): Promise<Lesson[]> {
  return ok(api.GET("/api/lessons/", { params: { query: { lang: isLanguage(language) ? language : "en" } } }));
}
