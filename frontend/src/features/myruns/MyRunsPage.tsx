import type { ReactNode } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Link } from "@/lib/router";
import { deleteRun, myActiveRuns, myRuns, stopRun, type RunSummary } from "@/lib/runsApi";
import { TableRegion } from "@/components/TableRegion";
import { queryKeys } from "@/api/queryKeys";

const ACTIVE_RUNS = queryKeys.runs.active;
const ALL_RUNS = queryKeys.runs.mine;

/** The person's active runs — those the active-run limit counts — each with Stop (issue 36: never stuck). */
export function MyRunsPage() {
  const queries = useQueryClient();
  const runs = useQuery({ queryKey: ACTIVE_RUNS, queryFn: myActiveRuns });
  const stop = useMutation({
    mutationFn: stopRun,
    onSettled: () => queries.invalidateQueries({ queryKey: queryKeys.runs.all }),
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
      <AllMyRuns />
    </section>
  );
}

/** Every run of mine (the newest page), each with Delete after a confirmation: deleting frees its storage. */
function AllMyRuns() {
  const queries = useQueryClient();
  const runs = useQuery({ queryKey: ALL_RUNS, queryFn: myRuns });
  const remove = useMutation({
    mutationFn: deleteRun,
    onSettled: () => queries.invalidateQueries({ queryKey: queryKeys.runs.all }),
  });
  const onDelete = (run: RunSummary) => {
    if (confirm(`Delete run ${run.id}? Its events and commands go for good (a running run is stopped).`)) remove.mutate(run.id);
  };
  if (!runs.data || runs.data.length === 0) return null;
  return (
    <>
      <h2 id="all-my-runs-title">All your runs</h2>
      <p className="muted">Each run keeps its events, which count in your storage. Delete the ones you no longer need.</p>
      {remove.error && <p role="alert">{remove.error.message}</p>}
      <TableRegion label="All your runs">
        <table className="my-runs__table">
          <caption className="sr-only">All your runs</caption>
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
            {runs.data.map((r) => {
              const deleting = remove.isPending && remove.variables === r.id;
              return (
                <RunCells key={r.id} run={r}>
                  <button type="button" className="button--danger" onClick={() => onDelete(r)} disabled={deleting}
                    aria-label={`${deleting ? "Deleting" : "Delete"} run ${r.id}`}>
                    {deleting ? "Deleting…" : "Delete"}
                  </button>
                </RunCells>
              );
            })}
          </tbody>
        </table>
      </TableRegion>
    </>
  );
}

function RunRow({ run, stopping, onStop }: { run: RunSummary; stopping: boolean; onStop(): void }) {
  return (
    <RunCells run={run}>
      <button type="button" className="button--danger" onClick={onStop} disabled={stopping} aria-label={`${stopping ? "Stopping" : "Stop"} run ${run.id}`}>
        {stopping ? "Stopping…" : "Stop"}
      </button>
    </RunCells>
  );
}

function RunCells({ run, children }: { run: RunSummary; children: ReactNode }) {
  const href = `/runs/${run.id}${run.lesson ? `?lesson=${encodeURIComponent(run.lesson)}` : ""}`;
  return (
    <tr>
      <td>
        <Link href={href}>Run {run.id}</Link>
      </td>
      <td>{run.lesson ? `lesson ${run.lesson}` : run.scenario}</td>
      <td>{run.status}</td>
      <td>{run.createdAt ? new Date(run.createdAt).toLocaleString() : ""}</td>
      <td>{children}</td>
    </tr>
  );
}
