// A student's screen following the class: the run's view goes to the instructor's event as soon as
// the position arrives, in the same task, so that the render the new position causes draws the
// lesson step and the map at that event together (one render, not a step now and the map a frame later).
import type { RunStore } from "@/lib/runStore";
import { followSeq } from "./state";
import type { WorkshopStore } from "./store";

/** Seek `store` (the class run `runId`) wherever the class's position says, now and on every
 * message; the returned function stops. A position on another run, or none, moves nothing. */
export function followClass(ws: WorkshopStore, store: RunStore, runId: number): () => void {
  const follow = () => {
    const position = ws.getSnapshot().workshop?.position;
    if (!position || position.runId !== runId) return;
    const target = followSeq(position, store.getSnapshot().lastSeq);
    if (target !== store.getSnapshot().viewSeq) store.seek(target);
  };
  follow();
  return ws.subscribe(follow);
}
