// Numbers and times for the reader's locale (Intl). Never pass a Kubernetes quantity (500m, 2Gi)
// through these: it is shown exactly as the manifest or the API wrote it, in every language.
import i18n from "./index";

export function formatNumber(value: number, options?: Intl.NumberFormatOptions, language = i18n.language): string {
  return new Intl.NumberFormat(language, options).format(value);
}

/** "a, b, and c" / "a、b和c". */
export function formatList(items: readonly string[], language = i18n.language): string {
  return new Intl.ListFormat(language, { type: "conjunction" }).format(items);
}

/** A calendar date ("Nov 27, 2026" / "2026年11月27日") from an ISO 8601 time. */
export function formatDate(iso: string, language = i18n.language): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : new Intl.DateTimeFormat(language, { dateStyle: "medium" }).format(date);
}

/** A date and time to the minute, in the reader's time zone. */
export function formatDateTime(iso: string, language = i18n.language): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : new Intl.DateTimeFormat(language, { dateStyle: "medium", timeStyle: "short" }).format(date);
}
