import { Trans, useTranslation } from "react-i18next";
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
// unset = the version preset's default. What each does: editor.settings.gates.<key> in the catalogs.
const GATES: { key: "async_preemption" | "pop_from_backoff_q"; gate: string }[] = [
  { key: "async_preemption", gate: "SchedulerAsyncPreemption" },
  { key: "pop_from_backoff_q", gate: "SchedulerPopFromBackoffQ" },
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
  const { t } = useTranslation();
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
      <h3 id="settings-title">{t("editor.settings.title")}</h3>
      <div className="settings-grid">
        <TextField label={t("editor.settings.seed")} type="number" hint={t("editor.settings.seedHint")} value={text(settings.seed)} onChange={(v) => put("seed", num(v))} error={e("seed")} readOnly={readOnly} />
        <TextField label={t("editor.settings.speed")} type="number" hint={t("editor.settings.speedHint")} value={text(settings.speed)} onChange={(v) => put("speed", num(v))} error={e("speed")} readOnly={readOnly} />
        <SelectField
          label={t("editor.settings.version")}
          value={version}
          options={VERSIONS.map((v) => (v === DEFAULT_VERSION ? { value: v, label: t("editor.byDefault", { value: v }) } : { value: v, label: v, verbatim: true }))}
          onChange={(v) => put("version", v === DEFAULT_VERSION ? undefined : v)}
          error={e("version")}
          readOnly={readOnly}
        />
        {numberField("percentage_of_nodes_to_score", "percentageOfNodesToScore", t("editor.settings.percentageHint"))}
        <CheckField label={t("editor.settings.preemption")} checked={settings.preemption !== false} onChange={(c) => put("preemption", c ? undefined : false)} error={e("preemption")} readOnly={readOnly} />
      </div>
      <fieldset className="weights">
        <legend>{t("editor.settings.featureGates")}</legend>
        {GATES.map(({ key, gate }) => (
          <div key={key}>
            <SelectField
              label={gate}
              value={settings[key] === undefined ? "" : settings[key] ? "true" : "false"}
              options={[
                { value: "", label: t("editor.settings.versionDefault", { version }) },
                { value: "true", label: `${gate}=true`, verbatim: true },
                { value: "false", label: `${gate}=false`, verbatim: true },
              ]}
              onChange={(v) => put(key, v === "" ? undefined : v === "true")}
              error={e(key)}
              readOnly={readOnly}
            />
            <small className="field__hint">{t(`editor.settings.gates.${key}`)}</small>
          </div>
        ))}
      </fieldset>
      <fieldset className="weights">
        <legend>{t("editor.settings.preemptionArgs")}</legend>
        {numberField("min_candidate_nodes_percentage", "minCandidateNodesPercentage", t("editor.settings.minCandidatePercentageHint"))}
        {numberField("min_candidate_nodes_absolute", "minCandidateNodesAbsolute", t("editor.settings.minCandidateAbsoluteHint"))}
      </fieldset>
      <fieldset className="weights">
        <legend>{t("editor.settings.permitGate")}</legend>
        <p className="field__hint">{t("editor.settings.permitGateText")}</p>
        <TextField
          label={t("editor.settings.permitGateLabel")}
          hint={<Trans i18nKey="editor.settings.permitGateLabelHint" components={{ code: <code /> }} />}
          value={text(settings.permit_gate_label)}
          onChange={(v) => put("permit_gate_label", v.trim() === "" ? undefined : v.trim())}
          error={e("permit_gate_label")}
          readOnly={readOnly}
        />
        {numberField("permit_gate_timeout_seconds", t("editor.settings.permitGateTimeout"), t("editor.settings.permitGateTimeoutHint"))}
      </fieldset>
      <fieldset className="weights">
        <legend>{t("editor.settings.weights")}</legend>
        <p className="field__hint">
          <Trans i18nKey="editor.settings.weightsText" components={{ code: <code /> }} />
        </p>
        {Object.entries(DEFAULT_WEIGHTS).map(([plugin, def]) => (
          <TextField
            key={plugin}
            label={t("editor.settings.weight", { plugin })}
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
