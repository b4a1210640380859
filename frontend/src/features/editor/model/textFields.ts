// Compact one-line notations for maps and lists, as kubectl users write them:
// labels "app=web, tier=db"; taints "dedicated=gpu:NoSchedule"; tolerations "dedicated=gpu:NoSchedule, key:Exists".

export function mapToText(m: unknown): string {
  if (!m || typeof m !== "object") return "";
  return Object.entries(m as Record<string, unknown>)
    .map(([k, v]) => `${k}=${String(v)}`)
    .join(", ");
}

export function textToMap(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const item of splitItems(text)) {
    const i = item.indexOf("=");
    if (i < 0) out[item] = "";
    else out[item.slice(0, i).trim()] = item.slice(i + 1).trim();
  }
  return out;
}

function splitItems(text: string): string[] {
  return text
    .split(/[,\n]/)
    .map((s) => s.trim())
    .filter(Boolean);
}

export interface TaintLike {
  key?: string;
  value?: string;
  effect?: string;
  operator?: string;
}

/** "key=value:Effect" (value optional). */
export function taintsToText(list: unknown): string {
  if (!Array.isArray(list)) return "";
  return (list as TaintLike[])
    .map((t) => `${t.key ?? ""}${t.value ? `=${t.value}` : ""}${t.effect ? `:${t.effect}` : ""}`)
    .join(", ");
}

export function textToTaints(text: string): TaintLike[] {
  return splitItems(text).map((item) => {
    const [kv, effect] = item.split(":");
    const [key, value] = kv.split("=");
    const t: TaintLike = { key: key.trim() };
    if (value) t.value = value.trim();
    t.effect = (effect ?? "NoSchedule").trim();
    return t;
  });
}

/** Tolerations: "key=value:Effect" (Equal) or "key:Exists" / "key:Exists:Effect"; "*" tolerates everything. */
export function tolerationsToText(list: unknown): string {
  if (!Array.isArray(list)) return "";
  return (list as TaintLike[])
    .map((t) => {
      if (t.operator === "Exists") return `${t.key || "*"}:Exists${t.effect ? `:${t.effect}` : ""}`;
      return `${t.key ?? ""}${t.value ? `=${t.value}` : ""}${t.effect ? `:${t.effect}` : ""}`;
    })
    .join(", ");
}

export function textToTolerations(text: string): TaintLike[] {
  return splitItems(text).map((item) => {
    const parts = item.split(":").map((s) => s.trim());
    if (parts[1] === "Exists") {
      const t: TaintLike = { operator: "Exists" };
      if (parts[0] && parts[0] !== "*") t.key = parts[0];
      if (parts[2]) t.effect = parts[2];
      return t;
    }
    const [key, value] = parts[0].split("=");
    const t: TaintLike = { key: key.trim(), operator: "Equal" };
    if (value) t.value = value.trim();
    if (parts[1]) t.effect = parts[1];
    return t;
  });
}

export interface Requirement {
  key: string;
  operator: string;
  values?: string[];
}

/** Node selector requirements: "zone In a|b, gpu Exists, disk NotIn hdd". */
export function requirementsToText(list: unknown): string {
  if (!Array.isArray(list)) return "";
  return (list as Requirement[])
    .map((r) => `${r.key} ${r.operator}${r.values?.length ? ` ${r.values.join("|")}` : ""}`)
    .join(", ");
}

export function textToRequirements(text: string): Requirement[] {
  return splitItems(text).map((item) => {
    const [key, operator = "Exists", values] = item.split(/\s+/);
    const r: Requirement = { key, operator };
    if (values) r.values = values.split("|");
    return r;
  });
}
