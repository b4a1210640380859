import { useQuery } from "@tanstack/react-query";
import { Link } from "@/lib/router";
import { runsOfScenario, type RunSummary } from "@/lib/runsApi";
import { queryKeys } from "@/api/queryKeys";

/** Live and past runs of a scenario: "Watch" opens the run view. */
export function RunsList({ slug }: { slug: string }) {
  const runs: RunSummary[] | undefined = useQuery({ queryKey: queryKeys.runs.ofScenario(slug), queryFn: () => runsOfScenario(slug) }).data;
  if (!runs || runs.length === 0) return null;
  return (
    <section className="runs-list" aria-labelledby="runs-title">
      <h3 id="runs-title">Runs of this scenario</h3>
      <ul>
        {runs.slice(0, 10).map((r) => (
          <li key={r.id}>
            <Link href={`/runs/${r.id}`}>Watch run {r.id}</Link> — {r.status}
            {r.reason ? ` (${r.reason})` : ""}
            {r.owner ? `, started by ${r.owner.username}` : ""}
          </li>
        ))}
      </ul>
    </section>
  );
}
