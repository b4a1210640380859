// Kubernetes quantities: parse what people type ("500m", "1.5", "2Gi") and format canonical
// amounts (millicores, bytes) the way kubectl users read them.

const BINARY: Record<string, number> = { Ki: 2 ** 10, Mi: 2 ** 20, Gi: 2 ** 30, Ti: 2 ** 40, Pi: 2 ** 50, Ei: 2 ** 60 };
const DECIMAL: Record<string, number> = { n: 1e-9, u: 1e-6, m: 1e-3, "": 1, k: 1e3, M: 1e6, G: 1e9, T: 1e12, P: 1e15, E: 1e18 };

/** Parse a quantity to its base value (cores for cpu, bytes for memory). NaN when malformed. */
export function parseQuantity(input: string | number): number {
  if (typeof input === "number") return input;
  const m = /^\s*([+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?)\s*(Ki|Mi|Gi|Ti|Pi|Ei|n|u|m|k|M|G|T|P|E)?\s*$/.exec(input);
  if (!m) return NaN;
  const n = Number(m[1]);
  const suffix = m[2] ?? "";
  return n * (BINARY[suffix] ?? DECIMAL[suffix]);
}

/** Millicores from a cpu quantity ("500m" → 500, "2" → 2000). */
export function cpuToMilli(input: string | number): number {
  return Math.round(parseQuantity(input) * 1000);
}

export function formatCpu(milli: number): string {
  if (milli % 1000 === 0) return String(milli / 1000);
  if (milli < 1000) return `${milli}m`;
  return String(Math.round(milli) / 1000);
}

export function formatMemory(bytes: number): string {
  for (const unit of ["Ti", "Gi", "Mi", "Ki"] as const) {
    const v = bytes / BINARY[unit];
    if (v >= 1) return `${Number.isInteger(v) ? v : v.toFixed(1).replace(/\.0$/, "")}${unit}`;
  }
  return String(bytes);
}

/** Format one canonical resource amount by its resource name. */
export function formatResource(name: string, amount: number): string {
  if (name === "cpu") return formatCpu(amount);
  if (name === "memory" || name === "ephemeral-storage") return formatMemory(amount);
  return String(amount);
}
