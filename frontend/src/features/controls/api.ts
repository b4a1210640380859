import { request } from "@/lib/api";

export type RunCommand =
  | { type: "pause" | "resume" | "step" | "stop" | "restart" }
  | { type: "speed"; speed: number }
  | { type: "add_pod"; manifest: Record<string, unknown> }
  | { type: "delete_pod"; pod: string }
  | { type: "add_node"; manifest: Record<string, unknown> }
  | { type: "delete_node" | "cordon" | "uncordon"; node: string }
  | { type: "scale"; kind: "Deployment" | "ReplicaSet" | "StatefulSet"; name: string; namespace: string; replicas: number };

export async function sendCommand(runId: number | string, command: RunCommand): Promise<Record<string, unknown>> {
  return (await request<Record<string, unknown>>(`/api/runs/${runId}/commands/`, { method: "POST", body: command })).data;
}
