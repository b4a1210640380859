// Starting a run from the editor (the run view's controls live in features/controls).
import { request } from "@/lib/api";

export async function startRun(scenario: string, opts: { seed?: number; speed?: number } = {}): Promise<{ id: number }> {
  const body: Record<string, unknown> = { scenario };
  if (opts.seed !== undefined) body.seed = opts.seed;
  if (opts.speed !== undefined) body.speed = opts.speed;
  return (await request<{ id: number }>("/api/runs/", { method: "POST", body })).data;
}
