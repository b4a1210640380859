import { useState } from "react";
import { ApiError } from "@/lib/api";
import { isRunLimit } from "@/lib/runsApi";
import type { RunView } from "@/lib/socket";
import { StartError } from "@/features/myruns/StartError";
import { sendCommand, type RunCommand } from "./api";

interface Props {
  run: RunView;
  onRestarted?(newRunId: number): void;
}

const SPEEDS = [
  { value: 0.5, label: "0.5×" },
  { value: 1, label: "1×" },
  { value: 2, label: "2×" },
  { value: 5, label: "5×" },
  { value: 20, label: "20×" },
  { value: 0, label: "as fast as possible" },
] as const;

export function RunControls({ run, onRestarted }: Props) {
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
    <div className="controls" role="toolbar" aria-label="Run controls">
      {/* One button that turns from Play to Pause: the focus stays on it. */}
      <button type="button" onClick={() => send({ type: running ? "pause" : "resume" })} disabled={disabled || (!running && terminal)}>
        {running ? "Pause" : "▶ Play"}
      </button>
      <button type="button" onClick={() => send({ type: "step" })} disabled={disabled || terminal}>
        Step one cycle
      </button>
      <div className="field field--inline">
        <label htmlFor="speed">Speed</label>
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
            <option key={s.value} value={s.value}>
              {s.label}
            </option>
          ))}
          {!SPEEDS.some((s) => s.value === shownSpeed) && <option value={shownSpeed}>{shownSpeed}×</option>}
        </select>
      </div>
      <button type="button" onClick={() => send({ type: "restart" })} disabled={disabled}>
        ↺ Restart
      </button>
      <button type="button" onClick={() => send({ type: "stop" })} disabled={disabled || terminal}>
        Stop
      </button>
      {busy && <span className="muted">applying…</span>}
      {!run.canControl && <span className="muted">Watching: only the run's owner can control it.</span>}
      {error && <StartError text={error.text} runLimit={error.runLimit} className="field__error" />}
    </div>
  );
}
