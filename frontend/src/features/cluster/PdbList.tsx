import { memo } from "react";
import { useTranslation } from "react-i18next";
import type { PdbView } from "@/protocol/events";
import type { RunState } from "@/protocol/state";
import { Term } from "@/components/Term";
import { selectorMatches } from "@/lib/labelSelector";
import { shortKey } from "@/lib/format";

/** The pods each PodDisruptionBudget selects (its namespace and selector), by PDB key. */
export function guardedPods(pdbs: RunState["pdbs"], allPods: RunState["pods"]): Map<string, string[]> {
  const guarded = new Map<string, string[]>();
  for (const pdb of Object.values(pdbs)) {
    const pods = allPods.values().filter((p) => p.namespace === pdb.namespace && selectorMatches(pdb.selector, p.labels));
    guarded.set(pdb.key, pods.map((p) => p.key).sort());
  }
  return guarded;
}

/** Pod key → the names of the PDBs that guard it (what a pod's chip says on the map). */
export function guardsByPod(guarded: Map<string, string[]>, pdbs: Record<string, PdbView>): Map<string, string[]> {
  const byPod = new Map<string, string[]>();
  for (const [key, pods] of guarded) for (const pod of pods) byPod.set(pod, [...(byPod.get(pod) ?? []), pdbs[key]?.name ?? key]);
  return byPod;
}

/** The budgets on the map: each PDB's limit, its live disruptionsAllowed and the pods it guards. */
export const PdbList = memo(function PdbList({ pdbs, guarded, onSelectPod }: { pdbs: Record<string, PdbView>; guarded: Map<string, string[]>; onSelectPod(key: string): void }) {
  const { t } = useTranslation();
  const list = Object.values(pdbs).sort((a, b) => a.key.localeCompare(b.key));
  if (list.length === 0) return null;
  return (
    <ul className="pdb-list" aria-label="PodDisruptionBudgets">
      {list.map((pdb) => {
        const pods = guarded.get(pdb.key) ?? [];
        return (
          <li key={pdb.key} className={`pdb ${pdb.disruptionsAllowed === 0 ? "pdb--exhausted" : ""}`} aria-label={`PodDisruptionBudget ${shortKey(pdb.key)}`}>
            <strong>
              <Term id="pdb">PDB</Term> <span translate="no">{shortKey(pdb.key)}</span>
            </strong>{" "}
            <span className="muted" translate="no">{pdb.minAvailable !== null ? `minAvailable ${pdb.minAvailable}` : `maxUnavailable ${pdb.maxUnavailable ?? "–"}`}</span>{" "}
            · <Term id="disruptionsallowed">disruptionsAllowed</Term>: <strong data-testid={`disruptions-${pdb.key}`}>{pdb.disruptionsAllowed}</strong>{" "}
            <span className="muted">
              {t("run.pdb.health", { healthy: pdb.currentHealthy, expected: pdb.expectedPods, desired: pdb.desiredHealthy })}
            </span>{" "}
            · {t("run.pdb.guards")}{" "}
            {pods.length === 0
              ? t("run.pdb.noPod")
              : pods.map((k, i) => (
                  <span key={k}>
                    {i > 0 && ", "}
                    <button type="button" className="link-button" translate="no" onClick={() => onSelectPod(k)}>
                      {shortKey(k)}
                    </button>
                  </span>
                ))}
          </li>
        );
      })}
    </ul>
  );
});
