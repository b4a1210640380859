import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link } from "@/lib/router";
import { runsOfScenario, type RunSummary } from "@/lib/runsApi";
import { queryKeys } from "@/api/queryKeys";

/** Live and past runs of a scenario: "Watch" opens the run view. */
export function RunsList({ slug }: { slug: string }) {
  const { t } = useTranslation();
  const runs: RunSummary[] | undefined = useQuery({ queryKey: queryKeys.runs.ofScenario(slug), queryFn: () => runsOfScenario(slug) }).data;
  if (!runs || runs.length === 0) return null;
  return (
    <section className="runs-list" aria-labelledby="runs-title">
      <h3 id="runs-title">{t("editor.runs.title")}</h3>
      <ul>
        {runs.slice(0, 10).map((r) => (
          <li key={r.id}>
            <Link href={`/runs/${r.id}`}>{t("editor.runs.watch", { id: r.id })}</Link> — {t(`common.runStatus.${r.status}`, { defaultValue: r.status })}
            {r.reason && (
              <>
                {" "}
                (<span lang="en">{r.reason}</span>)
              </>
            )}
            {r.owner && <>{t("editor.runs.startedBy", { name: r.owner.username })}</>}
          </li>
        ))}
      </ul>
    </section>
  );
}
