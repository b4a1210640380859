// The API's error envelope, mapped onto the editor: each error lands on the object it names
// (by `document`, or by `pods[3]` counted within the kind) at a path relative to that object.
import type { FieldError } from "@/lib/api";
import { KIND_PLURAL, indexesOfKind, type Kind, type Manifest } from "./manifest";

export interface MappedErrors {
  /** document index → path inside that manifest → message */
  byObject: Record<number, Record<string, string>>;
  /** request-level fields: title, settings.seed … */
  fields: Record<string, string>;
  /** errors that name nothing we can point at */
  other: string[];
}

const PLURAL_TO_KIND = Object.fromEntries(Object.entries(KIND_PLURAL).map(([k, v]) => [v, k])) as Record<string, Kind>;

export function mapErrors(errors: readonly FieldError[], objects: readonly Manifest[]): MappedErrors {
  const out: MappedErrors = { byObject: {}, fields: {}, other: [] };
  for (const err of errors) {
    const target = locate(err, objects);
    const message = describe(err);
    if (target) (out.byObject[target.doc] ??= {})[target.path] = message;
    else if (err.field) out.fields[err.field] = message;
    else out.other.push(message);
  }
  return out;
}

function describe(err: FieldError): string {
  return err.message;
}

function locate(err: FieldError & { document?: number }, objects: readonly Manifest[]): { doc: number; path: string } | null {
  const m = /^(nodes|priorityclasses|pods|poddisruptionbudgets|namespaces|deployments|replicasets|statefulsets|daemonsets|jobs|objects)\[(\d+)\]\.?(.*)$/.exec(err.field ?? "");
  if (m) {
    const [, plural, idx, rest] = m;
    const doc =
      typeof err.document === "number"
        ? err.document
        : plural === "objects"
          ? Number(idx)
          : indexesOfKind(objects, PLURAL_TO_KIND[plural])[Number(idx)];
    if (doc !== undefined) return { doc, path: rest };
  }
  if (typeof err.document === "number") return { doc: err.document, path: err.field ?? "" };
  return null;
}

/** Errors for one object whose path starts with `prefix` (e.g. a container), for a summary. */
export function errorsUnder(errs: Record<string, string> | undefined, prefix: string): string[] {
  if (!errs) return [];
  return Object.entries(errs)
    .filter(([p]) => p === prefix || p.startsWith(`${prefix}.`) || p.startsWith(`${prefix}[`))
    .map(([, m]) => m);
}
