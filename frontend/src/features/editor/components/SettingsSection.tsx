import { TextField, CheckField, SelectField } from "@/components/Field";
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

// The presets of scheduler_core/config.py VERSIONS (tests/e2e/test_settings_form.py checks they agree).
export const VERSIONS = ["v1.29", "v1.30", "v1.31", "v1.32", "v1.33", "v1.34", "v1.35"];
export const DEFAULT_VERSION = "v1.34";

// Feature gates the form can switch, by their upstream names (pkg/features/kube_features.go);
// unset = the version preset's default.
const GATES: { key: string; gate: string; what: string }[] = [
  { key: "async_preemption", gate: "SchedulerAsyncPreemption", what: "victims deleted after the preemptor's cycle, the preemptor gated meanwhile (v1.32 alpha, on from v1.33)" },
  { key: "pop_from_backoff_q", gate: "SchedulerPopFromBackoffQ", what: "an idle scheduler pops backoffQ before the window ends (on from v1.33)" },
];

interface Props {
  settings: ScenarioSettings;
  onChange(s: ScenarioSettings): void;
  errors: Record<string, string>;
  readOnly: boolean;
}

function num(v: string): number | undefined {
  return v.trim() === "" || Number.isNaN(Number(v)) ? undefined : Number(v);
}

const text = (v: unknown) => (v === undefined ? "" : String(v));

export function SettingsSection({ settings, onChange, errors, readOnly }: Props) {
  const put = (k: string, v: unknown) => {
    const next = { ...settings, [k]: v };
    if (v === undefined) delete next[k];
    onChange(next);
  };
  const weights = settings.plugin_weights ?? {};
  const e = (k: string) => errors[`settings.${k}`];
  const version = settings.version ?? DEFAULT_VERSION;
  const numberField = (key: string, label: string, hint: string) => (
    <TextField label={label} type="number" hint={hint} value={text(settings[key])} onChange={(v) => put(key, num(v))} error={e(key)} readOnly={readOnly} />
  );
  return (
    <section className="editor-section" aria-labelledby="settings-title">
      <h3 id="settings-title">Scheduler settings</h3>
      <div className="settings-grid">
        <TextField label="Seed" type="number" hint="same seed, same run" value={text(settings.seed)} onChange={(v) => put("seed", num(v))} error={e("seed")} readOnly={readOnly} />
        <TextField label="Speed" type="number" hint="virtual seconds per wall second; 0 = as fast as possible (the server says the allowed range)" value={text(settings.speed)} onChange={(v) => put("speed", num(v))} error={e("speed")} readOnly={readOnly} />
        <SelectField
          label="Kubernetes version (default profile and feature gates of that release)"
          value={version}
          options={VERSIONS.map((v) => ({ value: v, label: v === DEFAULT_VERSION ? `${v} (default)` : v }))}
          onChange={(v) => put("version", v === DEFAULT_VERSION ? undefined : v)}
          error={e("version")}
          readOnly={readOnly}
        />
        {numberField("percentage_of_nodes_to_score", "percentageOfNodesToScore", "0 = adaptive (50 − nodes/125, at least 5 %)")}
        <CheckField label="Preemption (DefaultPreemption) enabled" checked={settings.preemption !== false} onChange={(c) => put("preemption", c ? undefined : false)} error={e("preemption")} readOnly={readOnly} />
      </div>
      <fieldset className="weights">
        <legend>Feature gates (--feature-gates)</legend>
        {GATES.map(({ key, gate, what }) => (
          <div key={key}>
            <SelectField
              label={gate}
              value={settings[key] === undefined ? "" : settings[key] ? "true" : "false"}
              options={[
                { value: "", label: `${version} default` },
                { value: "true", label: `${gate}=true` },
                { value: "false", label: `${gate}=false` },
              ]}
              onChange={(v) => put(key, v === "" ? undefined : v === "true")}
              error={e(key)}
              readOnly={readOnly}
            />
            <small className="field__hint">{what}</small>
          </div>
        ))}
      </fieldset>
      <fieldset className="weights">
        <legend>DefaultPreemption args</legend>
        {numberField("min_candidate_nodes_percentage", "minCandidateNodesPercentage", "default 10; with the absolute value, how many candidates the dry run looks for")}
        {numberField("min_candidate_nodes_absolute", "minCandidateNodesAbsolute", "default 100; both 0 is refused, as upstream")}
      </fieldset>
      <fieldset className="weights">
        <legend>PermitGate (the playground's teaching Permit plugin)</legend>
        <p className="field__hint">
          Pods whose labels match wait at Permit, assumed on their node, until you allow or reject them on the run page or the timeout rejects
          them. Not an upstream plugin: upstream's default profile has no Permit plugin.
        </p>
        <TextField
          label="PermitGate label selector"
          hint='"key=value", or "key" for any value; empty = no PermitGate'
          value={text(settings.permit_gate_label)}
          onChange={(v) => put("permit_gate_label", v.trim() === "" ? undefined : v.trim())}
          error={e("permit_gate_label")}
          readOnly={readOnly}
        />
        {numberField("permit_gate_timeout_seconds", "PermitGate timeout (seconds)", "default 60; RunPermitPlugins caps any wait at 15 minutes")}
      </fieldset>
      <fieldset className="weights">
        <legend>Score plugin weights</legend>
        <p className="field__hint">A weight of 0 runs as 1, as upstream's getScoreWeights does.</p>
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
              put("plugin_weights", Object.keys(next).length ? next : undefined);
            }}
            error={e(`plugin_weights.${plugin}`)}
            readOnly={readOnly}
          />
        ))}
      </fieldset>
    </section>
  );
}
