import { useQuery } from "@tanstack/react-query";
// Workshop routes: /w/new (lead one), /w/<code> (join / follow / try it myself),
// /w/<code>/host (the instructor's dashboard over the run the class follows),
// /w/<code>/present (the instructor's projector view: code, join address, step, the question's bars).
import { useCallback, useEffect, useMemo, useState, useSyncExternalStore } from "react";
import { useTranslation } from "react-i18next";
import { navigate } from "@/lib/router";
import { RunStore } from "@/lib/runStore";
import type { SimEvent } from "@/protocol/events";
import { getLesson, type LessonDetail } from "@/features/lessons/api";
import { stepAt, stepSeqs } from "@/features/lessons/steps";
import { backToClass, getWorkshop, tryItMyself, type WorkshopDetail } from "@/features/workshop/api";
import { ClassQuestions } from "@/features/workshop/ClassQuestions";
import { CodeForm } from "@/features/workshop/CodeForm";
import { HostDashboard } from "@/features/workshop/HostDashboard";
import { JoinForm } from "@/features/workshop/JoinForm";
import { NewWorkshopForm } from "@/features/workshop/NewWorkshopForm";
import { ProjectorView } from "@/features/workshop/ProjectorView";
import { followClass } from "@/features/workshop/followClass";
import { HostView } from "@/features/workshop/hostView";
import { projection, type Position } from "@/features/workshop/state";
import { StudentBar } from "@/features/workshop/StudentBar";
import { WorkshopStore } from "@/features/workshop/store";
import { CompareView } from "./ComparePage";
import { RunPage } from "./RunPage";
import { queryKeys } from "@/api/queryKeys";
import { listLessons, type Lesson } from "@/features/gallery/api";

// The gallery's and the lesson panel's queries: the same keys, so one fetch serves them all.
function useLessons(): Lesson[] {
  const language = useTranslation().i18n.resolvedLanguage ?? "en";
  return useQuery({ queryKey: queryKeys.lessons(language), queryFn: () => listLessons(language), staleTime: Infinity }).data ?? [];
}

function useLesson(slug: string | null | undefined): LessonDetail | null {
  const language = useTranslation().i18n.resolvedLanguage ?? "en";
  const query = useQuery({ queryKey: queryKeys.lesson(slug ?? "", language), queryFn: () => getLesson(slug as string, language),
                           enabled: !!slug, staleTime: Infinity });
  return slug ? (query.data ?? null) : null;
}

/** The lesson step shown at `seq`, by the lesson panel's rule (stepAt). */
function lessonStepAt(lesson: LessonDetail | null, events: readonly SimEvent[], seq: number): number | null {
  return lesson ? stepAt(stepSeqs(lesson.steps.map((s) => s.at), events), seq) : null;
}

function useWorkshopStore(code: string) {
  const store = useMemo(() => new WorkshopStore(code), [code]);
  const state = useSyncExternalStore(store.subscribe, store.getSnapshot);
  useEffect(() => {
    store.connect();
    return () => store.disconnect();
  }, [store]);
  return { store, state };
}

export function NewWorkshopPage() {
  const { t } = useTranslation();
  const lessons = useLessons();
  return (
    <main className="page">
      <h1>{t("workshop.lead.title")}</h1>
      <p>{t("workshop.lead.intro")}</p>
      <NewWorkshopForm lessons={lessons} onCreated={(w) => navigate(`/w/${w.code}/host`)} />
    </main>
  );
}

/** /w: where a student types the code on the projector. */
export function JoinByCodePage() {
  const { t } = useTranslation();
  return (
    <main className="page">
      <h1>{t("workshop.join.title")}</h1>
      <CodeForm onCode={(code) => navigate(`/w/${code}`)} />
    </main>
  );
}

export type WorkshopScreen = "join" | "host" | "present";

