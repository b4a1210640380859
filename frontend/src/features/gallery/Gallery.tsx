import { useEffect, useState } from "react";
import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import { Link, navigate } from "@/lib/router";
import { isRunLimit, startRun } from "@/lib/runsApi";
import { StartError } from "@/features/myruns/StartError";
import { ApiError } from "@/lib/api";
import { listLessons, listScenarios, unlistScenario, type Lesson, type Page, type ScenarioSummary, type Scope } from "./api";

export function Gallery() {
  return (
    <div className="gallery">
      <div className="gallery__intro">
        <h1>Build a cluster, run it, and see why every pod went where it went</h1>
        <p>
          A faithful model of kube-scheduler: the scheduling queue, Filter and Score plugins, and DefaultPreemption — step by step, with the
          reasons spelled out.
        </p>
        <Link href="/scenarios/new" className="button button--primary">
          New scenario
        </Link>
      </div>
      <Lessons />
      <ScenarioList scope="featured" title="Featured" hideWhenEmpty />
      <ScenarioList scope="mine" title="My scenarios" hideWhenEmpty />
      <AllShared />
    </div>
  );
}

/** Everything else public, only when asked for: visitors' scratch scenarios stay out of a learner's way. */
function AllShared() {
  const [open, setOpen] = useState(false);
  if (!open)
    return (
      <section aria-labelledby="all-shared-title">
        <h2 id="all-shared-title">All shared</h2>
        <p className="muted">Every public scenario people have shared here, most recently saved first — not reviewed by anyone.</p>
        <button type="button" onClick={() => setOpen(true)}>
          Show all shared scenarios
        </button>
      </section>
    );
  return <ScenarioList scope="public" title="All shared (most recently saved first)" searchable />;
}

function Lessons() {
  const lessons: Lesson[] | undefined = useQuery({ queryKey: ["lessons"], queryFn: listLessons, staleTime: Infinity }).data;
  // Shown in the card whose button was pressed: where the person is looking.
  const [error, setError] = useState<{ slug: string; text: string; runLimit: boolean } | null>(null);
  const start = async (l: Lesson) => {
    setError(null);
    try {
      // The server applies the lesson's timed commands; the run starts paused at t=0.
      const run = await startRun(l.scenario, { seed: l.seed, lesson: l.slug });
      navigate(`/runs/${run.id}?lesson=${encodeURIComponent(l.slug)}`);
    } catch (e) {
      setError({ slug: l.slug, text: e instanceof ApiError ? e.message : String(e), runLimit: isRunLimit(e) });
    }
  };
  if (!lessons || lessons.length === 0) return null;
  return (
    <section aria-labelledby="lessons-title">
      <h2 id="lessons-title">Lessons</h2>
      <p>
        Reading older articles on kube-scheduler? <Link href="/learn/older-code">From the articles' code to v1.34</Link> maps
        genericScheduler.Preempt, PodPreemptor, predicates and the 60-second flush to today's code, with the events real clusters print.
      </p>
      <ul className="cards">
        {lessons.map((l) => (
          <li key={l.slug} className="card">
            <h3>{l.title}</h3>
            <p>{l.summary}</p>
            <div className="card__actions">
              <button type="button" className="button--primary" onClick={() => start(l)} aria-label={`Start lesson: ${l.title}`}>
                ▶ Start lesson
              </button>
              <Link href={`/s/${l.scenario}`}>View the cluster</Link>
              {l.steps && <small>{l.steps.length} steps</small>}
            </div>
            {error?.slug === l.slug && <StartError text={error.text} runLimit={error.runLimit} className="field__error" />}
          </li>
        ))}
      </ul>
    </section>
  );
}

function ScenarioList({ scope, title, searchable, hideWhenEmpty }: { scope: Scope; title: string; searchable?: boolean; hideWhenEmpty?: boolean }) {
  const queries = useQueryClient();
  const [unlistError, setUnlistError] = useState<{ slug: string; text: string } | null>(null);
  const unlist = async (s: ScenarioSummary) => {
    setUnlistError(null);
    try {
      await unlistScenario(s);
      await queries.invalidateQueries({ queryKey: ["scenarios"] });
    } catch (e) {
      setUnlistError({ slug: s.slug, text: e instanceof ApiError ? e.message : String(e) });
    }
  };
  const [search, setSearch] = useState("");
  const [page, setPage] = useState(1);
  // Ask once typing pauses (200 ms), not at every key.
  const [asked, setAsked] = useState(search);
  useEffect(() => {
    const t = setTimeout(() => setAsked(search), 200);
    return () => clearTimeout(t);
  }, [search]);
  const query = useQuery({
    queryKey: ["scenarios", scope, asked, page],
    queryFn: () => listScenarios(scope, asked, page),
    placeholderData: keepPreviousData,
  });
  const data: Page<ScenarioSummary> | undefined = query.data;
  const error = query.error ? query.error.message : null;
  const id = `list-${scope}`;
  if (hideWhenEmpty && data && data.count === 0 && !asked) return null;
  return (
    <section aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {searchable && (
        <div className="field field--inline">
          <label htmlFor={`${id}-search`}>Search {title.toLowerCase()}</label>
          <input id={`${id}-search`} type="search" value={search} onChange={(e) => (setSearch(e.target.value), setPage(1))} />
        </div>
      )}
      {error && <p role="alert">{error}</p>}
      <ul className="cards">
        {data?.results.map((s) => (
          <li key={s.slug} className="card">
            <h3>
              <Link href={s.canEdit ? `/scenarios/${s.slug}` : `/s/${s.slug}`}>{s.title}</Link>
            </h3>
            <p>{s.description}</p>
            <small>
              {s.counts ? `${s.counts.nodes ?? 0} nodes · ${s.counts.pods ?? 0} pods · ` : ""}
              {s.visibility} · by {s.owner?.username ?? "?"}
              {s.updatedAt ? ` · ${s.updatedAt.slice(0, 10)}` : ""}
            </small>
            {s.canEdit && s.visibility === "public" && (
              <div className="card__actions">
                <button type="button" onClick={() => unlist(s)} aria-label={`Unlist (keep the link working): ${s.title}`}>
                  Unlist (keep the link working)
                </button>
              </div>
            )}
            {unlistError?.slug === s.slug && <p role="alert" className="field__error">{unlistError.text}</p>}
          </li>
        ))}
      </ul>
      {data && data.results.length === 0 && <p className="muted">Nothing here yet.</p>}
      {data && (data.previous || data.next) && (
        <nav className="pager" aria-label={`${title} pages`}>
          <button type="button" disabled={!data.previous} onClick={() => setPage((p) => p - 1)}>
            Previous
          </button>
          <span>Page {page}</span>
          <button type="button" disabled={!data.next} onClick={() => setPage((p) => p + 1)}>
            Next
          </button>
        </nav>
      )}
    </section>
  );
}
