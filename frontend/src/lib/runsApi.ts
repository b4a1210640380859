// Starting a run (from the editor, the gallery's lessons, a shared link).
import { request } from "@/lib/api";

export async function startRun(scenario: string, opts: { seed?: number; speed?: number } = {}): Promise<{ id: number }> {
  const body: Record<string, unknown> = { scenario };
  if (opts.seed !== undefined) body.seed = opts.seed;
  if (opts.speed !== undefined) body.speed = opts.speed;
  return (await request<{ id: number }>("/api/runs/", { method: "POST", body })).data;
}

export interface RunSummary {
  id: number;
  status: string;
  reason: string;
  createdAt?: string;
  owner?: { username: string };
}

export async function runsOfScenario(slug: string): Promise<RunSummary[]> {
  return (await request<RunSummary[]>(`/api/runs/?scenario=${encodeURIComponent(slug)}`)).data;
}
