// Starting a run (from the editor, the gallery's lessons, a shared link).
import { ApiError, request } from "@/lib/api";

export interface StartOptions {
  seed?: number;
  speed?: number;
  /** Stay paused at t=0 (after the cluster snapshot) until Play or Step. */
  paused?: boolean;
  /** A lesson's slug: the server applies its timed commands; the run starts paused. */
  lesson?: string;
}

export async function startRun(scenario: string, opts: StartOptions = {}): Promise<{ id: number }> {
  const body: Record<string, unknown> = { scenario };
  for (const key of ["seed", "speed", "paused", "lesson"] as const) if (opts[key] !== undefined) body[key] = opts[key];
  return (await request<{ id: number }>("/api/runs/", { method: "POST", body })).data;
}

export interface RunSummary {
  id: number;
  status: string;
  reason: string;
  scenario?: string;
  lesson?: string | null;
  time?: number;
  createdAt?: string;
  owner?: { username: string };
}

export interface Page<T> {
  count: number;
  next: string | null;
  previous: string | null;
  results: T[];
}

/** The newest runs of a scenario (the first page; the list is paged like scenarios). */
export async function runsOfScenario(slug: string): Promise<RunSummary[]> {
  return (await request<Page<RunSummary>>(`/api/runs/?scenario=${encodeURIComponent(slug)}`)).data.results;
}

/** My runs that count against my active-run limit (the first page: the limit is a few runs). */
export async function myActiveRuns(): Promise<RunSummary[]> {
  return (await request<Page<RunSummary>>("/api/runs/?active=true")).data.results;
}

/** My runs, newest first (the first page): what counts in my storage quota. */
export async function myRuns(): Promise<RunSummary[]> {
  return (await request<Page<RunSummary>>("/api/runs/")).data.results;
}

/** Delete my run (stopped first if active): its events and commands go, its bytes leave my storage quota. */
export async function deleteRun(runId: number): Promise<void> {
  await request<null>(`/api/runs/${runId}/`, { method: "DELETE" });
}

export async function stopRun(runId: number): Promise<void> {
  await request<unknown>(`/api/runs/${runId}/commands/`, { method: "POST", body: { type: "stop" } });
}

/** A start refused because the owner already has as many active runs as allowed (429 naming them). */
export function isRunLimit(e: unknown): boolean {
  return e instanceof ApiError && e.status === 429 && e.errors.some((x) => Array.isArray(x.runs));
}