export function WorkshopPage({ code, view }: { code: string; view: WorkshopScreen }) {
  const { t } = useTranslation();
  const query = useQuery({ queryKey: queryKeys.workshop(code), queryFn: () => getWorkshop(code) });
  const detail: WorkshopDetail | null = query.data ?? null;
  const error = query.error ? query.error.message : null;
  const address = detail ? ownAddress(detail, view) : null;
  useEffect(() => {
    if (address) navigate(address, { replace: true });
  }, [address]);
  if (error) return <main className="page"><p role="alert" lang="en">{error}</p></main>;
  if (!detail) return <main className="page"><p>{t("workshop.loading")}</p></main>;
  if (detail.role === "instructor") return view === "present" ? <PresentPage code={detail.code} /> : <HostPage code={detail.code} />;
  if (detail.role === null && detail.status === "ended")
    return <main className="page"><h1 translate="no">{detail.title}</h1><p role="status">{t("workshop.endedNoJoin", { code: detail.code })}</p></main>;
  if (detail.role === null) return <JoinForm code={detail.code} title={detail.title} onJoined={() => void query.refetch()} />;
  return <StudentPage code={detail.code} />;
}

/** Where a page opened at another role's address goes (the instructor's at /w/<code>, a student's at
 * /host), or null; after rendering, as navigating is an effect. */
function ownAddress(detail: WorkshopDetail, view: WorkshopScreen): string | null {
  if (detail.role === "instructor") return view === "join" ? `/w/${detail.code}/host` : null;
  return view !== "join" ? `/w/${detail.code}` : null;
}

function HostPage({ code }: { code: string }) {
  const { t } = useTranslation();
  const { store, state } = useWorkshopStore(code);
  const lessons = useLessons();
  const workshop = state.workshop;
  const lesson = useLesson(workshop?.lesson);
  if (!workshop) return <main className="page"><p>{t("workshop.connecting")}</p></main>;
  const position = workshop.position;
  return (
    <div className="workshop-host">
      <HostDashboard state={state} lessons={lessons} lessonQuestions={lesson?.questions ?? []} />
      {position.view === "compare" && position.compare ? (
        <>
          <button type="button" onClick={() => store.send({ type: "position", position: { ...position, view: "run", compare: null } })}>
            {t("workshop.host.backToRun")}
          </button>
          <CompareView key={`${position.compare.a}-${position.compare.b}`} a={position.compare.a} b={position.compare.b} canBranch={false} />
        </>
      ) : (
        <PresentedRun key={position.runId} position={position} moves={state.moves} lesson={lesson} ws={store} />
      )}
    </div>
  );
}

/** The projector: the instructor's own socket, shown as the room may see it (`projection`). */
function PresentPage({ code }: { code: string }) {
  const { t } = useTranslation();
  const { state } = useWorkshopStore(code);
  const lesson = useLesson(state.workshop?.lesson);
  const shown = projection(state);
  if (!shown) return <main className="page"><p>{t("workshop.connecting")}</p></main>;
  return <ProjectorView shown={shown} lesson={lesson} />;
}

/**
 * The instructor's run. The server owns the class's position: this page goes where the class is
 * (on load, after a reconnect, or when another tab of the instructor moved it) and publishes only
 * the moves made here, so opening or reloading the page never moves the class. A class following
 * live moves on with the run's events on the server (the step comes as "classStep"), open tab or not.
 */
function PresentedRun({ position, moves, lesson, ws }: { position: Position; moves: number; lesson: LessonDetail | null; ws: WorkshopStore }) {
  const runId = position.runId;
  const store = useMemo(() => new RunStore(runId), [runId]);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- made once per run at the class's seq; later seqs arrive by receive()
  const follower = useMemo(() => new HostView(store, ws, runId, position.seq), [store, ws, runId]);
  useEffect(() => follower.attach(), [follower]);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- each position told (`moves`), not each step the run moved to
  useEffect(() => follower.receive(position.seq), [follower, moves]);
  useEffect(() => store.subscribe(follower.sync), [store, follower]);
  // Restarting keeps the class together: everyone follows the fresh run.
  const restarted = (id: number) => ws.send({ type: "position", position: { view: "run", runId: id, seq: null, compare: null } });
  return <RunPage runId={runId} store={store} lesson={lesson?.slug ?? null} lessonQuestions={false} onRestarted={restarted} />;
}

