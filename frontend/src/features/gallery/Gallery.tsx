import { lazy, Suspense, useEffect, useState } from "react";
import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import { Trans, useTranslation } from "react-i18next";
import { formatDate } from "@/i18n/format";
import { Link, navigate } from "@/lib/router";
import { isRunLimit, startRun } from "@/lib/runsApi";
import { StartError } from "@/features/myruns/StartError";
import { ApiError } from "@/lib/api";
import { listLessons, listScenarios, unlistScenario, type Lesson, type Page, type ScenarioSummary, type Scope } from "./api";
import { queryKeys } from "@/api/queryKeys";

// A description is Markdown, like a lesson's text; the renderer loads after the gallery has shown
// (it is the run page's too), the plain text standing in meanwhile.
const Markdown = lazy(() => import("@/features/lessons/Markdown").then((m) => ({ default: m.Markdown })));

function Description({ text }: { text: string }) {
  if (!text) return null;
  return (
    <Suspense fallback={<p>{text}</p>}>
      <Markdown text={text} />
    </Suspense>
  );
}

export function Gallery() {
  const { t } = useTranslation();
  return (
    <div className="gallery">
      <div className="gallery__intro">
        <h1>{t("gallery.title")}</h1>
        <p>{t("gallery.intro")}</p>
        <Link href="/scenarios/new" className="button button--primary">
          {t("gallery.newScenario")}
        </Link>
      </div>
      <Lessons />
      <ScenarioList scope="featured" hideWhenEmpty />
      <ScenarioList scope="mine" hideWhenEmpty />
      <AllShared />
    </div>
  );
}

/** Everything else public — not the lessons' scenarios, not the featured ones — only when asked for:
 * visitors' scratch scenarios stay out of a learner's way. */
function AllShared() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  if (!open)
    return (
      <section aria-labelledby="all-shared-title">
        <h2 id="all-shared-title">{t("gallery.allShared")}</h2>
        <p className="muted">{t("gallery.allSharedText")}</p>
        <button type="button" onClick={() => setOpen(true)}>
          {t("gallery.showAllShared")}
        </button>
      </section>
    );
  return <ScenarioList scope="shared" searchable />;
}

function Lessons() {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? "en";
  const lessons: Lesson[] | undefined = useQuery({
    queryKey: queryKeys.lessons(language),
    queryFn: () => listLessons(language),
    staleTime: Infinity,
    placeholderData: keepPreviousData, // a language switch keeps the cards until the new texts arrive
  }).data;
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
      <h2 id="lessons-title">{t("gallery.lessons")}</h2>
      <p>
        <Trans i18nKey="gallery.olderArticles" components={{ page: <Link href="/learn/older-code" />, code: <code /> }} />
      </p>
      <ul className="cards">
        {lessons.map((l) => (
          <li key={l.slug} className="card" lang={l.language}>
            <h3>{l.title}</h3>
            <p>{l.summary}</p>
            <div className="card__actions" lang={i18n.resolvedLanguage}>
              <button type="button" className="button--primary" onClick={() => start(l)} aria-label={t("gallery.startLessonLabel", { title: l.title })}>
                {t("gallery.startLesson")}
              </button>
              <Link href={`/s/${l.scenario}`}>{t("gallery.viewCluster")}</Link>
              {l.steps && <small>{t("gallery.steps", { count: l.steps.length })}</small>}
              {l.language && l.language !== language && <small className="muted">{t("gallery.notTranslated")}</small>}
            </div>
            {error?.slug === l.slug && <StartError text={error.text} runLimit={error.runLimit} className="field__error" />}
          </li>
        ))}
      </ul>
    </section>
  );
}

function ScenarioList({ scope, searchable, hideWhenEmpty }: { scope: Scope; searchable?: boolean; hideWhenEmpty?: boolean }) {
  const { t } = useTranslation();
  const title = t(`gallery.lists.${scope}`);
  const queries = useQueryClient();
  const [unlistError, setUnlistError] = useState<{ slug: string; text: string } | null>(null);
  const unlist = async (s: ScenarioSummary) => {
    setUnlistError(null);
    try {
      await unlistScenario(s);
      await queries.invalidateQueries({ queryKey: queryKeys.scenarios.all });
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
    queryKey: queryKeys.scenarios.list(scope, asked, page),
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
          <label htmlFor={`${id}-search`}>{t("gallery.searchPublic")}</label>
          <input id={`${id}-search`} type="search" value={search} onChange={(e) => (setSearch(e.target.value), setPage(1))} />
        </div>
      )}
      {error && (
        <p role="alert" lang="en">
          {error}
        </p>
      )}
      <ul className="cards">
        {data?.results.map((s) => (
          <li key={s.slug} className="card">
            <h3>
              <Link href={s.canEdit ? `/scenarios/${s.slug}` : `/s/${s.slug}`}>{s.title}</Link>
            </h3>
            <Description text={s.description} />
            <small>
              {[
                ...(s.counts ? [t("gallery.nodes", { count: s.counts.nodes ?? 0 }), t("gallery.pods", { count: s.counts.pods ?? 0 })] : []),
                t(`gallery.visibility.${s.visibility}`),
                t("gallery.by", { owner: s.owner?.username ?? "?" }),
                ...(s.updatedAt ? [formatDate(s.updatedAt)] : []),
              ].join(" · ")}
            </small>
            {s.canEdit && s.visibility === "public" && (
              <div className="card__actions">
                <button type="button" onClick={() => unlist(s)} aria-label={t("gallery.unlistLabel", { title: s.title })}>
                  {t("gallery.unlist")}
                </button>
              </div>
            )}
            {unlistError?.slug === s.slug && (
              <p role="alert" className="field__error" lang="en">
                {unlistError.text}
              </p>
            )}
          </li>
        ))}
      </ul>
      {data && data.results.length === 0 && <p className="muted">{t("gallery.empty")}</p>}
      {data && (data.previous || data.next) && (
        <nav className="pager" aria-label={t("gallery.pages", { list: title })}>
          <button type="button" disabled={!data.previous} onClick={() => setPage((p) => p - 1)}>
            {t("common.previous")}
          </button>
          <span>{t("common.page", { page })}</span>
          <button type="button" disabled={!data.next} onClick={() => setPage((p) => p + 1)}>
            {t("common.next")}
          </button>
        </nav>
      )}
    </section>
  );
}
