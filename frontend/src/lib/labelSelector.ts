// metav1.LabelSelector on the client: which pods a PodDisruptionBudget selects, and how kubectl
// prints a selector. The same rules as scheduler_core (objects.LabelSelector.matches).
export interface LabelSelectorView {
  matchLabels?: Record<string, string> | null;
  matchExpressions?: { key: string; operator: string; values?: string[] | null }[] | null;
}

function asSelector(selector: unknown): LabelSelectorView | null {
  return selector && typeof selector === "object" ? (selector as LabelSelectorView) : null;
}

/** LabelSelectorAsSelector(...).Matches: a null selector matches nothing, an empty one everything. */
export function selectorMatches(selector: unknown, labels: Record<string, string>): boolean {
  const s = asSelector(selector);
  if (!s) return false;
  if (Object.entries(s.matchLabels ?? {}).some(([k, v]) => labels[k] !== v)) return false;
  return (s.matchExpressions ?? []).every((r) => {
    const present = r.key in labels;
    const values = r.values ?? [];
    switch (r.operator) {
      case "In":
        return present && values.includes(labels[r.key]);
      case "NotIn":
        return !present || !values.includes(labels[r.key]);
      case "Exists":
        return present;
      case "DoesNotExist":
        return !present;
      default:
        return false;
    }
  });
}

/** metav1.FormatLabelSelector: requirements sorted by key ("app=web,tier in (a,b)"), "<none>" when empty. */
export function formatLabelSelector(selector: unknown): string {
  const s = asSelector(selector);
  if (!s) return "<unset>";
  const reqs: [string, string][] = Object.entries(s.matchLabels ?? {}).map(([k, v]) => [k, `${k}=${v}`]);
  for (const r of s.matchExpressions ?? []) {
    const values = [...(r.values ?? [])].sort().join(",");
    const text = { In: `${r.key} in (${values})`, NotIn: `${r.key} notin (${values})`, Exists: r.key, DoesNotExist: `!${r.key}` }[r.operator];
    reqs.push([r.key, text ?? `${r.key} ${r.operator}`]);
  }
  const text = reqs.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, t]) => t).join(",");
  return text || "<none>";
}
