// Lesson triggers, evaluated exactly like playground.lessons.tooling.trigger_matches (docs/lessons.md).
import type { SimEvent } from "@/protocol/events";
import type { Trigger } from "./api";

function field(event: Record<string, unknown>, key: string): unknown {
  const v = event[key];
  if (v && typeof v === "object" && !Array.isArray(v)) {
    const o = v as Record<string, unknown>;
    return o.key || o.name;
  }
  return v;
}

export function triggerMatches(trigger: Trigger, event: SimEvent): boolean {
  const e = event as unknown as Record<string, unknown>;
  for (const [key, want] of Object.entries(trigger)) {
    if (key === "nth") continue;
    let ok: boolean;
    if (key === "event") ok = e.kind === want;
    else if (key === "time") ok = Number(e.t ?? 0) >= Number(want);
    else if (key === "messageContains") ok = String(e.message ?? "").includes(String(want));
    else if (key === "queueEvent") ok = e.kind === "queue.moved" && e.event === want;
    else ok = field(e, key) === want;
    if (!ok) return false;
  }
  return true;
}

/** The seq of the nth (default first) event matching the trigger, or null. */
export function findSeq(trigger: Trigger, events: readonly SimEvent[], upTo = Infinity): number | null {
  let wanted = Number(trigger.nth ?? 1);
  for (const e of events) {
    if (e.seq > upTo) break;
    if (triggerMatches(trigger, e) && --wanted === 0) return e.seq;
  }
  return null;
}
