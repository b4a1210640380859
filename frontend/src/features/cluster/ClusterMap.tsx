import { useCallback, useDeferredValue, useId, useMemo, useState } from "react";
import { Trans, useTranslation } from "react-i18next";
import type { PodView } from "@/protocol/events";
import type { RunState } from "@/protocol/state";
import { EMPTY_SLOT } from "@/protocol/state";
import { priorityColor } from "@/lib/colors";
import { useScrollView, windowOf } from "@/lib/useWindow";
import { NodeCard } from "./NodeCard";
import { OwnerGroups } from "./OwnerGroups";
import { PdbList, guardedPods, guardsByPod } from "./PdbList";
import { Term } from "@/components/Term";

interface Props {
  state: RunState;
  selectedPod: string | null;
  onSelectPod(key: string): void;
  /** Nodes to highlight for the selected decision (chosen / preemption candidates / rejected). */
  highlights?: Record<string, "chosen" | "candidate" | "rejected">;
  /** Virtual now, ticking between events (for countdowns). */
  now: number;
}

const COMPACT_ABOVE = 48;
const NO_GUARDS: Map<string, string[]> = new Map();
// A compact map scrolls and draws only the cards in view: cards of a fixed height in columns of
// at least CARD_WIDTH (index.css, .node-grid--windowed).
const CARD_WIDTH = 150;
const CARD_HEIGHT = 124;
const GAP = 6;

export function ClusterMap({ state, selectedPod, onSelectPod, highlights, now }: Props) {
  const { t } = useTranslation();
  const [query, setQuery] = useState("");
  const [groupBy, setGroupBy] = useState<"node" | "owner">("node");
  const [showLabels, setShowLabels] = useState(false);
  // Compare shows two maps on one page: every id is this map's own.
  const id = useId();
  const hasPdbs = Object.keys(state.pdbs).length > 0;
  const guarded = useMemo(() => (hasPdbs ? guardedPods(state.pdbs, state.pods) : NO_GUARDS), [hasPdbs, state.pdbs, state.pods]);
  const guards = useMemo(() => (hasPdbs ? guardsByPod(guarded, state.pdbs) : NO_GUARDS), [hasPdbs, guarded, state.pdbs]);
  const deferredQuery = useDeferredValue(query.trim().toLowerCase());
  const classes = state.priorityClasses;
  const colorOf = useCallback((name: string) => priorityColor(name, classes), [classes]);
  const compact = state.nodeOrder.length > COMPACT_ABOVE;
  const shown = useMemo(() => {
    if (!deferredQuery) return state.nodeOrder;
    return state.nodeOrder.filter((n) => {
      const node = state.nodes.get(n);
      if (!node) return false;
      if (n.toLowerCase().includes(deferredQuery)) return true;
      if (Object.entries(node.labels).some(([k, v]) => `${k}=${v}`.toLowerCase().includes(deferredQuery))) return true;
      const slot = state.byNode.get(n) ?? EMPTY_SLOT;
      return [...slot.bound, ...slot.nominated].some((p) => p.key.toLowerCase().includes(deferredQuery));
    });
  }, [deferredQuery, state.nodeOrder, state.nodes, state.byNode]);
  // Pods waiting at Permit are assumed on their node: the card counts them there.
  const assumedOn = useMemo(() => {
    if (!state.waitingPods?.length) return null;
    const out = new Map<string, PodView[]>();
    for (const w of state.waitingPods) {
      const p = state.pods.get(w.pod);
      if (p) out.set(w.node, [...(out.get(w.node) ?? []), p]);
    }
    return out;
  }, [state.waitingPods, state.pods]);
  const view = useScrollView();
  const columns = Math.max(1, Math.floor((view.width + GAP) / (CARD_WIDTH + GAP)));
  const grid = windowOf(compact ? Math.ceil(shown.length / columns) : 0, CARD_HEIGHT + GAP, view.top, view.height);
  const drawn = compact ? shown.slice(grid.start * columns, grid.end * columns) : shown;

  return (
    <section className="cluster-map" aria-labelledby={`${id}-title`}>
      <header className="panel-head">
        <h2 id={`${id}-title`}>{t("run.map.title", { count: state.nodeOrder.length })}</h2>
        <div className="field field--inline">
          <label htmlFor={`${id}-filter`}>{t("run.map.find")}</label>
          <input id={`${id}-filter`} type="search" value={query} placeholder={t("run.map.findPlaceholder")} onChange={(e) => setQuery(e.target.value)} />
        </div>
        <div className="field field--inline">
          <label htmlFor={`${id}-group-by`}>{t("run.map.groupBy")}</label>
          <select id={`${id}-group-by`} value={groupBy} onChange={(e) => setGroupBy(e.target.value as "node" | "owner")}>
            <option value="node">{t("run.map.byNode")}</option>
            <option value="owner">{t("run.map.byOwner")}</option>
          </select>
        </div>
        <div className="field field--inline">
          <input id={`${id}-labels`} type="checkbox" checked={showLabels} onChange={(e) => setShowLabels(e.target.checked)} />
          <label htmlFor={`${id}-labels`}>{t("run.map.showLabels")}</label>
        </div>
        <Legend classes={classes} colorOf={colorOf} />
        <PodStates />
      </header>
      <PdbList pdbs={state.pdbs} guarded={guarded} onSelectPod={onSelectPod} />
      {groupBy === "owner" && <OwnerGroups state={state} selectedPod={selectedPod} onSelectPod={onSelectPod} colorOf={colorOf} />}
      <div
        ref={compact ? view.ref : undefined}
        className={`node-grid ${compact ? "node-grid--compact node-grid--windowed" : ""}`}
        hidden={groupBy === "owner"}
        // Windowed, it scrolls: a named region that takes focus, so the arrow keys scroll it even where no pod chip is.
        role={compact ? "region" : undefined}
        tabIndex={compact ? 0 : undefined}
        aria-label={compact ? t("run.map.window", { first: grid.start * columns + 1, last: Math.min(shown.length, grid.end * columns), total: shown.length }) : undefined}
      >
        {compact && grid.before > 0 && <div className="node-grid__spacer" style={{ height: grid.before - GAP }} />}
        {drawn.map((name) => {
          const slot = state.byNode.get(name) ?? EMPTY_SLOT;
          const terminating = slot.bound.some((p) => p.phase === "Terminating");
          const assumed = assumedOn?.get(name);
          const holdsSelected =
            selectedPod !== null &&
            (slot.bound.some((p) => p.key === selectedPod) || slot.nominated.some((p) => p.key === selectedPod) || !!assumed?.some((p) => p.key === selectedPod));
          return (
            <NodeCard
              key={name}
              node={state.nodes.get(name)!}
              slot={slot}
              colorOf={colorOf}
              now={terminating ? now : undefined}
              terminations={terminating ? state.terminations : undefined}
              selectedPod={holdsSelected ? selectedPod : null}
              highlight={highlights?.[name] ?? null}
              compact={compact}
              showLabels={showLabels}
              guards={guards}
              assumed={assumed}
              onSelectPod={onSelectPod}
            />
          );
        })}
        {compact && grid.after > 0 && <div className="node-grid__spacer" style={{ height: grid.after - GAP }} />}
      </div>
    </section>
  );
}

