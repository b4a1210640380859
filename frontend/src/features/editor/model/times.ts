// status.startTime is RFC 3339; the model measures time in seconds from SIM_EPOCH
// (scheduler_core/manifests/times.py), so the form edits "seconds relative to the run start".
import { SIM_EPOCH_MS } from "@/lib/format";

export function secondsToRfc3339(seconds: number): string {
  return new Date(SIM_EPOCH_MS + seconds * 1000).toISOString().replace(".000Z", "Z");
}

export function rfc3339ToSeconds(text: unknown): number | null {
  if (typeof text !== "string" || !text) return null;
  const ms = Date.parse(text);
  return Number.isNaN(ms) ? null : (ms - SIM_EPOCH_MS) / 1000;
}
