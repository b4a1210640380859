import { useState, type FormEvent } from "react";
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
    <form className="branch-form" onSubmit={submit} aria-label="Branch here">
      <h3>What if…? Branch run {runId} at event {seq}</h3>
      <div className="field field--check">
        <input id="branch-add-node" type="checkbox" checked={addNode} onChange={(e) => setAddNode(e.target.checked)} />
        <label htmlFor="branch-add-node">add a node here</label>
      </div>
      {addNode && (
        <div className="field field--inline">
          <label htmlFor="branch-node">Node name</label>
          <input id="branch-node" value={name} onChange={(e) => setName(e.target.value)} />
          <label htmlFor="branch-cpu">CPU</label>
          <input id="branch-cpu" value={cpu} size={4} onChange={(e) => setCpu(e.target.value)} />
          <label htmlFor="branch-memory">Memory</label>
          <input id="branch-memory" value={memory} size={6} onChange={(e) => setMemory(e.target.value)} />
        </div>
      )}
      <button type="submit" className="button--primary" disabled={busy || seq < 1}>
        Branch and compare
      </button>
      {error && (
        <p role="alert" className="field__error">
          {error}
        </p>
      )}
    </form>
  );
}
