import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { QueryClientProvider, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { newQueryClient } from "@/lib/query";
import { Link, navigate, useLocation } from "@/lib/router";
import { fetchMe, fetchVersion, type Me } from "@/lib/session";
import { followPageHeading, keepFocusOffBody } from "@/lib/focus";
import { AccountMenu } from "@/features/account/AccountMenu";
import { ANONYMOUS } from "@/features/account/api";
import { HomePage } from "./routes/HomePage";
import { LanguageSwitch } from "./LanguageSwitch";
import type { WorkshopScreen } from "./routes/WorkshopRoute";
import { queryKeys } from "@/api/queryKeys";

// The gallery comes with the app; every other page (and what only it uses: the editor, `yaml`, the
// run page) is a chunk of its own, fetched when first visited (issue 35: light on a shared Wi-Fi).
const AccountRoute = lazy(() => import("./routes/AccountRoute").then((m) => ({ default: m.AccountRoute })));
const MyRunsPage = lazy(() => import("@/features/myruns/MyRunsPage").then((m) => ({ default: m.MyRunsPage })));
const GlossaryPage = lazy(() => import("@/features/glossary/GlossaryPage").then((m) => ({ default: m.GlossaryPage })));
const ScenarioPage = lazy(() => import("./routes/ScenarioPage").then((m) => ({ default: m.ScenarioPage })));
const RunPage = lazy(() => import("./routes/RunPage").then((m) => ({ default: m.RunPage })));
const ComparePage = lazy(() => import("./routes/ComparePage").then((m) => ({ default: m.ComparePage })));
const OlderCodePage = lazy(() => import("./routes/OlderCodePage").then((m) => ({ default: m.OlderCodePage })));
const JoinByCodePage = lazy(() => import("./routes/WorkshopRoute").then((m) => ({ default: m.JoinByCodePage })));
const NewWorkshopPage = lazy(() => import("./routes/WorkshopRoute").then((m) => ({ default: m.NewWorkshopPage })));
const WorkshopPage = lazy(() => import("./routes/WorkshopRoute").then((m) => ({ default: m.WorkshopPage })));

interface Session {
  me: Me | null;
  onSignedIn(me: Me): void;
}

function Route({ me, onSignedIn }: Session) {
  const { pathname } = useLocation();
  const { t } = useTranslation();
  let m: RegExpExecArray | null;
  if (/^\/account\/?$/.test(pathname)) return <AccountRoute me={me} onSignedIn={onSignedIn} />;
  if (/^\/runs\/mine\/?$/.test(pathname)) return <MyRunsPage />;
  if (/^\/glossary\/?$/.test(pathname)) return <GlossaryPage />;
  if ((m = /^\/runs\/(\d+)\/?$/.exec(pathname))) return <RunPage key={m[1]} runId={Number(m[1])} />;
  if (/^\/scenarios\/new\/?$/.test(pathname)) return <ScenarioPage key="new" slug={null} readOnly={false} />;
  if ((m = /^\/scenarios\/([\w-]+)\/?$/.exec(pathname))) return <ScenarioPage key={m[1]} slug={m[1]} readOnly={false} />;
  if ((m = /^\/s\/([\w-]+)\/?$/.exec(pathname))) return <ScenarioPage key={`s-${m[1]}`} slug={m[1]} readOnly />;
  if (/^\/w\/?$/.test(pathname)) return <JoinByCodePage />;
  if (/^\/w\/new\/?$/.test(pathname)) return <NewWorkshopPage />;
  if ((m = /^\/w\/([\w-]+)(?:\/(host|present))?\/?$/.exec(pathname)))
    return <WorkshopPage key={`${m[1]}-${m[2] ?? ""}`} code={m[1]} view={(m[2] ?? "join") as WorkshopScreen} />;
  if (/^\/compare\/?$/.test(pathname)) return <ComparePage />;
  if (/^\/learn\/older-code\/?$/.test(pathname)) return <OlderCodePage />;
  if (pathname === "/" || pathname === "") return <HomePage />;
  return (
    <main className="page">
      <h1>{t("shell.notFound.title")}</h1>
      <p>
        {t("shell.notFound.text", { path: pathname })} <Link href="/">{t("shell.notFound.back")}</Link>
      </p>
    </main>
  );
}

export function App() {
  const [client] = useState(newQueryClient);
  return (
    <QueryClientProvider client={client}>
      <Shell />
    </QueryClientProvider>
  );
}

function Shell() {
  const { t } = useTranslation();
  const queries = useQueryClient();
  const version = useQuery({ queryKey: queryKeys.version, queryFn: fetchVersion, staleTime: Infinity }).data ?? null;
  const me = useQuery({ queryKey: queryKeys.me, queryFn: fetchMe }).data ?? null;
  const setMe = (who: Me) => queries.setQueryData(queryKeys.me, who);
  const [large, setLarge] = useState(() => localStorage.getItem("largeType") === "1");
  // Bumped when the session changes hands (log out), so pages refetch what is "mine".
  const [sessionEpoch, setSessionEpoch] = useState(0);
  const { pathname } = useLocation();
  const signedOut = () => {
    setMe(ANONYMOUS);
    void queries.invalidateQueries({ predicate: (q) => q.queryKey[0] !== queryKeys.me[0] && q.queryKey[0] !== queryKeys.version[0] });
    setSessionEpoch((n) => n + 1);
    navigate("/");
  };
  // The first write makes a visitor a guest; re-ask who we are as people move around.
  useEffect(() => {
    void queries.invalidateQueries({ queryKey: queryKeys.me });
  }, [pathname, queries]);
  // A new page takes focus to its heading (not on the first load: the reader starts at the top).
  const content = useRef<HTMLDivElement>(null);
  const firstPage = useRef(true);
  useEffect(() => {
    const moveFocus = !firstPage.current;
    firstPage.current = false;
    return followPageHeading(content.current!, moveFocus);
  }, [pathname, sessionEpoch]);
  useEffect(() => keepFocusOffBody(document.body), []);
  useEffect(() => {
    document.documentElement.classList.toggle("large-type", large);
    localStorage.setItem("largeType", large ? "1" : "0");
  }, [large]);
  // The projector view fills the screen: no header to read from the back of the room.
  const projecting = /^\/w\/[\w-]+\/present\/?$/.test(pathname);
  return (
    <>
      {!projecting && (
        <a className="skip-link" href="#content">
          {t("shell.skipToContent")}
        </a>
      )}
      {!projecting && (
        <header className="app-header">
          <Link href="/" className="brand">
            {t("shell.brand")}
          </Link>
          <span className="model-version" title={t("shell.modelVersionTitle")}>
            {t("shell.modelVersion", { version: version?.kubeSchedulerVersion ?? "…" })}
          </span>
          <nav aria-label={t("shell.mainNav")}>
            <Link href="/">{t("shell.nav.gallery")}</Link>
            <Link href="/scenarios/new">{t("shell.nav.newScenario")}</Link>
            <Link href="/runs/mine">{t("shell.nav.myRuns")}</Link>
            <Link href="/glossary">{t("shell.nav.glossary")}</Link>
            <Link href="/w">{t("shell.nav.joinWorkshop")}</Link>
            <Link href="/w/new">{t("shell.nav.leadWorkshop")}</Link>
          </nav>
          <button type="button" aria-pressed={large} onClick={() => setLarge((l) => !l)}>
            {large ? t("shell.normalType") : t("shell.largeType")}
          </button>
          <LanguageSwitch me={me} onSaved={setMe} />
          <AccountMenu me={me} onSignedOut={signedOut} />
        </header>
      )}
      <div id="content" tabIndex={-1} ref={content}>
        {/* No heading while a page's chunk loads: the route change focuses the page's own h1. */}
        <Suspense fallback={<p className="page" role="status">{t("common.loading")}</p>}>
          <Route key={sessionEpoch} me={me} onSignedIn={setMe} />
        </Suspense>
      </div>
    </>
  );
}
