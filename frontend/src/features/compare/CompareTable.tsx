import { shortKey } from "@/lib/format";
import type { AlignedDecision, Decision, Difference, PodOutcome } from "./align";
import { TableRegion } from "@/components/TableRegion";

const LABEL: Record<Difference, string> = {
  "only-in-one": "only in one run",
  outcome: "bound vs pending",
  node: "other node",
  victims: "other victims",
  criterion: "other deciding criterion",
};

function describe(d: Decision | null): string {
  if (!d) return "—";
  const where = d.node ? `→ ${d.node}` : d.nominated ? `nominated ${d.nominated}` : "";
  const victims = d.victims.length ? `; evicts ${d.victims.map(shortKey).join(", ")}` : "";
  const why = d.criterion ? ` (by ${d.criterion})` : "";
  return `t=${d.t.toFixed(1)}s ${d.result} ${where}${victims}${why}`;
}

/** Decisions side by side, paired by (pod, attempt), the differences named in words and highlighted. */
export function DecisionsTable({ rows, onlyDifferent, onSelect }: { rows: readonly AlignedDecision[]; onlyDifferent: boolean; onSelect?(row: AlignedDecision): void }) {
  const shown = onlyDifferent ? rows.filter((r) => r.differences.length) : rows;
  return (
    <TableRegion label="Scheduling decisions, aligned" className="table-wrap table-wrap--scroll">
      <table aria-label="Scheduling decisions, aligned" className="compare-table">
        <thead>
          <tr>
            <th scope="col">Pod (attempt)</th>
            <th scope="col">Run A</th>
            <th scope="col">Run B</th>
            <th scope="col">Difference</th>
          </tr>
        </thead>
        <tbody>
          {shown.map((r) => (
            <tr key={r.key} className={r.differences.length ? "row--different" : undefined} onClick={() => onSelect?.(r)}>
              <th scope="row">
                {shortKey(r.pod)} (#{r.attempt})
              </th>
              <td>{describe(r.a)}</td>
              <td>{describe(r.b)}</td>
              <td>{r.differences.length ? r.differences.map((d) => LABEL[d]).join(", ") : "same"}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableRegion>
  );
}

export function OutcomesTable({ outcomes }: { outcomes: readonly PodOutcome[] }) {
  return (
    <TableRegion label="Where each pod ended">
      <table aria-label="Where each pod ended">
        <thead>
          <tr>
            <th scope="col">Pod</th>
            <th scope="col">Run A</th>
            <th scope="col">Run B</th>
          </tr>
        </thead>
        <tbody>
          {outcomes.map((o) => (
            <tr key={o.pod} className={o.differs ? "row--different" : undefined}>
              <th scope="row">{shortKey(o.pod)}</th>
              <td>{o.a ?? "—"}</td>
              <td>{o.b ?? "—"}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableRegion>
  );
}
