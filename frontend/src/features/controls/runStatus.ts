import i18n from "@/i18n";
import type { RunView, SocketStatus } from "@/lib/socket";

/** The run lifecycle's own reasons (playground/runs/lifecycle.py, selectors.py), by catalog key. */
const REASONS: Record<string, string> = { quiescent: "quiescent", stopped: "stopped", restarted: "restarted", "waiting for a change": "settled" };
const WORKER_AHEAD = /^waiting for a worker: (\d+) runs? ahead$/;

/** A reason in the reader's language when it is one of the lifecycle's; a failure's message as the server gave it. */
function reasonWords(reason: string): string {
  if (reason in REASONS) return i18n.t(`run.status.reasons.${REASONS[reason]}`);
  const ahead = WORKER_AHEAD.exec(reason);
  return ahead ? i18n.t("run.status.reasons.worker", { count: Number(ahead[1]) }) : reason;
}

/** "paused", "queued (waiting for a worker: 3 runs ahead) · position 4 in the queue", … in the
 * reader's language. */
export function describeStatus(run: RunView | null): string {
  if (!run) return i18n.t("run.status.connecting");
  const status = i18n.t(`common.runStatus.${run.status}`);
  const reason = run.reason ? i18n.t("run.status.reason", { reason: reasonWords(run.reason) }) : "";
  const position = run.status === "queued" && typeof run.queuePosition === "number" ? i18n.t("run.status.position", { position: run.queuePosition }) : "";
  return `${status}${reason}${position}`;
}

/** A socket's state in words ("open", "reconnecting", …). */
export function socketWord(status: SocketStatus): string {
  return i18n.t(`run.socket.${status}`);
}
