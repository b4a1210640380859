// Pods are coloured by PriorityClass (and always labelled too: colour is never the only signal).
const PALETTE = ["#2563eb", "#d97706", "#059669", "#db2777", "#7c3aed", "#0891b2", "#65a30d", "#dc2626", "#4b5563", "#9333ea"];

export function priorityColor(priorityClassName: string, classes: readonly { name: string; value: number }[]): string {
  const sorted = [...classes].sort((a, b) => a.value - b.value);
  const i = sorted.findIndex((c) => c.name === priorityClassName);
  if (i < 0) return "#6b7280";
  return PALETTE[i % PALETTE.length];
}
