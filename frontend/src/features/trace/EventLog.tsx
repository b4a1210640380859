import { useDeferredValue, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import type { AppendList } from "@/protocol/appendList";
import type { K8sEventEvent } from "@/protocol/events";
import { formatSeconds, shortKey } from "@/lib/format";
import { TableRegion } from "@/components/TableRegion";

interface Props {
  events: AppendList<K8sEventEvent>;
  selectedPod: string | null;
}

const MAX = 300;

/** Like `kubectl get events`: TYPE REASON OBJECT MESSAGE, with the scheduler's exact messages. */
export function EventLog({ events, selectedPod }: Props) {
  const { t } = useTranslation();
  const [filter, setFilter] = useState("");
  const [onlySelected, setOnlySelected] = useState(false);
  const q = useDeferredValue(filter.trim().toLowerCase());
  const rows = useMemo(() => {
    const bySelected = onlySelected && selectedPod;
    // Unfiltered (the common case, on every batch a run streams): only the newest rows.
    if (!bySelected && !q) return events.tail(MAX).reverse();
    const list = events.toArray().filter(
      (e) =>
        (!onlySelected || !selectedPod || e.object === selectedPod || e.related === selectedPod) &&
        (!q || e.object.toLowerCase().includes(q) || e.message.toLowerCase().includes(q) || e.reason.toLowerCase().includes(q)),
    );
    return list.slice(-MAX).reverse();
  }, [events, q, onlySelected, selectedPod]);
  return (
    <section className="event-log" aria-labelledby="events-title">
      <header className="panel-head">
        <h2 id="events-title">{t("run.events.title")}</h2>
        <div className="field field--inline">
          <label htmlFor="event-filter">{t("run.events.filter")}</label>
          <input id="event-filter" type="search" value={filter} placeholder={t("run.events.filterPlaceholder")} onChange={(e) => setFilter(e.target.value)} />
        </div>
        <div className="field field--check">
          <input id="only-selected" type="checkbox" checked={onlySelected} onChange={(e) => setOnlySelected(e.target.checked)} />
          <label htmlFor="only-selected">{t("run.events.onlySelected")}</label>
        </div>
      </header>
      <TableRegion label={t("run.events.table")} className="table-wrap table-wrap--scroll">
        <table aria-label={t("run.events.table")}>
          {/* kubectl get events' own columns and rows: Kubernetes' words, never translated. */}
          <thead translate="no">
            <tr>
              <th scope="col">TIME</th>
              <th scope="col">TYPE</th>
              <th scope="col">REASON</th>
              <th scope="col">OBJECT</th>
              <th scope="col">MESSAGE</th>
            </tr>
          </thead>
          <tbody translate="no" data-k8s-verbatim="">
            {rows.map((e) => (
              <tr key={e.seq} className={e.type === "Warning" ? "row--warning" : ""}>
                <td>{formatSeconds(e.t)}</td>
                <td>{e.type}</td>
                <td>{e.reason}</td>
                <td>{(e.objectKind ?? "Pod").toLowerCase()}/{shortKey(e.object)}</td>
                <td className="mono">
                  {e.message}
                  {/* Upstream's text names the preemptor by UID only; say which pod that is. */}
                  {e.reason === "Preempted" && e.related && (
                    <span className="muted" translate="yes">
                      {" "}
                      {t("run.events.preemptor", { pod: shortKey(e.related) })}
                    </span>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {rows.length === 0 && <p className="muted">{t("run.events.none")}</p>}
      </TableRegion>
    </section>
  );
}
