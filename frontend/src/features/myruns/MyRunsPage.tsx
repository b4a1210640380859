import type { ReactNode } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Trans, useTranslation } from "react-i18next";
import { Link } from "@/lib/router";
import { deleteRun, myActiveRuns, myRuns, stopRun, type RunSummary } from "@/lib/runsApi";
import { TableRegion } from "@/components/TableRegion";
import { queryKeys } from "@/api/queryKeys";
import { formatDateTime } from "@/i18n/format";

/** The person's active runs — those the active-run limit counts — each with Stop (issue 36: never stuck). */
export function MyRunsPage() {
  const { t } = useTranslation();
  const queries = useQueryClient();
  const runs = useQuery({ queryKey: queryKeys.runs.active, queryFn: myActiveRuns });
  const stop = useMutation({
    mutationFn: stopRun,
    onSettled: () => queries.invalidateQueries({ queryKey: queryKeys.runs.all }),
  });
  return (
    <section className="my-runs" aria-labelledby="my-runs-title">
      <h1 id="my-runs-title">{t("myRuns.title")}</h1>
      <p className="muted">{t("myRuns.activeIntro")}</p>
      {runs.error && <p role="alert" lang="en">{runs.error.message}</p>}
      {stop.error && <p role="alert" lang="en">{stop.error.message}</p>}
      {runs.data && runs.data.length === 0 && (
        <p role="status">
          <Trans i18nKey="myRuns.noActive" components={{ gallery: <Link href="/" /> }} />
        </p>
      )}
      {runs.data && runs.data.length > 0 && (
        <RunsTable label={t("myRuns.activeLabel")}>
          {runs.data.map((r) => {
            const stopping = stop.isPending && stop.variables === r.id;
            return (
              <RunCells key={r.id} run={r}>
                <button type="button" className="button--danger" onClick={() => stop.mutate(r.id)} disabled={stopping}
                  aria-label={t(stopping ? "myRuns.stoppingRun" : "myRuns.stopRun", { id: r.id })}>
                  {t(stopping ? "myRuns.stopping" : "myRuns.stop")}
                </button>
              </RunCells>
            );
          })}
        </RunsTable>
      )}
      <AllMyRuns />
    </section>
  );
}

/** Every run of mine (the newest page), each with Delete after a confirmation: deleting frees its storage. */
function AllMyRuns() {
  const { t } = useTranslation();
  const queries = useQueryClient();
  const runs = useQuery({ queryKey: queryKeys.runs.mine, queryFn: myRuns });
  const remove = useMutation({
    mutationFn: deleteRun,
    onSettled: () => queries.invalidateQueries({ queryKey: queryKeys.runs.all }),
  });
  const onDelete = (run: RunSummary) => {
    if (confirm(t("myRuns.confirmDelete", { id: run.id }))) remove.mutate(run.id);
  };
  if (!runs.data || runs.data.length === 0) return null;
  return (
    <>
      <h2 id="all-my-runs-title">{t("myRuns.allTitle")}</h2>
      <p className="muted">{t("myRuns.allIntro")}</p>
      {remove.error && <p role="alert" lang="en">{remove.error.message}</p>}
      <RunsTable label={t("myRuns.allTitle")}>
        {runs.data.map((r) => {
          const deleting = remove.isPending && remove.variables === r.id;
          return (
            <RunCells key={r.id} run={r}>
              <button type="button" className="button--danger" onClick={() => onDelete(r)} disabled={deleting}
                aria-label={t(deleting ? "myRuns.deletingRun" : "myRuns.deleteRun", { id: r.id })}>
                {t(deleting ? "myRuns.deleting" : "myRuns.delete")}
              </button>
            </RunCells>
          );
        })}
      </RunsTable>
    </>
  );
}

function RunsTable({ label, children }: { label: string; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <TableRegion label={label}>
      <table className="my-runs__table">
        <caption className="sr-only">{label}</caption>
        <thead>
          <tr>
            <th scope="col">{t("myRuns.run")}</th>
            <th scope="col">{t("myRuns.scenario")}</th>
            <th scope="col">{t("myRuns.status")}</th>
            <th scope="col">{t("myRuns.started")}</th>
            <th scope="col"><span className="sr-only">{t("myRuns.actions")}</span></th>
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </TableRegion>
  );
}

function RunCells({ run, children }: { run: RunSummary; children: ReactNode }) {
  const { t } = useTranslation();
  const href = `/runs/${run.id}${run.lesson ? `?lesson=${encodeURIComponent(run.lesson)}` : ""}`;
  return (
    <tr>
      <td>
        <Link href={href}>{t("myRuns.runId", { id: run.id })}</Link>
      </td>
      <td>
        {run.lesson ? (
          <Trans i18nKey="myRuns.lesson" values={{ lesson: run.lesson }} components={{ name: <span translate="no" /> }} />
        ) : (
          <span translate="no">{run.scenario}</span>
        )}
      </td>
      <td>{t(`common.runStatus.${run.status}`, { defaultValue: run.status })}</td>
      <td>{run.createdAt ? formatDateTime(run.createdAt) : ""}</td>
      <td>{children}</td>
    </tr>
  );
}
