import { useEffect, useState } from "react";
import { TableRegion } from "@/components/TableRegion";
import { Term } from "@/components/Term";

interface Props {
  runId: number;
  /** The event seq the page shows: the metrics are the server's for that step. */
  seq: number;
}

export interface Sample {
  name: string;
  labels: string;
  value: string;
}

/** The samples of a Prometheus text exposition (the server's own output: one sample a line). */
export function parseExposition(text: string): { samples: Sample[]; help: Record<string, string> } {
  const samples: Sample[] = [];
  const help: Record<string, string> = {};
  for (const line of text.split("\n")) {
    const h = /^# HELP (\S+) (.*)$/.exec(line);
    if (h) help[h[1]] = h[2];
    const m = /^([a-zA-Z_:][\w:]*)(\{[^}]*\})? (\S+)$/.exec(line);
    if (m) samples.push({ name: m[1], labels: (m[2] ?? "").slice(1, -1), value: m[3] });
  }
  return { samples, help };
}

const REFRESH_MS = 1000;

/** kube-scheduler's /metrics for this run at the shown step, as Prometheus would scrape it. */
export function MetricsPanel({ runId, seq }: Props) {
  const [open, setOpen] = useState(false);
  const [text, setText] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const url = `/api/runs/${runId}/metrics/${seq > 0 ? `?seq=${seq}` : ""}`;
  useEffect(() => {
    if (!open || seq <= 0) return;
    // A live run moves seq many times a second: ask at most once a second, for the latest step.
    const timer = setTimeout(() => {
      fetch(url, { credentials: "same-origin", headers: { Accept: "text/plain" } })
        .then(async (r) => (r.ok ? setText(await r.text()) : setError(`${r.status} ${r.statusText}`)))
        .catch((e: unknown) => setError(String(e)));
    }, text === null ? 0 : REFRESH_MS);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `text` only picks the first delay; a new answer must not ask again (url holds seq)
  }, [open, url]);
  const parsed = text ? parseExposition(text) : null;
  return (
    <details className="metrics" onToggle={(e) => setOpen((e.target as HTMLDetailsElement).open)}>
      <summary>Metrics — kube-scheduler /metrics at this step</summary>
      <p className="muted">
        Upstream names, labels and buckets (pkg/scheduler/metrics/metrics.go). The same text:{" "}
        <a href={url} data-testid="metrics-link">
          this step
        </a>
        , or <code>kubectl get --raw /metrics</code> with the run's kubeconfig.
      </p>
      {error && <p role="alert" className="field__error">Could not read the metrics: {error}</p>}
      {parsed && (
        <TableRegion label="Scheduler metrics">
          <table aria-label="Scheduler metrics">
            <thead>
              <tr>
                <th scope="col">
                  <Term id="metrics">Metric</Term>
                </th>
                <th scope="col">Labels</th>
                <th scope="col">Value</th>
              </tr>
            </thead>
            <tbody>
              {parsed.samples.map((s) => (
                <tr key={`${s.name}{${s.labels}}`} title={parsed.help[s.name.replace(/_(bucket|sum|count)$/, "")]}>
                  <th scope="row">
                    <code>{s.name}</code>
                  </th>
                  <td>
                    <code>{s.labels}</code>
                  </td>
                  <td>{s.value}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableRegion>
      )}
    </details>
  );
}
