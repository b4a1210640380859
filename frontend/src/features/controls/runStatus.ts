import type { RunView } from "@/lib/socket";

/** "paused", "queued (waiting for a worker: 3 runs ahead) · position 4 in the queue", … */
export function describeStatus(run: RunView | null): string {
  if (!run) return "connecting…";
  const reason = run.reason ? ` (${run.reason})` : "";
  const position = run.status === "queued" && typeof run.queuePosition === "number" ? ` · position ${run.queuePosition} in the queue` : "";
  return `${run.status}${reason}${position}`;
}
