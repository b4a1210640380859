import { useEffect, useState } from "react";
import { Trans, useTranslation } from "react-i18next";
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
  const { t } = useTranslation();
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
      <summary>
        <Trans i18nKey="run.metrics.summary" components={{ code: <code /> }} />
      </summary>
      <p className="muted">
        <Trans i18nKey="run.metrics.about" components={{ here: <a href={url} data-testid="metrics-link" />, code: <code /> }} />
      </p>
      {error && (
        <p role="alert" className="field__error">
          {t("run.metrics.error", { error })}
        </p>
      )}
      {parsed && (
        <TableRegion label={t("run.metrics.table")}>
          <table aria-label={t("run.metrics.table")}>
            <thead>
              <tr>
                <th scope="col">
                  <Term id="metrics">{t("run.metrics.metric")}</Term>
                </th>
                <th scope="col">{t("run.metrics.labels")}</th>
                <th scope="col">{t("run.metrics.value")}</th>
              </tr>
            </thead>
            <tbody>
              {parsed.samples.map((s) => (
                // HELP is the exposition's own text (upstream's metric description).
                <tr key={`${s.name}{${s.labels}}`} title={parsed.help[s.name.replace(/_(bucket|sum|count)$/, "")]} translate="no">
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
