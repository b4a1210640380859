// The API's error envelope, split into messages for a form's own fields and one for the form.
import { ApiError } from "@/lib/api";

export interface FormErrors<F extends string> {
  fields: Partial<Record<F, string>>;
  /** What belongs to no field of this form (wrong credentials, throttling, CSRF, network). */
  form: string | null;
}

export const NO_ERRORS: FormErrors<never> = { fields: {}, form: null };

export function formErrors<F extends string>(error: unknown, fields: readonly F[]): FormErrors<F> {
  if (!(error instanceof ApiError)) {
    return { fields: {}, form: error instanceof Error ? error.message : String(error) };
  }
  const known = new Set<string>(fields);
  const byField: Partial<Record<F, string>> = {};
  const other: string[] = [];
  for (const e of error.errors) {
    if (known.has(e.field)) {
      const f = e.field as F;
      byField[f] = byField[f] ? `${byField[f]} ${e.message}` : e.message;
    } else {
      other.push(e.message);
    }
  }
  const atFields = Object.keys(byField).length > 0;
  const form = other.length ? other.join(" ") : atFields ? null : error.message;
  return { fields: byField, form };
}