function StudentPage({ code }: { code: string }) {
  const { t } = useTranslation();
  const { store, state } = useWorkshopStore(code);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const workshop = state.workshop;
  const lesson = useLesson(workshop?.lesson);
  const act = async (fn: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await fn();
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };
  const onTry = () => act(async () => {
    const fork = await tryItMyself(code);
    store.dispatch({ type: "local.mode", mode: "own", ownRun: fork.id });
  });
  const onBack = () => act(async () => {
    await backToClass(code);
    store.dispatch({ type: "local.mode", mode: "following" });
  });
  if (!workshop || !state.me) return <main className="page"><p>{t("workshop.connecting")}</p></main>;
  const position = workshop.position;
  const own = state.me.mode === "own" ? state.me.ownRun : null;
  return (
    <div className="workshop-student">
      <StudentBar state={state} busy={busy} onTry={onTry} onBack={onBack} />
      {error && <p role="alert" className="field__error" lang="en">{error}</p>}
      {own ? (
        <OwnRun key={own} runId={own} lesson={lesson} ws={store} />
      ) : position.view === "compare" && position.compare ? (
        <CompareView key={`${position.compare.a}-${position.compare.b}`} a={position.compare.a} b={position.compare.b} canBranch={false} />
      ) : (
        <FollowedRun key={position.runId} position={position} lesson={lesson} ws={store} />
      )}
    </div>
  );
}

function Questions({ ws, store }: { ws: WorkshopStore; store: RunStore }) {
  const state = useSyncExternalStore(ws.subscribe, ws.getSnapshot);
  const view = useSyncExternalStore(store.subscribe, store.getSnapshot).view;
  const choices = useCallback((kind: "node" | "pod") => (kind === "node" ? view.nodeOrder : view.pods.keys().sort()), [view]);
  return (
    <ClassQuestions questions={state.questions} choices={choices} error={state.error}
                    onAnswer={(key, choice) => ws.send({ type: "answer", question: key, choice })} />
  );
}

/** The instructor's run at the instructor's event: same run, same timeline position, same lesson step. */
function FollowedRun({ position, lesson, ws }: { position: Position; lesson: LessonDetail | null; ws: WorkshopStore }) {
  const store = useMemo(() => new RunStore(position.runId), [position.runId]);
  // The view goes where the instructor is: at once when a position arrives (its render draws the step
  // and the map together), and back there whenever something else moved it (new events, a scrub).
  useEffect(() => followClass(ws, store, position.runId), [ws, store, position.runId]);
  return (
    <RunPage runId={position.runId} store={store} lesson={lesson?.slug ?? null} lessonQuestions={false}
             lessonStep={position.seq === null ? null : position.step}>
      <Questions ws={ws} store={store} />
    </RunPage>
  );
}

/** The student's own fork; the lesson step on their screen is reported to the instructor's roster. */
function OwnRun({ runId, lesson, ws }: { runId: number; lesson: LessonDetail | null; ws: WorkshopStore }) {
  const store = useMemo(() => new RunStore(runId), [runId]);
  useEffect(() => {
    let last: number | null | undefined;
    const report = () => {
      const snap = store.getSnapshot();
      const step = lessonStepAt(lesson, store.allEvents, snap.viewSeq ?? snap.lastSeq);
      if (step !== last) {
        last = step;
        ws.send({ type: "step", step });
      }
    };
    report();
    return store.subscribe(report);
  }, [store, lesson, ws]);
  return (
    <RunPage runId={runId} store={store} lesson={lesson?.slug ?? null} lessonQuestions={false}>
      <Questions ws={ws} store={store} />
    </RunPage>
  );
}
