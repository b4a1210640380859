// Starting a run (from the editor, the gallery's lessons, a shared link), listing and stopping runs.
import { api, ok, type Schemas } from "@/api/client";
import { ApiError } from "@/lib/api";

export type StartOptions = Omit<Schemas["RunCreateRequest"], "scenario">;

/** A run as the API lists it (GET /api/runs/). */
export type RunSummary = Schemas["RunView"];

export async function startRun(scenario: string, opts: StartOptions = {}): Promise<RunSummary> {
  return ok(api.POST("/api/runs/", { body: { scenario, ...opts } }));
}

/** GET /api/runs/<id>/ */
export async function getRun(runId: number): Promise<RunSummary> {
  return ok(api.GET("/api/runs/{run_id}/", { params: { path: { run_id: runId } } }));
}

/** The newest runs of a scenario (the first page; the list is paged like scenarios). */
export async function runsOfScenario(slug: string): Promise<RunSummary[]> {
  return (await ok(api.GET("/api/runs/", { params: { query: { scenario: slug } } }))).results;
}

/** My runs that count against my active-run limit (the first page: the limit is a few runs). */
export async function myActiveRuns(): Promise<RunSummary[]> {
  return (await ok(api.GET("/api/runs/", { params: { query: { active: true } } }))).results;
}

/** My runs, newest first (the first page): what counts in my storage quota. */
export async function myRuns(): Promise<RunSummary[]> {
  return (await ok(api.GET("/api/runs/"))).results;
}

/** Delete my run (stopped first if active): its events and commands go, its bytes leave my storage quota. */
export async function deleteRun(runId: number): Promise<void> {
  await ok(api.DELETE("/api/runs/{run_id}/", { params: { path: { run_id: runId } } }));
}

export async function stopRun(runId: number): Promise<void> {
  await ok(api.POST("/api/runs/{run_id}/commands/", { params: { path: { run_id: runId } }, body: { type: "stop" } }));
}

/** A start refused because the owner already has as many active runs as allowed (429 naming them). */
export function isRunLimit(e: unknown): boolean {
  return e instanceof ApiError && e.status === 429 && e.errors.some((x) => Array.isArray(x.runs));
}
