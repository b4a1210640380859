interface Props {
  lastSeq: number;
  viewSeq: number | null;
  time: number;
  onSeek(seq: number | null): void;
}

/** Scrub to any seq (the state is refolded up to it) and jump back to live. */
export function Timeline({ lastSeq, viewSeq, time, onSeek }: Props) {
  const value = viewSeq ?? lastSeq;
  return (
    <div className="timeline">
      <label htmlFor="timeline">Timeline (event {value} of {lastSeq})</label>
      <input
        id="timeline"
        type="range"
        min={1}
        max={Math.max(1, lastSeq)}
        value={Math.max(1, value)}
        onChange={(e) => onSeek(Number(e.target.value) >= lastSeq ? null : Number(e.target.value))}
        aria-valuetext={`event ${value} of ${lastSeq}, virtual time ${time.toFixed(1)} seconds`}
      />
      <span className="timeline__time">t = {time.toFixed(1)}s</span>
      {viewSeq !== null ? (
        <button type="button" onClick={() => onSeek(null)}>
          Back to live
        </button>
      ) : (
        <span className="badge badge--live">LIVE</span>
      )}
    </div>
  );
}
