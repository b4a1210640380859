import { useTranslation } from "react-i18next";
import i18n from "@/i18n";
import type { MarkerKind, TimelineMarker } from "@/lib/timelineMarkers";
import { adjacentMarker, MARKER_KINDS, MARKER_LOOK, markerKindName, markerLabel } from "@/lib/timelineMarkers";

interface Props {
  lastSeq: number;
  viewSeq: number | null;
  time: number;
  onSeek(seq: number | null): void;
  /** Key events (failed scheduling, nomination, preemption, eviction, bind) to jump to. */
  markers?: readonly TimelineMarker[];
}

const MAX_MARKERS = 150;

/** A view held in the past says what it is not showing: "12 new events — back to live". */
export function backToLive(unseen: number): string {
  return unseen <= 0 ? i18n.t("run.timeline.backToLive") : i18n.t("run.timeline.newEvents", { count: unseen });
}

/** A marker kind's shape in its colour (decorative: the marker's name and the legend say it in words). */
function MarkerShape({ kind }: { kind: MarkerKind }) {
  return (
    <svg className="marker__shape" viewBox="0 0 10 10" aria-hidden="true" focusable="false">
      <path d={MARKER_LOOK[kind].path} fill={MARKER_LOOK[kind].color} />
    </svg>
  );
}

/** Scrub to any seq (the state is refolded up to it) and jump back to live. */
export function Timeline({ lastSeq, viewSeq, time, onSeek, markers = [] }: Props) {
  const { t } = useTranslation();
  const value = viewSeq ?? lastSeq;
  const seek = (seq: number | null) => onSeek(seq === null || seq >= lastSeq ? null : seq);
  // On a big run the binds would bury the rest: keep the rarer kinds.
  const shown = markers.length > MAX_MARKERS ? markers.filter((m) => m.kind !== "bind").slice(-MAX_MARKERS) : markers;
  const prev = adjacentMarker(shown, value, -1);
  const next = adjacentMarker(shown, value, 1);
  return (
    <div className="timeline">
      <label htmlFor="timeline">{t("run.timeline.label", { seq: value, last: lastSeq })}</label>
      <input
        id="timeline"
        type="range"
        min={1}
        max={Math.max(1, lastSeq)}
        value={Math.max(1, value)}
        onChange={(e) => seek(Number(e.target.value))}
        aria-valuetext={t("run.timeline.valueText", { seq: value, last: lastSeq, time: time.toFixed(1) })}
      />
      <span className="timeline__time">{t("run.timeline.time", { time: time.toFixed(1) })}</span>
      {viewSeq !== null ? (
        <button type="button" onClick={() => onSeek(null)}>
          {backToLive(lastSeq - viewSeq)}
        </button>
      ) : (
        <span className="badge badge--live">{t("run.timeline.live")}</span>
      )}
      {shown.length > 0 && (
        <div className="timeline__keys" role="group" aria-label={t("run.timeline.keyEvents")}>
          <button type="button" disabled={prev === null} onClick={() => prev !== null && seek(prev)}>
            {t("run.timeline.previous")}
          </button>
          <ol className="timeline__markers">
            {shown.map((m) => (
              <li key={m.seq} style={{ left: `${lastSeq > 1 ? ((m.seq - 1) / (lastSeq - 1)) * 100 : 0}%` }}>
                <button
                  type="button"
                  className={`marker marker--${m.kind}${m.seq === value ? " marker--current" : ""}`}
                  title={t("run.timeline.markerTitle", { label: markerLabel(m), seq: m.seq, time: m.t.toFixed(1) })}
                  aria-label={t("run.timeline.jumpTo", { label: markerLabel(m), seq: m.seq })}
                  onClick={() => seek(m.seq)}
                >
                  <MarkerShape kind={m.kind} />
                </button>
              </li>
            ))}
          </ol>
          <button type="button" disabled={next === null} onClick={() => next !== null && seek(next)}>
            {t("run.timeline.next")}
          </button>
        </div>
      )}
      {shown.length > 0 && (
        <ul className="legend timeline__legend" aria-label={t("run.timeline.legend")}>
          {MARKER_KINDS.filter((kind) => shown.some((m) => m.kind === kind)).map((kind) => (
            <li key={kind}>
              <MarkerShape kind={kind} /> {markerKindName(kind)}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
