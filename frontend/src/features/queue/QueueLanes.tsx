import { memo, useCallback } from "react";
import type { RunState } from "@/protocol/state";
import { PodChip } from "@/components/PodChip";
import { priorityColor } from "@/lib/colors";

interface Props {
  state: RunState;
  selectedPod: string | null;
  onSelectPod(key: string): void;
  /** Virtual now, ticking between events (for backoff countdowns). */
  now: number;
}

const MAX_PER_LANE = 200;

/** The three sub-queues of kube-scheduler's PriorityQueue, plus gated pods and the pod in flight. */
export function QueueLanes({ state, selectedPod, onSelectPod, now }: Props) {
  const { queues, pods, lastMove } = state;
  const colorOf = useCallback((n: string) => priorityColor(n, state.priorityClasses), [state.priorityClasses]);
  const inFlight = pods.values().filter((p) => p.queue === "inFlight").map((p) => p.key);
  const chip = (key: string, note?: string) => {
    const p = pods.get(key);
    if (!p) return null;
    const move = lastMove.get(key);
    return (
      <li key={key} className="lane__item">
        <PodChip podKey={key} priorityClassName={p.priorityClassName} priority={p.priority} color={colorOf(p.priorityClassName)} variant="queued" selected={selectedPod === key} onSelect={onSelectPod} />
        {note && <span className="lane__note">{note}</span>}
        {move && <MoveLabel from={move.from} event={move.event} />}
      </li>
    );
  };
  return (
    <section className="queues" aria-labelledby="queues-title">
      <h2 id="queues-title">Scheduling queue</h2>
      <div className="lanes">
        <Lane title="activeQ" hint="pop order: priority, then arrival" count={queues.active.length}>
          {queues.active.slice(0, MAX_PER_LANE).map((k, i) => chip(k, `#${i + 1}`))}
        </Lane>
        <Lane title="In flight" hint="being scheduled now" count={inFlight.length}>
          {inFlight.map((k) => chip(k))}
        </Lane>
        <Lane title="backoffQ" hint="waiting out the backoff" count={queues.backoff.length}>
          {queues.backoff.slice(0, MAX_PER_LANE).map((b) => chip(b.pod, `retry in ${Math.max(0, b.until - now).toFixed(1)}s`))}
        </Lane>
        <Lane title="unschedulablePods" hint="waiting for a cluster event that may help" count={queues.unschedulable.length}>
          {queues.unschedulable.slice(0, MAX_PER_LANE).map((u) => chip(u.pod, [u.plugins.length ? `rejected by ${u.plugins.join(", ")}` : "", u.message].filter(Boolean).join(": ")))}
        </Lane>
        <Lane title="Gated" hint="PreEnqueue (scheduling gates)" count={queues.gated.length}>
          {queues.gated.slice(0, MAX_PER_LANE).map((g) => chip(g.pod, g.message || g.plugin))}
        </Lane>
      </div>
    </section>
  );
}

const MoveLabel = memo(function MoveLabel({ from, event }: { from: string | null; event: string }) {
  return (
    <span className="move-label" key={`${from}-${event}`} title="the cluster event that moved this pod (upstream label)">
      {from ? `from ${from}` : "added"} · {event}
    </span>
  );
});

function Lane({ title, hint, count, children }: { title: string; hint: string; count: number; children: React.ReactNode }) {
  return (
    <div className="lane" role="group" aria-label={`${title} (${count})`}>
      <h3>
        {title} <span className="lane__count">{count}</span>
      </h3>
      <small>{hint}</small>
      <ul>{children}</ul>
    </div>
  );
}
