// Between events the virtual clock still moves (a victim's grace period counts down); estimate
// it from the last event's time, the wall time since it arrived, and the run's speed.
import { useEffect, useRef, useState } from "react";

export function estimateVirtualNow(lastEventTime: number, arrivedAtMs: number, nowMs: number, speed: number, ticking: boolean): number {
  if (!ticking || speed <= 0) return lastEventTime;
  return lastEventTime + ((nowMs - arrivedAtMs) / 1000) * speed;
}

export function useVirtualNow(lastEventTime: number, speed: number, ticking: boolean, intervalMs = 250): number {
  const arrived = useRef({ t: lastEventTime, at: Date.now() });
  if (arrived.current.t !== lastEventTime) arrived.current = { t: lastEventTime, at: Date.now() };
  const [, force] = useState(0);
  useEffect(() => {
    if (!ticking || speed <= 0) return;
    const id = setInterval(() => force((n) => n + 1), intervalMs);
    return () => clearInterval(id);
  }, [ticking, speed, intervalMs]);
  return estimateVirtualNow(arrived.current.t, arrived.current.at, Date.now(), speed, ticking);
}
