// Issue 32: the run page's parts, the lesson panel and the workshop pages, rendered for a reader of
// Chinese, write no English of their own. What stays English is Kubernetes' (object names, event
// reasons and messages, upstream's plugin reasons, kubectl output), marked verbatim; the checker
// (./testing/englishText.ts) skips only what is marked. The run's state comes from real
// scheduler_core logs (src/test/real), so every panel shows what a real run gives it.
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from "vitest";
import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import type { ReactElement, ReactNode } from "react";
import { QueryClientProvider } from "@tanstack/react-query";
import everyKind from "@/test/real/every_kind.json";
import permit from "@/test/real/permit.json";
import { foldTo } from "@/protocol/applyEvent";
import type { SimEvent } from "@/protocol/events";
import type { RunState } from "@/protocol/state";
import { newQueryClient } from "@/lib/query";
import type { RunView } from "@/lib/socket";
import { markerOf, type TimelineMarker } from "@/lib/timelineMarkers";
import { RunStore } from "@/lib/runStore";
import { RunPage } from "@/app/routes/RunPage";
import { ClusterMap } from "@/features/cluster/ClusterMap";
import { QueueLanes } from "@/features/queue/QueueLanes";
import { DecisionPanel } from "@/features/trace/DecisionPanel";
import { EventLog } from "@/features/trace/EventLog";
import { MetricsPanel } from "@/features/trace/MetricsPanel";
import { InspectPanel } from "@/features/inspect/InspectPanel";
import { RunControls } from "@/features/controls/RunControls";
import { Timeline } from "@/features/controls/Timeline";
import { AddPodForm } from "@/features/controls/AddPodForm";
import { ClusterActions } from "@/features/controls/ClusterActions";
import { describeStatus } from "@/features/controls/runStatus";
import { KubeconfigButton } from "@/features/kubectl/KubeconfigButton";
import { ShortcutsHelp } from "@/components/ShortcutsHelp";
import { LessonPanel } from "@/features/lessons/LessonPanel";
import type { LessonDetail } from "@/features/lessons/api";
import { HostDashboard } from "@/features/workshop/HostDashboard";
import { JoinForm } from "@/features/workshop/JoinForm";
import { CodeForm } from "@/features/workshop/CodeForm";
import { NewWorkshopForm } from "@/features/workshop/NewWorkshopForm";
import { ProjectorView } from "@/features/workshop/ProjectorView";
import { StudentBar } from "@/features/workshop/StudentBar";
import { queryKeys } from "@/api/queryKeys";
import { ClassQuestions } from "@/features/workshop/ClassQuestions";
import { initialWorkshopState, projection, type WorkshopState } from "@/features/workshop/state";
import { JoinByCodePage, NewWorkshopPage, WorkshopPage } from "@/app/routes/WorkshopRoute";
import i18n from "@/i18n";
import { englishOutsideVerbatim as allEnglish, englishWords } from "./testing/englishText";

// Whole panels over real logs: seconds each on a loaded machine.
vi.setConfig({ testTimeout: 30_000 });
beforeAll(() => i18n.changeLanguage("zh-CN"));
afterAll(() => i18n.changeLanguage("en"));

function withCache(seed: (client: ReturnType<typeof newQueryClient>) => void = () => {}) {
  return function Wrapper({ children }: { children: ReactNode }) {
    const client = newQueryClient();
    seed(client);
    return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  };
}

/**
 * Names from the cluster and the lesson (nodes, pods, workloads, PriorityClasses, resources, question
 * ids) are Kubernetes' and the author's, never translated. Inside an element they are marked
 * (translate="no"); inside an accessible name or a tooltip ("node-1 memory", "low-1 (low)") they
 * cannot be, so a finding whose English words are all such names is not English the page wrote.
 * The scheduling framework's status codes and Go names (Success, Skip, Wait, Less()) are upstream
 * identifiers Chinese texts keep as they are, as they keep Kubernetes itself.
 */
