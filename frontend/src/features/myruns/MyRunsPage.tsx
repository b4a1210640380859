import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Link } from "@/lib/router";
import { myActiveRuns, stopRun, type RunSummary } from "@/lib/runsApi";
import { TableRegion } from "@/components/TableRegion";
import { queryKeys } from "@/api/queryKeys";

const ACTIVE_RUNS = queryKeys.runs.active;

/** The person's active runs — those the active-run limit counts — each with Stop (issue 36: never stuck). */
export function MyRunsPage() {
  const queries = useQueryClient();
  const runs = useQuery({ queryKey: ACTIVE_RUNS, queryFn: myActiveRuns });
  const stop = useMutation({
    mutationFn: stopRun,
    onSettled: () => queries.invalidateQueries({ queryKey: ACTIVE_RUNS }),
  });
  return (
    <section className="my-runs" aria-labelledby="my-runs-title">
      <h1 id="my-runs-title">My runs</h1>
      <p className="muted">Your active runs: queued, running, or paused and held by a worker. Stop one to start another.</p>
      {runs.error && <p role="alert">{runs.error.message}</p>}
      {stop.error && <p role="alert">{stop.error.message}</p>}
      {runs.data && runs.data.length === 0 && (
        <p role="status">
          You have no active runs. <Link href="/">Go to the gallery</Link>.
        </p>
      )}
      {runs.data && runs.data.length > 0 && (
        <TableRegion label="Your active runs">
        <table className="my-runs__table">
          <caption className="sr-only">Your active runs</caption>
          <thead>
            <tr>
              <th scope="col">Run</th>
              <th scope="col">Scenario</th>
              <th scope="col">Status</th>
              <th scope="col">Started</th>
              <th scope="col"><span className="sr-only">Actions</span></th>
            </tr>
          </thead>
          <tbody>
            {runs.data.map((r) => (
              <RunRow key={r.id} run={r} stopping={stop.isPending && stop.variables === r.id} onStop={() => stop.mutate(r.id)} />
            ))}
          </tbody>
        </table>
        </TableRegion>
      )}
    </section>
  );
}

function RunRow({ run, stopping, onStop }: { run: RunSummary; stopping: boolean; onStop(): void }) {
  const href = `/runs/${run.id}${run.lesson ? `?lesson=${encodeURIComponent(run.lesson)}` : ""}`;
  return (
    <tr>
      <td>
        <Link href={href}>Run {run.id}</Link>
      </td>
      <td>{run.lesson ? `lesson ${run.lesson}` : run.scenario}</td>
      <td>{run.status}</td>
      <td>{run.createdAt ? new Date(run.createdAt).toLocaleString() : ""}</td>
      <td>
        <button type="button" className="button--danger" onClick={onStop} disabled={stopping} aria-label={`${stopping ? "Stopping" : "Stop"} run ${run.id}`}>
          {stopping ? "Stopping…" : "Stop"}
        </button>
      </td>
    </tr>
  );
}
