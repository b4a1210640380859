/** "22 Nov 2026, 16:40" in the reader's locale and zone; the raw value if it does not parse. */
export function formatDateTime(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : d.toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });
}
