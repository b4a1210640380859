// What the compare view asks of the runs API: fork a run at an event ("what if…?"), change the fork.
import { request } from "@/lib/api";

export async function forkRun(runId: number, seq: number): Promise<{ id: number }> {
  return (await request<{ id: number }>(`/api/runs/${runId}/fork/`, { method: "POST", body: { seq } })).data;
}

export async function command(runId: number, body: Record<string, unknown>): Promise<void> {
  await request(`/api/runs/${runId}/commands/`, { method: "POST", body });
}

export function nodeManifest(name: string, cpu: string, memory: string): Record<string, unknown> {
  return { apiVersion: "v1", kind: "Node", metadata: { name, labels: { "kubernetes.io/hostname": name } },
           status: { allocatable: { cpu, memory, pods: "110" }, capacity: { cpu, memory, pods: "110" } } };
}
