import { memo, useCallback } from "react";
import type { RunState } from "@/protocol/state";
import { PodChip } from "@/components/PodChip";
import { priorityColor } from "@/lib/colors";
import { useScrollView, windowOf } from "@/lib/useWindow";
import { Term } from "@/components/Term";

interface Props {
  state: RunState;
  selectedPod: string | null;
  onSelectPod(key: string): void;
  /** Virtual now, ticking between events (for backoff countdowns). */
  now: number;
}

/** Above this many pods a lane scrolls and draws only the rows in view, each ROW_HEIGHT px
 * (index.css, .lane--windowed); the notes are cut to one line (their whole text is the title). */
const WINDOW_ABOVE = 30;
const ROW_HEIGHT = 64;

/** The three sub-queues of kube-scheduler's PriorityQueue, plus gated pods, the pod in flight and,
 * when the profile has a Permit plugin, the pods waiting at Permit (in flight too, assumed on a node). */
export function QueueLanes({ state, selectedPod, onSelectPod, now }: Props) {
  const { queues, pods, lastMove } = state;
  const colorOf = useCallback((n: string) => priorityColor(n, state.priorityClasses), [state.priorityClasses]);
  const inFlight = pods.values().filter((p) => p.queue === "inFlight").map((p) => p.key);
  const chip = (key: string, note?: string): React.ReactNode => {
    const p = pods.get(key);
    if (!p) return null;
    const move = lastMove.get(key);
    return (
      <li key={key} className="lane__item">
        <PodChip podKey={key} priorityClassName={p.priorityClassName} priority={p.priority} color={colorOf(p.priorityClassName)} variant="queued" selected={selectedPod === key} onSelect={onSelectPod} />
        {note && <span className="lane__note" title={note}>{note}</span>}
        {move && <MoveLabel from={move.from} event={move.event} />}
      </li>
    );
  };
  return (
    <section className="queues" aria-labelledby="queues-title">
      <h2 id="queues-title">Scheduling queue</h2>
      <div className="lanes">
        <Lane title="activeQ" term="activeq" hint="pop order: priority, then arrival" items={queues.active} row={(k, i) => chip(k, `#${i + 1}`)} />
        <Lane title="In flight" term="in-flight" hint="being scheduled now" items={inFlight} row={(k) => chip(k)} />
        {state.waitingPods && (
          <Lane
            title="Waiting at Permit"
            term="waiting-pod"
            hint="assumed on a node (its resources held), the binding cycle blocked until a Permit plugin allows it, rejects it or times out"
            items={state.waitingPods}
            row={(w) => chip(w.pod, `on ${w.node} · ${w.plugins.join(", ")} · times out at t=${w.until}s (in ${Math.max(0, w.until - now).toFixed(0)}s)`)}
          />
        )}
        <Lane title="backoffQ" term="backoffq" hint="waiting out the backoff" items={queues.backoff} row={(b) => chip(b.pod, `retry in ${Math.max(0, b.until - now).toFixed(1)}s`)} />
        <Lane
          title="unschedulablePods"
          term="unschedulablepods"
          hint="waiting for a cluster event that may help"
          items={queues.unschedulable}
          row={(u) => chip(u.pod, [u.plugins.length ? `rejected by ${u.plugins.join(", ")}` : "", u.message].filter(Boolean).join(": "))}
        />
        <Lane
          title="Gated"
          term="preenqueue"
          hint="held by a PreEnqueue plugin: SchedulingGates (spec.schedulingGates), or DefaultPreemption while the pod's async preemption runs"
          items={queues.gated}
          row={(g) => chip(g.pod, [g.plugin, g.message].filter(Boolean).join(": "))}
        />
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

function Lane<T>({ title, term, hint, items, row }: { title: string; term: string; hint: string; items: readonly T[]; row(item: T, index: number): React.ReactNode }) {
  const windowed = items.length > WINDOW_ABOVE;
  const scroll = useScrollView();
  const view = windowOf(windowed ? items.length : 0, ROW_HEIGHT, scroll.top, scroll.height);
  const start = windowed ? view.start : 0;
  const shown = windowed ? items.slice(view.start, view.end) : items;
  return (
    <div className={`lane ${windowed ? "lane--windowed" : ""}`} role="group" aria-label={`${title} (${items.length})`}>
      <h3>
        <Term id={term}>{title}</Term> <span className="lane__count">{items.length}</span>
      </h3>
      <small>{hint}</small>
      <ul ref={windowed ? scroll.ref : undefined}>
        {windowed && view.before > 0 && <li aria-hidden="true" style={{ height: view.before }} />}
        {shown.map((item, i) => row(item, start + i))}
        {windowed && view.after > 0 && <li aria-hidden="true" style={{ height: view.after }} />}
      </ul>
    </div>
  );
}
