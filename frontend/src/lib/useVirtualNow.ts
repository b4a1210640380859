// One clock: the run's virtual time comes from the server's anchor (docs/runs.md, RunView.clock):
// virtual `time` held at server wall time `wallTime`; while `running`, it moves `speed` virtual
// seconds per wall second. The browser translates the anchor to its own clock with the skew
// measured when the run JSON arrived (serverTime - receive time) and extrapolates from there.
import { useEffect, useState } from "react";

export interface ServerClock {
  time: number;
  /** Unix epoch seconds (server clock). */
  wallTime: number;
  speed: number;
  running: boolean;
}

/** The anchor on this browser's clock: virtual `time` at local `atMs` (Date.now() scale). */
export interface LocalAnchor {
  time: number;
  atMs: number;
  speed: number;
  running: boolean;
}

export interface AnchorSource {
  status: string;
  time: number;
  speed: number;
  clock?: ServerClock | null;
  serverTime?: number | null;
}

/**
 * Translate the run JSON's anchor to local time. `receivedAtMs`: Date.now() when it arrived.
 * A server without `clock` (older API) is anchored at `time` when it arrived.
 */
export function localAnchor(run: AnchorSource, receivedAtMs: number, skewMs: number | null = null): LocalAnchor {
  const clock = run.clock;
  if (!clock) return { time: run.time, atMs: receivedAtMs, speed: run.speed, running: run.status === "running" };
  const skew = skewMs ?? (typeof run.serverTime === "number" ? run.serverTime * 1000 - receivedAtMs : 0);
  return { time: clock.time, atMs: clock.wallTime * 1000 - skew, speed: clock.speed, running: clock.running };
}

/**
 * The server clock's lead over ours, best estimate so far. Each message says `serverTime` at sending
 * and arrives some delay later, so `serverTime - receivedAt` is the lead less that delay: never more
 * than the true lead. The largest seen is the best (the least delayed message), as NTP keeps its
 * fastest round trip; one slow message on a busy machine no longer sets the clock back by its delay.
 */
export function bestSkewMs(previous: number | null, run: AnchorSource, receivedAtMs: number): number | null {
  if (typeof run.serverTime !== "number") return previous;
  const sample = run.serverTime * 1000 - receivedAtMs;
  return previous === null ? sample : Math.max(previous, sample);
}

/** Virtual now at local time `nowMs`; never before `floor` (the last event seen happened by then). */
export function virtualNowAt(anchor: LocalAnchor | null, nowMs: number, floor = 0): number {
  if (!anchor) return floor;
  const moving = anchor.running && anchor.speed > 0;
  const t = moving ? anchor.time + (Math.max(0, nowMs - anchor.atMs) / 1000) * anchor.speed : anchor.time;
  return Math.max(t, floor);
}

/**
 * The virtual time to draw: from the anchor while following the run live, ticking every
 * `intervalMs`; a held view (anchor null: rewound, or a lesson step) shows its own time `floor`.
 */
export function useVirtualNow(anchor: LocalAnchor | null, floor: number, intervalMs = 100): number {
  const [, force] = useState(0);
  const moving = !!anchor && anchor.running && anchor.speed > 0;
  useEffect(() => {
    if (!moving) return;
    const id = setInterval(() => force((n) => n + 1), intervalMs);
    return () => clearInterval(id);
  }, [moving, intervalMs]);
  // eslint-disable-next-line react-hooks/purity -- the time drawn is the render's own: the interval only asks for renders
  return virtualNowAt(anchor, Date.now(), floor);
}
