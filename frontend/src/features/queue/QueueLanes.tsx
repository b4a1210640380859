import { memo, useCallback } from "react";
import { useTranslation } from "react-i18next";
import type { RunState } from "@/protocol/state";
import { PodChip } from "@/components/PodChip";
import { priorityColor } from "@/lib/colors";
import { useScrollView, windowOf } from "@/lib/useWindow";
import { Term } from "@/components/Term";
import { queueName } from "@/lib/queueNames";

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
  const { t } = useTranslation();
  const { queues, pods, lastMove } = state;
  const colorOf = useCallback((n: string) => priorityColor(n, state.priorityClasses), [state.priorityClasses]);
  const inFlight = pods.values().filter((p) => p.queue === "inFlight").map((p) => p.key);
  // `upstream`: the scheduler's own message for the pod (a plugin's reason), shown as it is.
  const chip = (key: string, note?: string, upstream?: string): React.ReactNode => {
    const p = pods.get(key);
    if (!p) return null;
    const move = lastMove.get(key);
    return (
      <li key={key} className="lane__item">
        <PodChip podKey={key} priorityClassName={p.priorityClassName} priority={p.priority} color={colorOf(p.priorityClassName)} variant="queued" selected={selectedPod === key} onSelect={onSelectPod} />
        {(note || upstream) && (
          <span className="lane__note" title={note}>
            {note}
            {note && upstream && ": "}
            {upstream && (
              <span translate="no" data-k8s-verbatim="" lang="en" title={upstream}>
                {upstream}
              </span>
            )}
          </span>
        )}
        {move && <MoveLabel from={move.from} event={move.event} />}
      </li>
    );
  };
  return (
    <section className="queues" aria-labelledby="queues-title">
      <h2 id="queues-title">{t("run.queues.title")}</h2>
      <div className="lanes">
        <Lane title="activeQ" term="activeq" hint={t("run.queues.activeHint")} items={queues.active} row={(k, i) => chip(k, `#${i + 1}`)} />
        <Lane title={t("run.queues.inFlight")} term="in-flight" hint={t("run.queues.inFlightHint")} items={inFlight} row={(k) => chip(k)} />
        {state.waitingPods && (
          <Lane
            title={t("run.queues.waiting")}
            term="waiting-pod"
            hint={t("run.queues.waitingHint")}
            items={state.waitingPods}
            row={(w) => chip(w.pod, t("run.queues.waitingNote", { node: w.node, plugins: w.plugins.join(", "), until: w.until, left: Math.max(0, w.until - now).toFixed(0) }))}
          />
        )}
        <Lane title="backoffQ" term="backoffq" hint={t("run.queues.backoffHint")} items={queues.backoff} row={(b) => chip(b.pod, t("run.queues.retryIn", { time: Math.max(0, b.until - now).toFixed(1) }))} />
        <Lane
          title="unschedulablePods"
          term="unschedulablepods"
          hint={t("run.queues.unschedulableHint")}
          items={queues.unschedulable}
          row={(u) => chip(u.pod, u.plugins.length ? t("run.queues.rejectedBy", { plugins: u.plugins.join(", ") }) : undefined, u.message)}
        />
        <Lane
          title={t("run.queues.gated")}
          term="preenqueue"
          hint={t("run.queues.gatedHint")}
          items={queues.gated}
          row={(g) => chip(g.pod, g.plugin || undefined, g.message)}
        />
      </div>
    </section>
  );
}

const MoveLabel = memo(function MoveLabel({ from, event }: { from: string | null; event: string }) {
  const { t } = useTranslation();
  return (
    <span className="move-label" key={`${from}-${event}`} title={t("run.queues.moveTitle")}>
      {from ? t("run.queues.from", { queue: queueName(from) }) : t("run.queues.added")} · <span translate="no">{event}</span>
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
