// What the compare view asks of the runs API: fork a run at an event ("what if…?"), change the fork.
import { api, ok, type Schemas } from "@/api/client";

const run = (runId: number) => ({ path: { run_id: runId } });

export async function forkRun(runId: number, seq: number): Promise<Schemas["RunView"]> {
  return ok(api.POST("/api/runs/{run_id}/fork/", { params: run(runId), body: { seq } }));
}

export async function command(runId: number, body: Schemas["Command"]): Promise<void> {
  await ok(api.POST("/api/runs/{run_id}/commands/", { params: run(runId), body }));
}

export function nodeManifest(name: string, cpu: string, memory: string): Schemas["Node"] {
  return { apiVersion: "v1", kind: "Node", metadata: { name, labels: { "kubernetes.io/hostname": name } },
           status: { allocatable: { cpu, memory, pods: "110" }, capacity: { cpu, memory, pods: "110" } } };
}
