import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "@/lib/api";
import { command, forkRun, nodeManifest } from "./api";

interface Props {
  runId: number;
  /** The event to branch at (the point both runs are shown at). */
  seq: number;
  onBranched(forkId: number): void;
}

/** "What if I add a node here?": fork the run at this event, add the node, and let it run on. */
export function BranchForm({ runId, seq, onBranched }: Props) {
  const { t } = useTranslation();
  const [name, setName] = useState("extra-node");
  const [cpu, setCpu] = useState("4");
  const [memory, setMemory] = useState("8Gi");
  const [addNode, setAddNode] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    setBusy(true);
    try {
      const fork = await forkRun(runId, seq);
      if (addNode) await command(fork.id, { type: "add_node", manifest: nodeManifest(name, cpu, memory) });
      await command(fork.id, { type: "resume" });
      onBranched(fork.id);
    } catch (err) {
      setError(err instanceof ApiError ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="branch-form" onSubmit={submit} aria-label={t("compare.branch.label")}>
      <h3>{t("compare.branch.title", { run: runId, seq })}</h3>
      <div className="field field--check">
        <input id="branch-add-node" type="checkbox" checked={addNode} onChange={(e) => setAddNode(e.target.checked)} />
        <label htmlFor="branch-add-node">{t("compare.branch.addNode")}</label>
      </div>
      {addNode && (
        <div className="field field--inline">
          <label htmlFor="branch-node">{t("compare.branch.nodeName")}</label>
          <input id="branch-node" value={name} onChange={(e) => setName(e.target.value)} />
          <label htmlFor="branch-cpu">CPU</label>
          <input id="branch-cpu" value={cpu} size={4} onChange={(e) => setCpu(e.target.value)} />
          <label htmlFor="branch-memory">{t("compare.branch.memory")}</label>
          <input id="branch-memory" value={memory} size={6} onChange={(e) => setMemory(e.target.value)} />
        </div>
      )}
      <button type="submit" className="button--primary" disabled={busy || seq < 1}>
        {t("compare.branch.submit")}
      </button>
      {error && (
        <p role="alert" className="field__error" lang="en">
          {error}
        </p>
      )}
    </form>
  );
}
