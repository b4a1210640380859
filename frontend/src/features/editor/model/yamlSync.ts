// Form ↔ YAML: the forms edit a list of manifests; the YAML tab is that list as a
// multi-document stream. Both directions are total, so switching tabs never loses edits.
import { parseAllDocuments, stringify } from "yaml";
import type { Manifest } from "./manifest";

export function objectsToYaml(objects: readonly Manifest[]): string {
  return objects.map((o) => stringify(o, { lineWidth: 0 })).join("---\n");
}

export interface YamlParseError {
  message: string;
  line: number | null;
}

export type YamlParseResult = { ok: true; objects: Manifest[] } | { ok: false; error: YamlParseError };

export function yamlToObjects(text: string): YamlParseResult {
  const docs = parseAllDocuments(text);
  const list = Array.isArray(docs) ? docs : [docs];
  const objects: Manifest[] = [];
  for (const doc of list) {
    const err = doc.errors[0];
    if (err) return { ok: false, error: { message: err.message.split("\n")[0], line: err.linePos?.[0]?.line ?? null } };
    const value: unknown = doc.toJS();
    if (value === null || value === undefined) continue;
    if (typeof value !== "object" || Array.isArray(value)) {
      return { ok: false, error: { message: "each YAML document must be a Kubernetes object (a mapping)", line: doc.range ? lineOf(text, doc.range[0]) : null } };
    }
    objects.push(value as Manifest);
  }
  return { ok: true, objects };
}

function lineOf(text: string, offset: number): number {
  return text.slice(0, offset).split("\n").length;
}
