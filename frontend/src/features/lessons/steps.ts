// Step navigation of the lesson player, as pure functions (the panel keeps the state).
// The step shown is read from the event the view shows (stepAt), so its text and the map/queue
// agree and every screen at that event reads the same step; "Next" moves exactly one step: to the
// next step's event if it has happened (holding the view there), else it waits.
import type { SimEvent } from "@/protocol/events";
import type { Trigger } from "./api";
import { findSeq } from "./triggers";

export interface Progress {
  /** The step shown (0-based), or -1 before the first step's event has arrived. */
  current: number;
  /** The step "Next" waits for, when its event has not happened yet. */
  waitingFor: number | null;
}

export const START: Progress = { current: -1, waitingFor: null };

/** Each step's event seq among the events received so far (null: not happened yet). */
export function stepSeqs(triggers: readonly Trigger[], events: readonly SimEvent[]): (number | null)[] {
  return triggers.map((t) => findSeq(t, events));
}

/**
 * The step (1-based; 0 before the first) a view at event `seq` shows: the steps whose event it has
 * reached. The same rule as the server's (playground.lessons.tooling.step_at), which computes a
 * workshop's class step from the instructor's event.
 */
export function stepAt(seqs: readonly (number | null)[], seq: number): number {
  return seqs.filter((s) => s !== null && s <= seq).length;
}

/** The progress shown at event `seq`: its step, and the step "Next" still waits for. */
export function progressAt(seqs: readonly (number | null)[], seq: number, waitingFor: number | null): Progress {
  const current = stepAt(seqs, seq) - 1;
  return { current, waitingFor: waitingFor !== null && waitingFor > current ? waitingFor : null };
}

export interface Move {
  progress: Progress;
  /** Hold the view at this seq; null = follow the run live; undefined = leave the view alone. */
  seek?: number | null;
}

/** Go to step `target` if its event has happened, else wait for it (the view stays put). */
export function goTo(target: number, seqs: readonly (number | null)[], progress: Progress): Move {
  if (target < 0 || target >= seqs.length) return { progress };
  const seq = seqs[target];
  if (seq === null) return { progress: { ...progress, waitingFor: target } };
  return { progress: { current: target, waitingFor: null }, seek: seq };
}

/** "Next": the step after the current one (or the one already waited for); after the last, go live. */
export function next(progress: Progress, seqs: readonly (number | null)[]): Move {
  if (progress.current >= seqs.length - 1) return { progress: { ...progress, waitingFor: null }, seek: null };
  return goTo(progress.current + 1, seqs, progress);
}

export function previous(progress: Progress, seqs: readonly (number | null)[]): Move {
  return progress.current <= 0 ? { progress: { ...progress, waitingFor: null } } : goTo(progress.current - 1, seqs, { ...progress, waitingFor: null });
}

/** New events arrived: finish a pending "Next" once its step's event is here. */
export function onEvents(progress: Progress, seqs: readonly (number | null)[]): Move | null {
  if (progress.waitingFor !== null && seqs[progress.waitingFor] !== null) return goTo(progress.waitingFor, seqs, progress);
  return null;
}

/** Follow someone else's step (a workshop's instructor, 1-based; null: none yet): shown as is, nothing awaited. */
export function follow(step: number | null): Progress {
  return { current: step === null ? -1 : step - 1, waitingFor: null };
}

/** A question is revealed once the view shows its reveal event. */
export function revealed(revealSeq: number | null, viewSeq: number): boolean {
  return revealSeq !== null && revealSeq <= viewSeq;
}
