// Pods are coloured by PriorityClass (and always labelled too: colour is never the only signal).
// The colour is a function of the class's value alone, so a class keeps its colour on every
// screen, in every run and on both sides of a comparison, whatever other classes exist.
const PALETTE = ["#2563eb", "#d97706", "#059669", "#db2777", "#7c3aed", "#0891b2", "#65a30d", "#dc2626", "#4b5563", "#9333ea"];
const UNKNOWN = "#6b7280";

// Values that meet in the lessons and in most clusters get distinct colours; any other value
// gets a palette colour from a hash of the value (colours may repeat; names never do).
const WELL_KNOWN: ReadonlyMap<number, number> = new Map([
  [100, 0], [1000, 1], [2000000000, 2], [2000001000, 3], [500, 4], [50, 5], [200, 6], [300, 7], [0, 8], [10000, 9],
]);

function mix(value: number): number {
  let x = Math.trunc(value) | 0;
  x = Math.imul(x ^ (x >>> 16), 0x45d9f3b);
  x = Math.imul(x ^ (x >>> 16), 0x45d9f3b);
  return (x ^ (x >>> 16)) >>> 0;
}

export function priorityValueColor(value: number): string {
  return PALETTE[WELL_KNOWN.get(value) ?? mix(value) % PALETTE.length];
}

export function priorityColor(priorityClassName: string, classes: readonly { name: string; value: number }[]): string {
  const found = classes.find((c) => c.name === priorityClassName);
  return found ? priorityValueColor(found.value) : UNKNOWN;
}
