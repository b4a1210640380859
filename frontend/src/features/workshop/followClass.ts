// A student's screen following the class: the run's view goes to the instructor's event as soon as
// the position arrives, in the same task, so that the render the new position causes draws the
// lesson step and the map at that event together (one render, not a step now and the map a frame later);
// and back to it whenever the view moved (new events, a scrub on the timeline), before that is drawn.
import type { RunStore } from "@/lib/runStore";
import { followSeq } from "./state";
import type { WorkshopStore } from "./store";

/** Seek `store` (the class run `runId`) wherever the class's position says, now, on every message
 * and on every change of the store; the returned function stops. A position on another run, or
 * none, moves nothing. */
export function followClass(ws: WorkshopStore, store: RunStore, runId: number): () => void {
  const follow = () => {
    const position = ws.getSnapshot().workshop?.position;
    if (!position || position.runId !== runId) return;
    const target = followSeq(position, store.getSnapshot().lastSeq);
    if (target !== store.getSnapshot().viewSeq) store.seek(target);
  };
  follow();
  const stops = [ws.subscribe(follow), store.subscribe(follow)];
  return () => stops.forEach((stop) => stop());
}
