import { TextField, CheckField } from "@/components/Field";
import type { ScenarioSettings } from "../api";

// apis/config/v1 default weights (scheduler_core/config.py DEFAULT_PLUGIN_WEIGHTS).
export const DEFAULT_WEIGHTS: Record<string, number> = {
  TaintToleration: 3,
  NodeAffinity: 2,
  NodeResourcesFit: 1,
  PodTopologySpread: 2,
  InterPodAffinity: 2,
  NodeResourcesBalancedAllocation: 1,
  ImageLocality: 1,
};

interface Props {
  settings: ScenarioSettings;
  onChange(s: ScenarioSettings): void;
  errors: Record<string, string>;
  readOnly: boolean;
}

function num(v: string): number | undefined {
  return v.trim() === "" || Number.isNaN(Number(v)) ? undefined : Number(v);
}

export function SettingsSection({ settings, onChange, errors, readOnly }: Props) {
  const put = (k: string, v: unknown) => {
    const next = { ...settings, [k]: v };
    if (v === undefined) delete next[k];
    onChange(next);
  };
  const weights = settings.pluginWeights ?? {};
  const e = (k: string) => errors[`settings.${k}`];
  return (
    <section className="editor-section" aria-labelledby="settings-title">
      <h3 id="settings-title">Scheduler settings</h3>
      <div className="settings-grid">
        <TextField label="Seed" type="number" hint="same seed, same run" value={settings.seed === undefined ? "" : String(settings.seed)} onChange={(v) => put("seed", num(v))} error={e("seed")} readOnly={readOnly} />
        <TextField label="Speed" type="number" hint="virtual seconds per wall second; 0 = as fast as possible (the server says the allowed range)" value={settings.speed === undefined ? "" : String(settings.speed)} onChange={(v) => put("speed", num(v))} error={e("speed")} readOnly={readOnly} />
        <TextField label="percentageOfNodesToScore" type="number" hint="0 = adaptive" value={settings.percentageOfNodesToScore === undefined ? "" : String(settings.percentageOfNodesToScore)} onChange={(v) => put("percentageOfNodesToScore", num(v))} error={e("percentageOfNodesToScore")} readOnly={readOnly} />
        <CheckField label="Preemption (DefaultPreemption) enabled" checked={settings.preemption !== false} onChange={(c) => put("preemption", c)} error={e("preemption")} readOnly={readOnly} />
      </div>
      <fieldset className="weights">
        <legend>Score plugin weights</legend>
        {Object.entries(DEFAULT_WEIGHTS).map(([plugin, def]) => (
          <TextField
            key={plugin}
            label={`${plugin} weight`}
            type="number"
            value={String(weights[plugin] ?? def)}
            onChange={(v) => {
              const n = num(v);
              const next = { ...weights };
              if (n === undefined || n === def) delete next[plugin];
              else next[plugin] = n;
              put("pluginWeights", Object.keys(next).length ? next : undefined);
            }}
            error={e(`pluginWeights.${plugin}`)}
            readOnly={readOnly}
          />
        ))}
      </fieldset>
    </section>
  );
}
