import { useCallback, useState } from "react";
import { useTranslation } from "react-i18next";
import { ObjectPicker, SELECT_AT_MOST } from "@/components/ObjectPicker";
import { ApiError } from "@/lib/api";
import { shortKey } from "@/lib/format";
import type { WaitingPodView, WorkloadView } from "@/protocol/events";
import { sendCommand, type RunCommand } from "./api";

interface Props {
  runId: number;
  nodes: readonly string[];
  /** The run's pods (State.pods): listed only when the chooser is drawn, not on every event. */
  pods: { readonly size: number; keys(): string[] };
  cordoned: ReadonlySet<string>;
  /** The run's workloads (State.workloads); the scalable ones get a Scale control. */
  workloads?: readonly WorkloadView[];
  /** Pods waiting at Permit (State.waitingPods): only in runs whose profile has the teaching PermitGate. */
  waiting?: readonly WaitingPodView[];
}

type Scalable = WorkloadView & { kind: "Deployment" | "ReplicaSet" | "StatefulSet" };
const isScalable = (w: WorkloadView): w is Scalable =>
  (w.kind === "Deployment" || w.kind === "StatefulSet" || (w.kind === "ReplicaSet" && !w.owner));

/** Mid-run changes to the cluster: cordon, uncordon or delete a node; delete a pod; scale a workload;
 * allow or reject a pod waiting at Permit (what a Permit plugin's own code would call). */
export function ClusterActions({ runId, nodes, pods, cordoned, workloads = [], waiting }: Props) {
  const { t } = useTranslation();
  const [held, setHeld] = useState("");
  const [node, setNode] = useState("");
  const [pod, setPod] = useState("");
  const [target, setTarget] = useState("");
  const [replicas, setReplicas] = useState("");
  const scalable = workloads.filter(isScalable);
  const w = scalable.find((x) => x.key === target) ?? scalable[0];
  const [error, setError] = useState<string | null>(null);
  const send = async (cmd: RunCommand) => {
    setError(null);
    try {
      await sendCommand(runId, cmd);
    } catch (e) {
      setError(e instanceof ApiError ? e.message : String(e));
    }
  };
  const nodeChoices = useCallback(() => nodes.map((x) => ({ value: x, label: x })), [nodes]);
  const podChoices = useCallback(() => pods.keys().sort().map((x) => ({ value: x, label: shortKey(x) })), [pods]);
  // A small cluster's select shows its first entry; a big one's search box starts empty.
  const first = (count: number, all: () => readonly { value: string }[]) => (count > 0 && count <= SELECT_AT_MOST ? all()[0].value : "");
  const n = node || first(nodes.length, nodeChoices);
  const p = pod || first(pods.size, podChoices);
  return (
    <div className="cluster-actions" aria-label={t("run.actions.label")} role="group">
      <h3>{t("run.actions.title")}</h3>
      <div className="field field--inline">
        <label htmlFor="action-node">{t("run.actions.node")}</label>
        <ObjectPicker id="action-node" value={n} onChange={setNode} count={nodes.length} choices={nodeChoices} placeholder={t("run.actions.nodePlaceholder")} />
        <button type="button" disabled={!n} onClick={() => send({ type: cordoned.has(n) ? "uncordon" : "cordon", node: n })}>
          {cordoned.has(n) ? t("run.actions.uncordon") : t("run.actions.cordon")}
        </button>
        <button type="button" className="button--danger" disabled={!n} onClick={() => send({ type: "delete_node", node: n })}>
          {t("run.actions.deleteNode")}
        </button>
      </div>
      <div className="field field--inline">
        <label htmlFor="action-pod">{t("run.actions.pod")}</label>
        <ObjectPicker id="action-pod" value={p} onChange={setPod} count={pods.size} choices={podChoices} placeholder={t("run.actions.podPlaceholder")} />
        <button type="button" className="button--danger" disabled={!p} onClick={() => send({ type: "delete_pod", pod: p })}>
          {t("run.actions.deletePod")}
        </button>
      </div>
      {waiting && waiting.length > 0 && (
        <WaitingPodActions waiting={waiting} value={held} onChange={setHeld} send={send} />
      )}
      {w && (
        <div className="field field--inline">
          <label htmlFor="action-workload">{t("run.actions.workload")}</label>
          <select id="action-workload" value={w.key} onChange={(e) => setTarget(e.target.value)}>
            {scalable.map((x) => (
              <option key={x.key} value={x.key} translate="no">
                {x.kind} {x.name} ({x.replicas})
              </option>
            ))}
          </select>
          <label htmlFor="action-replicas">{t("run.actions.replicas")}</label>
          <input id="action-replicas" type="number" min={0} value={replicas === "" ? String(w.replicas) : replicas} onChange={(e) => setReplicas(e.target.value)} />
          <button
            type="button"
            onClick={() => send({ type: "scale", kind: w.kind, name: w.name, namespace: w.namespace, replicas: Number(replicas === "" ? w.replicas : replicas) })}
          >
            {t("run.actions.scale")}
          </button>
        </div>
      )}
      {error && (
        <p role="alert" className="field__error">
          {error}
        </p>
      )}
    </div>
  );
}

function WaitingPodActions({ waiting, value, onChange, send }: {
  waiting: readonly WaitingPodView[];
  value: string;
  onChange(key: string): void;
  send(cmd: RunCommand): void;
}) {
  const { t } = useTranslation();
  const pod = waiting.some((x) => x.pod === value) ? value : waiting[0].pod;
  return (
    <div className="field field--inline">
      <label htmlFor="action-waiting">{t("run.actions.waiting")}</label>
      <select id="action-waiting" value={pod} onChange={(e) => onChange(e.target.value)}>
        {waiting.map((x) => (
          <option key={x.pod} value={x.pod}>
            {t("run.actions.waitingOn", { pod: shortKey(x.pod), node: x.node })}
          </option>
        ))}
      </select>
      <button type="button" onClick={() => send({ type: "allow_waiting_pod", pod })}>
        {t("run.actions.allow")}
      </button>
      <button type="button" className="button--danger" onClick={() => send({ type: "reject_waiting_pod", pod })}>
        {t("run.actions.reject")}
      </button>
    </div>
  );
}
