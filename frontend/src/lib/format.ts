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
