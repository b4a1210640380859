import type { components } from "@/api/schema";
import { request } from "@/lib/api";

/** A run command as the REST API takes it: generated from the OpenAPI schema (scripts/api_types.py),
 * so every command type the server knows is here and no other. */
export type RunCommand = components["schemas"]["Command"];

export type CommandResult = components["schemas"]["CommandResult"];

export async function sendCommand(runId: number | string, command: RunCommand): Promise<CommandResult> {
  return (await request<CommandResult>(`/api/runs/${runId}/commands/`, { method: "POST", body: command })).data;
}
