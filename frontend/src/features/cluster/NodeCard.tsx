import { memo } from "react";
import { useTranslation } from "react-i18next";
import type { NodeView, PodView } from "@/protocol/events";
import type { NodeSlot, Termination } from "@/protocol/state";
import { PodChip } from "@/components/PodChip";
import { Term } from "@/components/Term";
import { formatResource } from "@/lib/quantity";
import { shortKey } from "@/lib/format";

interface Props {
  node: NodeView;
  slot: NodeSlot;
  colorOf(priorityClassName: string): string;
  /** Only passed when the node holds a terminating pod, so other cards skip the countdown re-render. */
  now?: number;
  terminations?: Record<string, Termination>;
  selectedPod: string | null;
  highlight?: "chosen" | "candidate" | "rejected" | null;
  compact: boolean;
  /** Draw the node's labels (the map's "Show node labels"). */
  showLabels?: boolean;
  /** Pod key → the PodDisruptionBudgets that guard it. */
  guards?: ReadonlyMap<string, string[]>;
  /** Pods waiting at Permit on this node: assumed, so they count against it, but not bound. */
  assumed?: PodView[];
  onSelectPod(key: string): void;
}

const BAR_RESOURCES = ["cpu", "memory"] as const;
/** The glossary entry of a node's highlight for the selected decision ("chosen" is plain words); its word is run.node.highlight.<highlight>. */
const HIGHLIGHT_TERMS: Record<string, string> = { rejected: "filter", candidate: "candidate" };

function CapacityBar({ resource, node, pods, colorOf }: { resource: string; node: NodeView; pods: PodView[]; colorOf(c: string): string }) {
  const { t } = useTranslation();
  const alloc = node.allocatable[resource] ?? 0;
  const used = pods.reduce((sum, p) => sum + (p.requests[resource] ?? 0), 0);
  const label = t("run.node.requested", { resource, used: formatResource(resource, used), allocatable: formatResource(resource, alloc) });
  return (
    <div className="capacity" title={label}>
      {/* The resource's own name (cpu, memory), as in the Node's status.allocatable. */}
      <span className="capacity__label" translate="no">{resource}</span>
      <div className="capacity__bar" role="meter" aria-label={`${node.name} ${resource}`} aria-valuemin={0} aria-valuemax={alloc} aria-valuenow={used} aria-valuetext={label}>
        {alloc > 0 &&
          pods.map((p) => (
            <span
              key={p.key}
              className={`capacity__seg ${p.phase === "Terminating" ? "capacity__seg--terminating" : ""}`}
              title={`${shortKey(p.key)} (${p.priorityClassName || t("run.pod.noClass")})`}
              style={{ width: `${Math.min(100, ((p.requests[resource] ?? 0) / alloc) * 100)}%`, background: colorOf(p.priorityClassName) }}
            />
          ))}
      </div>
      <span className="capacity__value">
        {formatResource(resource, used)}/{formatResource(resource, alloc)}
      </span>
    </div>
  );
}

function PodsBar({ node, count }: { node: NodeView; count: number }) {
  const { t } = useTranslation();
  const max = node.allocatable.pods ?? 110;
  return (
    <div className="capacity" title={t("run.node.podCount", { count, max })}>
      <span className="capacity__label" translate="no">pods</span>
      <div className="capacity__bar" role="meter" aria-label={`${node.name} pods`} aria-valuemin={0} aria-valuemax={max} aria-valuenow={count}>
        <span className="capacity__seg capacity__seg--pods" style={{ width: `${Math.min(100, (count / max) * 100)}%` }} />
      </div>
      <span className="capacity__value">
        {count}/{max}
      </span>
    </div>
  );
}

export const NodeCard = memo(function NodeCard({ node, slot, colorOf, now, terminations, selectedPod, highlight, compact, showLabels, guards, assumed, onSelectPod }: Props) {
  const { t } = useTranslation();
  const counted = assumed ? [...slot.bound, ...assumed] : slot.bound;
  const taints = node.taints.map((t) => `${t.key}${t.value ? `=${t.value}` : ""}:${t.effect}`);
  return (
    <article className={`node-card ${compact ? "node-card--compact" : ""} ${highlight ? `node-card--${highlight}` : ""} ${node.unschedulable ? "node-card--cordoned" : ""}`} aria-label={t("run.node.label", { name: node.name })}>
      <header className="node-card__head">
        <h3 translate="no">{node.name}</h3>
        {highlight && (
          <span className={`badge badge--${highlight}`}>
            {HIGHLIGHT_TERMS[highlight] ? <Term id={HIGHLIGHT_TERMS[highlight]}>{t(`run.node.highlight.${highlight}`)}</Term> : t(`run.node.highlight.${highlight}`)}
          </span>
        )}
        {node.unschedulable && (
          <span className="badge">
            <Term id="cordon">{t("run.node.cordoned")}</Term>
          </span>
        )}
        {taints.map((taint) => (
          <span key={taint} className="badge">
            <Term id="taint">{t("run.node.taint")}</Term> <span translate="no">{taint}</span>
          </span>
        ))}
      </header>
      {showLabels && (
        <ul className="node-card__labels" aria-label={t("run.node.labels", { name: node.name })}>
          {Object.entries(node.labels)
            .sort(([a], [b]) => a.localeCompare(b))
            .map(([k, v]) => (
              <li key={k}>
                <code>
                  {k}={v}
                </code>
              </li>
            ))}
          {Object.keys(node.labels).length === 0 && <li className="muted">{t("run.node.noLabels")}</li>}
        </ul>
      )}
      {!compact && BAR_RESOURCES.map((r) => <CapacityBar key={r} resource={r} node={node} pods={counted} colorOf={colorOf} />)}
      {!compact && <PodsBar node={node} count={counted.length} />}
      {compact && <CapacityBar resource="cpu" node={node} pods={counted} colorOf={colorOf} />}
      <div className="node-card__pods">
        {slot.bound.map((p) => {
          const term = terminations?.[p.key];
          const countdown = term && now !== undefined ? t("run.node.evictingIn", { time: Math.max(0, term.deleteAt - now).toFixed(1) }) : "";
          const guard = guards?.get(p.key)?.map((n) => `PDB ${n}`).join(", ") ?? "";
          const note = [countdown, guard].filter(Boolean).join(" · ") || undefined;
          return (
            <PodChip
              key={p.key}
              podKey={p.key}
              priorityClassName={p.priorityClassName}
              priority={p.priority}
              color={colorOf(p.priorityClassName)}
              variant={p.phase === "Terminating" ? "terminating" : "bound"}
              note={note}
              selected={selectedPod === p.key}
              onSelect={onSelectPod}
            />
          );
        })}
        {assumed?.map((p) => (
          <PodChip
            key={`assumed-${p.key}`}
            podKey={p.key}
            priorityClassName={p.priorityClassName}
            priority={p.priority}
            color={colorOf(p.priorityClassName)}
            variant="ghost"
            note={t("run.node.assumed")}
            selected={selectedPod === p.key}
            onSelect={onSelectPod}
          />
        ))}
        {slot.nominated.map((p) => (
          <PodChip
            key={`ghost-${p.key}`}
            podKey={p.key}
            priorityClassName={p.priorityClassName}
            priority={p.priority}
            color={colorOf(p.priorityClassName)}
            variant="ghost"
            note={t("run.pod.nominated")}
            selected={selectedPod === p.key}
            onSelect={onSelectPod}
          />
        ))}
      </div>
    </article>
  );
});
