import { useMemo } from "react";
import type { RunState } from "@/protocol/state";
import { PodChip } from "@/components/PodChip";
import { groupByOwner } from "./groupByOwner";

interface Props {
  state: RunState;
  selectedPod: string | null;
  onSelectPod(key: string): void;
  colorOf(priorityClassName: string): string;
}

/** The cluster map grouped by owner: each workload with its pods and where they are. */
export function OwnerGroups({ state, selectedPod, onSelectPod, colorOf }: Props) {
  const groups = useMemo(() => groupByOwner(state.pods.values(), state.workloads ?? []), [state.pods, state.workloads]);
  return (
    <div className="node-grid">
      {groups.map((g) => {
        const w = g.workload;
        const title = g.title ?? "Pods without a controller";
        return (
          <article key={g.key} className="node-card" aria-label={title}>
            <header className="node-card__head">
              <h3>{title}</h3>
              {w && (
                <span className="badge" title="ready / desired, as the controller last wrote its status">
                  {w.readyPods}/{w.replicas} ready
                </span>
              )}
              {w?.finished && <span className="badge">{w.finished}</span>}
            </header>
            {g.via && <p className="muted">via {g.via}</p>}
            <div className="node-card__pods">
              {g.pods.map((p) => (
                <PodChip
                  key={p.key}
                  podKey={p.key}
                  priorityClassName={p.priorityClassName}
                  priority={p.priority}
                  color={colorOf(p.priorityClassName)}
                  variant={p.phase === "Terminating" ? "terminating" : p.nodeName ? "bound" : "queued"}
                  note={p.phase === "Succeeded" ? "succeeded" : (p.nodeName ?? p.queue ?? "pending")}
                  selected={selectedPod === p.key}
                  onSelect={onSelectPod}
                />
              ))}
            </div>
          </article>
        );
      })}
    </div>
  );
}
