import i18n from "@/i18n";

export function formatSeconds(t: number): string {
  const sign = t < 0 ? "-" : "";
  const abs = Math.abs(t);
  const m = Math.floor(abs / 60);
  const s = abs - m * 60;
  return `${sign}${m}:${s.toFixed(1).padStart(4, "0")}`;
}

export function shortKey(key: string): string {
  return key.startsWith("default/") ? key.slice("default/".length) : key;
}

/** t=0 of every run: a pod's status.startTime is measured from here (docs/lessons.md). */
export const SIM_EPOCH_MS = Date.UTC(2026, 0, 1);

const UNITS: [number, "day" | "hour" | "minute" | "second"][] = [
  [86400, "day"],
  [3600, "hour"],
  [60, "minute"],
  [1, "second"],
];

/** How far a virtual time is from t=0 in words: "3 days before t=0", "90 seconds after t=0" (in the reader's language). */
export function describeOffset(t: number): string {
  if (t === 0) return i18n.t("run.offset.atZero");
  const abs = Math.abs(t);
  const [size, unit] = UNITS.find(([s]) => abs >= s) ?? UNITS[UNITS.length - 1];
  const n = Math.round((abs / size) * 10) / 10;
  const amount = i18n.t(`run.offset.${unit}`, { count: n });
  return i18n.t(t < 0 ? "run.offset.before" : "run.offset.after", { amount });
}

/** A pod's start time (virtual seconds) as a date and in words: "2025-12-29 00:00 UTC, 3 days before t=0". */
export function describeStartTime(t: number): string {
  const when = new Date(SIM_EPOCH_MS + t * 1000).toISOString().slice(0, 16).replace("T", " ");
  return i18n.t("run.offset.startTime", { when, offset: describeOffset(t) });
}