const NAMES = new Set<string>(["cpu", "memory", "pods", "where", "Kubernetes", "Success", "Skip", "Wait", "Error", "Unschedulable", "Less"]);
function collectNames(value: unknown, key = ""): void {
  if (typeof value === "string" && ["name", "pod", "node", "priorityClassName", "owner"].includes(key)) NAMES.add(value.replace(/^[\w-]+\//, ""));
  else if (Array.isArray(value)) value.forEach((v) => collectNames(v, key));
  else if (value && typeof value === "object") for (const [k, v] of Object.entries(value)) collectNames(v, k);
}
collectNames([everyKind.events, permit.events]);

function englishOutsideVerbatim(container: HTMLElement): string[] {
  return allEnglish(container).filter((found) => !englishWords(found.replace(/ \[[\w-]+ on \w+\]$/, "")).every((word) => NAMES.has(word)));
}

/** Render, check, unmount: the English the element writes itself outside verbatim-marked text. */
function englishIn(ui: ReactElement, wrapper = withCache()): string[] {
  const { container, unmount } = render(ui, { wrapper });
  const found = englishOutsideVerbatim(container);
  unmount();
  return found;
}

const logs = { everyKind: everyKind.events as unknown as SimEvent[], permit: permit.events as unknown as SimEvent[] };

/** Moments of a log worth drawing: its preemptions, a wait at Permit, and its end (every pod's last cycle). */
function moments(events: readonly SimEvent[]): number[] {
  const seqs = events.filter((e) => e.kind === "preemption.evaluated" || e.kind === "permit.waiting").map((e) => e.seq);
  const every = Math.max(1, Math.ceil(seqs.length / 4));
  return [...seqs.filter((_, i) => i % every === 0), events[events.length - 1].seq];
}

/** The pods that went through a cycle by `state`, with their last cycle's record drawn. */
const cycledPods = (state: RunState) => [...state.podCycles.keys()];

const run = (over: Partial<RunView> = {}): RunView =>
  ({ id: 7, scenario: "preemption", status: "running", reason: "", speed: 1, seed: 0, time: 0, lastSeq: 10, canControl: true, queuePosition: null, ...over }) as RunView;

afterEach(cleanup);

describe.each(Object.entries(logs))("the run page's panels over the real %s log, in Chinese", (_name, events) => {
  const markers = events.map(markerOf).filter((m): m is TimelineMarker => m !== null);

  test.each(moments(events))("at seq %i the map, the queues, the events, the inspector and the timeline", (seq) => {
    const state = foldTo(events, seq);
    expect(englishIn(<ClusterMap state={state} selectedPod={null} onSelectPod={() => {}} now={state.time} highlights={{}} />)).toEqual([]);
    expect(englishIn(<QueueLanes state={state} selectedPod={null} onSelectPod={() => {}} now={state.time} />)).toEqual([]);
    expect(englishIn(<EventLog events={state.k8sEvents} selectedPod={null} />)).toEqual([]);
    expect(englishIn(<Timeline lastSeq={events.length} viewSeq={seq} time={state.time} onSeek={() => {}} markers={markers} />)).toEqual([]);
    const pod = cycledPods(state)[0] ?? null;
    expect(englishIn(<InspectPanel state={state} selectedPod={pod} />)).toEqual([]);
    expect(englishIn(<ClusterActions runId={7} nodes={state.nodeOrder} pods={state.pods} cordoned={new Set()} workloads={state.workloads} waiting={state.waitingPods} />)).toEqual([]);
  });

  test.each(moments(events))("at seq %i the decision panel for every pod that went through a cycle", (seq) => {
    const state = foldTo(events, seq);
    const highlighted = Object.fromEntries(state.nodeOrder.map((n, i) => [n, (["chosen", "candidate", "rejected"] as const)[i % 3]]));
    expect(englishIn(<ClusterMap state={state} selectedPod={null} onSelectPod={() => {}} now={state.time} highlights={highlighted} />)).toEqual([]);
    expect(englishIn(<DecisionPanel state={state} selectedPod={null} onSelectPod={() => {}} />)).toEqual([]);
    for (const pod of cycledPods(state)) expect(englishIn(<DecisionPanel state={state} selectedPod={pod} onSelectPod={() => {}} />), pod).toEqual([]);
  });
});

test("the whole run page of a lesson's run (header, controls, lesson, panels), live and held at an earlier event, in Chinese", async () => {
  const events = logs.everyKind;
  const view = run({ scenario: "lesson03", lesson: "one", lastSeq: events.length } as Partial<RunView>);
  vi.stubGlobal("fetch", vi.fn(async (url: string) => {
    const body = String(url).includes("/api/scenarios/") ? { title: "抢占" } : String(url).includes("/api/runs/") ? view : []; // the glossary: none
    return new Response(JSON.stringify(body), { headers: { "Content-Type": "application/json" } });
  }));
  try {
    // The run's events arrive as from its socket (no socket here).
    const store = Object.assign(new RunStore(7), { connect() {}, disconnect() {} });
    store.receive(events);
    store.setRun(view);
    const wrapper = withCache((c) => c.setQueryData(queryKeys.lesson("one", "zh-CN"), LESSON));
    const { container } = render(<RunPage runId={7} store={store} />, { wrapper });
    expect(await screen.findByRole("link", { name: "抢占" }, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("运行 7：抢占");
    expect(screen.getByRole("region", { name: "第 3 课：抢占" })).toBeTruthy();
    expect(screen.getByRole("toolbar", { name: "运行控制" })).toBeTruthy();
    expect(englishOutsideVerbatim(container)).toEqual([]);
    store.seek(5);
    expect(await screen.findByText(/画面停在第 5 个事件/)).toBeTruthy();
    expect(englishOutsideVerbatim(container)).toEqual([]);
  } finally {
    vi.unstubAllGlobals();
  }
});

test("the map grouped by owner, with node labels, in Chinese", () => {
  const state = foldTo(logs.everyKind);
  const { container } = render(<ClusterMap state={state} selectedPod={null} onSelectPod={() => {}} now={state.time} />, { wrapper: withCache() });
  fireEvent.click(screen.getByLabelText("显示节点标签"));
  expect(englishOutsideVerbatim(container)).toEqual([]);
  fireEvent.change(screen.getByLabelText("分组方式"), { target: { value: "owner" } });
  expect(englishOutsideVerbatim(container)).toEqual([]);
});

test("the run's controls, status, add-pod form, kubeconfig, metrics and shortcuts, in Chinese", () => {
  for (const status of ["queued", "running", "paused", "settled", "finished", "failed"] as const) {
    expect(englishIn(<RunControls run={run({ status })} />), status).toEqual([]);
    expect(englishIn(<RunControls run={run({ status, canControl: false })} />), status).toEqual([]);
    expect(englishOutsideVerbatim(Object.assign(document.createElement("p"), { textContent: describeStatus(run({ status, queuePosition: 2 })) }))).toEqual([]);
  }
  // The run lifecycle's own reasons are the page's words; a failure's message stays the server's.
  for (const reason of ["quiescent", "stopped", "restarted", "waiting for a change", "waiting for a worker: 3 runs ahead", "waiting for a worker: 1 run ahead"])
    expect(englishOutsideVerbatim(Object.assign(document.createElement("p"), { textContent: describeStatus(run({ status: "queued", reason })) })), reason).toEqual([]);
  const state = foldTo(logs.everyKind);
  expect(englishIn(<AddPodForm runId={7} priorityClasses={state.priorityClasses} />)).toEqual([]);
  expect(englishIn(<KubeconfigButton runId={7} canControl />)).toEqual([]);
  expect(englishIn(<MetricsPanel runId={7} seq={3} />)).toEqual([]);
  expect(englishIn(<ShortcutsHelp onClose={() => {}} />)).toEqual([]);
});

const LESSON: LessonDetail = {
  slug: "one", number: 3, title: "抢占", summary: "", idea: "高优先级的 Pod 会抢占低优先级的 Pod。", scenario: "lesson03", seed: 0, until: null, commands: [],
  buildsOn: [{ slug: "zero", number: 1, title: "调度队列" }],
  steps: [
    { title: "开始", markdown: "看看集群。", at: { event: "cluster.snapshot" } },
    { title: "绑定", markdown: "Pod 被绑定了。", at: { event: "pod.bound" } },
  ],
  questions: [
    { id: "where", prompt: "它会去哪个节点？", kind: "node", answer: "node-1", explanation: "只有它放得下。", revealAt: { event: "cluster.snapshot" }, askAt: 1, choices: ["node-1", "node-2"], noneOfThese: true },
  ],
  language: "zh-CN", spec: [], variants: [],
};

test("the lesson panel's controls, waits, questions and answers, in Chinese", () => {
  const wrapper = withCache((c) => c.setQueryData(queryKeys.lesson("one", "zh-CN"), LESSON));
  const events = [{ seq: 1, t: 0, kind: "cluster.snapshot" }] as unknown as SimEvent[];
  for (const [status, canControl] of [["running", true], ["finished", true], ["running", false]] as const) {
    const { container, unmount } = render(
      <LessonPanel slug="one" events={events} lastSeq={1} seq={1} status={status} canControl={canControl} now={3} send={vi.fn()} onSeek={() => {}} />,
      { wrapper },
    );
    const lesson = screen.getByRole("region", { name: "第 3 课：抢占" });
    expect(englishOutsideVerbatim(container)).toEqual([]);
    fireEvent.click(within(lesson).getByRole("button", { name: "下一步" }));
    expect(englishOutsideVerbatim(container), `${status}, canControl ${canControl}`).toEqual([]);
    unmount();
  }
});

const WORKSHOP = {
  code: "ABC234", title: "抢占工作坊", instructor: "ada", lesson: "one", scenario: "lesson03", runId: 7, push: 1,
  position: { view: "run" as const, runId: 7, seq: 4, step: 2, compare: null }, locked: false, status: "open" as const,
  link: "/w/ABC234", joinUrl: "http://192.168.1.5:8000/w/ABC234", createdAt: "2026-11-27T09:00:00Z", endedAt: null,
};
const ROSTER = [
  { id: 1, name: "小明", connected: true, mode: "following" as const, ownRun: null, step: null, language: "zh-CN" as const, joinedAt: null },
  { id: 2, name: "李华", connected: false, mode: "own" as const, ownRun: 9, step: 1, language: "zh-CN" as const, joinedAt: null },
];
const QUESTION = {
  key: "where", push: 1, lesson: "one", prompt: "它会去哪个节点？", kind: "node" as const, revealed: false, mine: "node-2",
  answer: "node-1", explanation: "只有它放得下。", tally: { counts: { "node-1": 1, "node-2": 1 }, answered: 2 }, translations: {},
};
const hostState = (over: Partial<WorkshopState> = {}): WorkshopState =>
  ({ ...initialWorkshopState, role: "instructor", workshop: WORKSHOP, roster: ROSTER, questions: [QUESTION], socket: "open", ...over });

describe("the workshop pages, in Chinese", () => {
  test("the instructor's dashboard, before and after the reveal, and the end confirmation", () => {
    const lessonQuestions = LESSON.questions;
    const lessons = [{ slug: "one", number: 3, title: "抢占" }];
    expect(englishIn(<HostDashboard state={hostState({ questions: [] })} lessonQuestions={lessonQuestions} lessons={lessons} />)).toEqual([]);
    expect(englishIn(<HostDashboard state={hostState()} lessonQuestions={lessonQuestions} lessons={lessons} />)).toEqual([]);
    const ended = hostState({ questions: [{ ...QUESTION, revealed: true }], workshop: { ...WORKSHOP, status: "ended", locked: true } });
    expect(englishIn(<HostDashboard state={ended} lessonQuestions={lessonQuestions} lessons={lessons} />)).toEqual([]);
    const { container } = render(<HostDashboard state={hostState()} lessonQuestions={lessonQuestions} lessons={lessons} />, { wrapper: withCache() });
    fireEvent.click(screen.getByRole("button", { name: "结束工作坊" }));
    expect(screen.getByRole("group", { name: "确认结束工作坊" })).toBeTruthy();
    expect(englishOutsideVerbatim(container)).toEqual([]);
  });

  test("the student's screen: following, on their own run, locked, ended; their questions before and after the reveal", () => {
    const me = ROSTER[0];
    const student = (over: Partial<WorkshopState>) => ({ ...initialWorkshopState, role: "student" as const, workshop: WORKSHOP, me, socket: "open" as const, ...over });
    for (const state of [
      student({}),
      student({ workshop: { ...WORKSHOP, locked: true } }),
      student({ me: ROSTER[1] }),
      student({ workshop: { ...WORKSHOP, status: "ended" } }),
    ])
      expect(englishIn(<StudentBar state={state} busy={false} onTry={() => {}} onBack={() => {}} />)).toEqual([]);
    const choices = () => ["node-1", "node-2"];
    expect(englishIn(<ClassQuestions questions={[QUESTION]} choices={choices} onAnswer={() => {}} error={null} />)).toEqual([]);
    expect(englishIn(<ClassQuestions questions={[{ ...QUESTION, revealed: true }]} choices={choices} onAnswer={() => {}} error={null} />)).toEqual([]);
  });

  test("the projector, the join and code forms and the pages that start and join a workshop", async () => {
    const shown = projection({ ...hostState(), questions: [{ ...QUESTION, revealed: true }] })!;
    expect(englishIn(<ProjectorView shown={shown} lesson={LESSON} />)).toEqual([]);
    expect(englishIn(<ProjectorView shown={{ ...shown, question: null, ended: true }} lesson={null} />)).toEqual([]);
    expect(englishIn(<JoinForm code="ABC234" title="抢占工作坊" onJoined={() => {}} />)).toEqual([]);
    expect(englishIn(<CodeForm onCode={() => {}} />)).toEqual([]);
    expect(englishIn(<NewWorkshopForm lessons={[{ slug: "one", number: 3, title: "抢占" }]} onCreated={() => {}} />)).toEqual([]);
    expect(englishIn(<JoinByCodePage />)).toEqual([]);
    expect(englishIn(<NewWorkshopPage />, withCache((c) => c.setQueryData(queryKeys.lessons("zh-CN"), [{ slug: "one", number: 3, title: "抢占" }])))).toEqual([]);
    const detail = { ...WORKSHOP, status: "ended", role: null, me: null };
    const { container } = render(<WorkshopPage code="ABC234" view="join" />, { wrapper: withCache((c) => c.setQueryData(queryKeys.workshop("ABC234"), detail)) });
    expect(await screen.findByRole("status")).toBeTruthy();
    expect(englishOutsideVerbatim(container)).toEqual([]);
  });
});
