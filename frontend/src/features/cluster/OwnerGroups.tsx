import { useMemo } from "react";
import { Trans, useTranslation } from "react-i18next";
import type { RunState } from "@/protocol/state";
import { PodChip } from "@/components/PodChip";
import { queueName } from "@/lib/queueNames";
import { groupByOwner } from "./groupByOwner";

interface Props {
  state: RunState;
  selectedPod: string | null;
  onSelectPod(key: string): void;
  colorOf(priorityClassName: string): string;
}

/** The cluster map grouped by owner: each workload with its pods and where they are. */
export function OwnerGroups({ state, selectedPod, onSelectPod, colorOf }: Props) {
  const { t } = useTranslation();
  const groups = useMemo(() => groupByOwner(state.pods.values(), state.workloads ?? []), [state.pods, state.workloads]);
  return (
    <div className="node-grid">
      {groups.map((g) => {
        const w = g.workload;
        const title = g.title ?? t("run.owners.none");
        return (
          <article key={g.key} className="node-card" aria-label={title}>
            <header className="node-card__head">
              <h3 translate={g.title ? "no" : undefined}>{title}</h3>
              {w && (
                <span className="badge" title={t("run.owners.readyTitle")}>
                  {t("run.owners.ready", { ready: w.readyPods, replicas: w.replicas })}
                </span>
              )}
              {w?.finished && <span className="badge" translate="no">{w.finished}</span>}
            </header>
            {g.via && (
              <p className="muted">
                <Trans i18nKey="run.owners.via" values={{ via: g.via }} components={{ name: <span translate="no" /> }} />
              </p>
            )}
            <div className="node-card__pods">
              {g.pods.map((p) => (
                <PodChip
                  key={p.key}
                  podKey={p.key}
                  priorityClassName={p.priorityClassName}
                  priority={p.priority}
                  color={colorOf(p.priorityClassName)}
                  variant={p.phase === "Terminating" ? "terminating" : p.nodeName ? "bound" : "queued"}
                  note={p.phase === "Succeeded" ? t("run.pod.succeeded") : (p.nodeName ?? (p.queue ? queueName(p.queue) : t("run.pod.pending")))}
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
