import { useState } from "react";
import { useTranslation } from "react-i18next";
import { formatNumber } from "@/i18n/format";
import { ApiError } from "@/lib/api";
import { isRunLimit } from "@/lib/runsApi";
import type { RunView } from "@/lib/socket";
import { StartError } from "@/features/myruns/StartError";
import { sendCommand, type RunCommand } from "./api";

interface Props {
  run: RunView;
  onRestarted?(newRunId: number): void;
}

/** 0 is "as fast as possible". */
const SPEEDS = [0.5, 1, 2, 5, 20, 0] as const;

export function RunControls({ run, onRestarted }: Props) {
  const { t } = useTranslation();
  const speedLabel = (speed: number) => (speed === 0 ? t("run.controls.fastest") : t("run.controls.times", { speed: formatNumber(speed) }));
  // Drawn in the toolbar, next to the button pressed; a restart refused for the active-run limit offers My runs.
  const [error, setError] = useState<{ text: string; runLimit: boolean } | null>(null);
  const [busy, setBusy] = useState(false);
  // The worker applies commands between ticks; show the chosen speed until the run reports it.
  const [speedChoice, setSpeedChoice] = useState<number | null>(null);
  const shownSpeed = speedChoice ?? run.speed;
  // Not disabled while a command is applied: a disabled button drops the keyboard focus to the
  // page's top; a second press meanwhile is ignored instead.
  const disabled = !run.canControl;
  const send = async (cmd: RunCommand) => {
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      const res = await sendCommand(run.id, cmd);
      const restarted = res.run?.id;  // a restart answers with the new run (CommandResult, api/schema.d.ts)
      if (cmd.type === "restart" && typeof restarted === "number" && restarted !== run.id) onRestarted?.(restarted);
    } catch (e) {
      setError({ text: e instanceof ApiError ? e.message : String(e), runLimit: isRunLimit(e) });
    } finally {
      setBusy(false);
    }
  };
  const running = run.status === "running" || run.status === "queued" || run.status === "settled";
  const terminal = run.status === "failed" || (run.status === "finished" && run.reason === "stopped");
  return (
    <div className="controls" role="toolbar" aria-label={t("run.controls.label")}>
      {/* One button that turns from Play to Pause: the focus stays on it. */}
      <button type="button" onClick={() => send({ type: running ? "pause" : "resume" })} disabled={disabled || (!running && terminal)}>
        {running ? t("run.controls.pause") : t("run.controls.play")}
      </button>
      <button type="button" onClick={() => send({ type: "step" })} disabled={disabled || terminal}>
        {t("run.controls.step")}
      </button>
      <div className="field field--inline">
        <label htmlFor="speed">{t("run.controls.speed")}</label>
        <select
          id="speed"
          value={String(shownSpeed)}
          disabled={!run.canControl}
          onChange={(e) => {
            setSpeedChoice(Number(e.target.value));
            void send({ type: "speed", speed: Number(e.target.value) });
          }}
        >
          {SPEEDS.map((s) => (
            <option key={s} value={s}>
              {speedLabel(s)}
            </option>
          ))}
          {!(SPEEDS as readonly number[]).includes(shownSpeed) && <option value={shownSpeed}>{speedLabel(shownSpeed)}</option>}
        </select>
      </div>
      <button type="button" onClick={() => send({ type: "restart" })} disabled={disabled}>
        {t("run.controls.restart")}
      </button>
      <button type="button" onClick={() => send({ type: "stop" })} disabled={disabled || terminal}>
        {t("run.controls.stop")}
      </button>
      {busy && <span className="muted">{t("run.controls.applying")}</span>}
      {!run.canControl && <span className="muted">{t("run.controls.watching")}</span>}
      {error && <StartError text={error.text} runLimit={error.runLimit} className="field__error" />}
    </div>
  );
}
