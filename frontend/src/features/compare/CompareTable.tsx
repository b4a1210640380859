import { useTranslation } from "react-i18next";
import type { TFunction } from "i18next";
import { formatList } from "@/i18n/format";
import { shortKey } from "@/lib/format";
import type { AlignedDecision, Decision, PodOutcome } from "./align";
import { TableRegion } from "@/components/TableRegion";

/** "t=3.0s scheduled → node-2; evicts low-1 (by fewestVictims)": the names and the criterion verbatim. */
function Described({ d, t }: { d: Decision | null; t: TFunction }) {
  if (!d) return <>—</>;
  const where = d.node ? "→" : d.nominated ? t("compare.nominated") : null;
  return (
    <>
      <span translate="no">t={d.t.toFixed(1)}s</span> {t(`compare.result.${d.result}`)}
      {where && (
        <>
          {" "}
          {where} <span translate="no">{d.node ?? d.nominated}</span>
        </>
      )}
      {d.victims.length > 0 && (
        <>
          ; {t("compare.evicts")} <span translate="no">{d.victims.map(shortKey).join(", ")}</span>
        </>
      )}
      {d.criterion && (
        <>
          {" "}
          ({t("compare.by")} <span translate="no">{d.criterion}</span>)
        </>
      )}
    </>
  );
}

const BOUND = "bound to ";

/** An outcome of align.ts ("bound to n1", "pending", "deleted") in the reader's language, the node's name verbatim. */
function Outcome({ outcome, t }: { outcome: string | null; t: TFunction }) {
  if (outcome === null) return <>—</>;
  if (outcome.startsWith(BOUND))
    return (
      <>
        {t("compare.boundTo")} <span translate="no">{outcome.slice(BOUND.length)}</span>
      </>
    );
  return <>{t(`compare.outcome.${outcome}`, { defaultValue: outcome })}</>;
}

/** Decisions side by side, paired by (pod, attempt), the differences named in words and highlighted. */
export function DecisionsTable({ rows, onlyDifferent, onSelect }: { rows: readonly AlignedDecision[]; onlyDifferent: boolean; onSelect?(row: AlignedDecision): void }) {
  const { t } = useTranslation();
  const shown = onlyDifferent ? rows.filter((r) => r.differences.length) : rows;
  return (
    <TableRegion label={t("compare.decisionsTable")} className="table-wrap table-wrap--scroll">
      <table aria-label={t("compare.decisionsTable")} className="compare-table">
        <thead>
          <tr>
            <th scope="col">{t("compare.podAttempt")}</th>
            <th scope="col">{t("compare.runColumn", { label: "A" })}</th>
            <th scope="col">{t("compare.runColumn", { label: "B" })}</th>
            <th scope="col">{t("compare.difference")}</th>
          </tr>
        </thead>
        <tbody>
          {shown.map((r) => (
            <tr key={r.key} className={r.differences.length ? "row--different" : undefined} onClick={() => onSelect?.(r)}>
              <th scope="row">
                <span translate="no">{shortKey(r.pod)}</span> (#{r.attempt})
              </th>
              <td>
                <Described d={r.a} t={t} />
              </td>
              <td>
                <Described d={r.b} t={t} />
              </td>
              <td>{r.differences.length ? formatList(r.differences.map((d) => t(`compare.differenceKind.${d}`))) : t("compare.same")}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableRegion>
  );
}

export function OutcomesTable({ outcomes }: { outcomes: readonly PodOutcome[] }) {
  const { t } = useTranslation();
  return (
    <TableRegion label={t("compare.outcomes")}>
      <table aria-label={t("compare.outcomes")}>
        <thead>
          <tr>
            <th scope="col">Pod</th>
            <th scope="col">{t("compare.runColumn", { label: "A" })}</th>
            <th scope="col">{t("compare.runColumn", { label: "B" })}</th>
          </tr>
        </thead>
        <tbody>
          {outcomes.map((o) => (
            <tr key={o.pod} className={o.differs ? "row--different" : undefined}>
              <th scope="row" translate="no">{shortKey(o.pod)}</th>
              <td>
                <Outcome outcome={o.a} t={t} />
              </td>
              <td>
                <Outcome outcome={o.b} t={t} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableRegion>
  );
}