function Legend({ classes, colorOf }: { classes: RunState["priorityClasses"]; colorOf(n: string): string }) {
  const { t } = useTranslation();
  const sorted = [...classes].sort((a, b) => b.value - a.value);
  return (
    <ul className="legend" aria-label={t("run.map.classColours")}>
      {sorted.map((c) => (
        <li key={c.name} translate="no">
          <span className="legend__swatch" style={{ background: colorOf(c.name) }} aria-hidden="true" />
          {c.name} ({c.value})
        </li>
      ))}
    </ul>
  );
}

/** What a pod chip's look says, in kubectl's STATUS words, each with its glossary definition. */
function PodStates() {
  const { t } = useTranslation();
  // kubectl's STATUS words (Running, Terminating, Pending) stay as kubectl prints them.
  const status = (id: string, word: string) => (
    <Term id={id}>
      <span translate="no">{word}</span>
    </Term>
  );
  return (
    <ul className="legend" aria-label={t("run.map.podStates")}>
      <li>
        <span className="legend__state" aria-hidden="true" translate="no">
          pod
        </span>
        <Trans i18nKey="run.map.stateRunning" components={{ status: status("running", "Running") }} />
      </li>
      <li>
        <span className="legend__state legend__state--terminating" aria-hidden="true" translate="no">
          pod
        </span>
        <Trans i18nKey="run.map.stateTerminating" components={{ status: status("terminating", "Terminating") }} />
      </li>
      <li>
        <span className="legend__state legend__state--ghost" aria-hidden="true" translate="no">
          pod
        </span>
        <Trans i18nKey="run.map.stateNominated" components={{ term: <Term id="nominatednodename">{null}</Term> }} />
      </li>
      <li>
        <Trans i18nKey="run.map.statePending" components={{ status: status("pending", "Pending") }} />
      </li>
    </ul>
  );
}
