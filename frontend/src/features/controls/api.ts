import { api, ok } from "@/api/client";
import type { components } from "@/api/schema";
import { ApiError } from "@/lib/api";
import { commandOverSocket } from "@/lib/runStore";
import { SocketCommandError } from "@/lib/socket";

/** A run command as the REST API takes it: generated from the OpenAPI schema (scripts/api_types.py),
 * so every command type the server knows is here and no other. */
export type RunCommand = components["schemas"]["Command"];

export type CommandResult = components["schemas"]["CommandResult"];

/** Over the run's open WebSocket when this page watches the run (a POST costs the server about
 * five times as much: docs/benchmarks.md, classroom), else POST …/commands/. The answer is the
 * same either way; `run` comes with a restart's (the run's new status arrives on the socket). */
export async function sendCommand(runId: number | string, command: RunCommand): Promise<CommandResult> {
  const onSocket = commandOverSocket(runId, command);
  if (onSocket) {
    try {
      return (await onSocket) as CommandResult;
    } catch (e) {
      if (e instanceof SocketCommandError) throw new ApiError(e.status, { message: e.message, errors: e.errors });
      throw e;
    }
  }
  return ok(api.POST("/api/runs/{run_id}/commands/", { params: { path: { run_id: Number(runId) } }, body: command }));
}
