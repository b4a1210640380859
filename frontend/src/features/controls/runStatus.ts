import i18n from "@/i18n";
import type { RunView, SocketStatus } from "@/lib/socket";

/** "paused", "queued (waiting for a worker: 3 runs ahead) · position 4 in the queue", … in the
 * reader's language; the reason is the server's text, as it gave it. */
export function describeStatus(run: RunView | null): string {
  if (!run) return i18n.t("run.status.connecting");
  const status = i18n.t(`run.status.${run.status}`);
  const reason = run.reason ? i18n.t("run.status.reason", { reason: run.reason }) : "";
  const position = run.status === "queued" && typeof run.queuePosition === "number" ? i18n.t("run.status.position", { position: run.queuePosition }) : "";
  return `${status}${reason}${position}`;
}

/** A socket's state in words ("open", "reconnecting", …). */
export function socketWord(status: SocketStatus): string {
  return i18n.t(`run.socket.${status}`);
}
