import { useCallback, useState } from "react";
import { useTranslation } from "react-i18next";
import type { RunState } from "@/protocol/state";
import { ObjectPicker } from "@/components/ObjectPicker";
import { CodeRegion } from "@/components/TableRegion";
import { useRovingFocus } from "@/components/Tabs";
import { shortKey } from "@/lib/format";
import { describeNode, describePdb, describePod, nodeManifest, pdbManifest, podManifest, toYaml } from "./describe";

interface Props {
  state: RunState;
  selectedPod: string | null;
}

const FORMATS = ["describe", "yaml"] as const;

/** `kubectl describe` or the YAML of any pod, node or PodDisruptionBudget, as it was at the event the views show. */
export function InspectPanel({ state, selectedPod }: Props) {
  const { t } = useTranslation();
  const [chosen, setChosen] = useState("");
  const [format, setFormat] = useState<(typeof FORMATS)[number]>("describe");
  // A radio group: one tab stop, the arrow keys move the choice (WAI-ARIA radio group pattern).
  const roving = useRovingFocus(FORMATS, format, setFormat);
  const target = chosen || (selectedPod ? `pod/${selectedPod}` : "");
  const [kind, name] = [target.slice(0, target.indexOf("/")), target.slice(target.indexOf("/") + 1)];
  const { nodeOrder, pods, pdbs } = state;
  const objects = useCallback(
    () => [
      ...nodeOrder.map((n) => ({ value: `node/${n}`, label: `node/${n}` })),
      ...pods.keys().sort().map((k) => ({ value: `pod/${k}`, label: `pod/${shortKey(k)}` })),
      ...Object.keys(pdbs).sort().map((k) => ({ value: `pdb/${k}`, label: `pdb/${shortKey(k)}` })),
    ],
    [nodeOrder, pods, pdbs],
  );
  let text: string | null = null;
  if (kind === "pod") {
    const pod = state.pods.get(name);
    text = format === "describe" ? describePod(state, name) : pod ? toYaml(podManifest(pod)) : null;
  } else if (kind === "node") {
    const node = state.nodes.get(name);
    text = format === "describe" ? describeNode(state, name) : node ? toYaml(nodeManifest(node)) : null;
  } else if (kind === "pdb") {
    const pdb = state.pdbs[name];
    text = format === "describe" ? describePdb(state, name) : pdb ? toYaml(pdbManifest(pdb)) : null;
  }
  return (
    <section className="inspect" aria-labelledby="inspect-title">
      <header className="panel-head">
        <h2 id="inspect-title">{t("run.inspect.title")}</h2>
        <div className="field field--inline">
          <label htmlFor="inspect-object">{t("run.inspect.object")}</label>
          <ObjectPicker id="inspect-object" value={target} onChange={setChosen} count={nodeOrder.length + pods.size + Object.keys(pdbs).length} choices={objects} placeholder={t("run.inspect.choose")} />
          <div role="radiogroup" aria-label={t("run.inspect.format")} className="tabs" onKeyDown={roving.onKeyDown}>
            {FORMATS.map((f) => (
              <button key={f} ref={roving.ref(f)} tabIndex={roving.tabIndex(f)} type="button" role="radio" translate="no" aria-checked={format === f} onClick={() => setFormat(f)}>
                {f === "describe" ? "kubectl describe" : "YAML"}
              </button>
            ))}
          </div>
        </div>
      </header>
      {target && (
        <p className="muted">
          {t(text === null ? "run.inspect.atEventMissing" : "run.inspect.atEvent", { seq: state.seq, time: state.time.toFixed(1) })}
        </p>
      )}
      {text !== null && (
        <CodeRegion className="inspect__text" label={format === "describe" ? `kubectl describe ${target}` : t("run.inspect.yamlOf", { target })}>
          {text}
        </CodeRegion>
      )}
    </section>
  );
}
