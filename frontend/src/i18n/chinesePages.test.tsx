// Issue 32: the gallery, the scenario editor, the account page and the compare page rendered in
// Chinese write no English of their own. Kubernetes' texts (names, kinds, field names, quantities)
// are marked verbatim and server messages are marked English (lang="en"); see ./testing/englishText.ts.
import { act, cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from "vitest";
import i18n from "@/i18n";
import { withQuery } from "@/test/query";
import { englishOutsideVerbatim } from "./testing/englishText";
import { HomePage } from "@/app/routes/HomePage";
import { ScenarioEditor } from "@/features/editor/components/ScenarioEditor";
import { AccountPage } from "@/features/account/AccountPage";
import { ComparePage, CompareView } from "@/app/routes/ComparePage";
import { DecisionsTable, OutcomesTable } from "@/features/compare/CompareTable";
import { BranchForm } from "@/features/compare/BranchForm";
import { alignDecisions, compareOutcomes, type Decision } from "@/features/compare/align";
import { newNamespace, newNode, newPdb, newPod, newPriorityClass, setIn, type Manifest } from "@/features/editor/model/manifest";
import { newWorkload } from "@/features/editor/model/workload";
import type { Scenario } from "@/features/editor/api";
import type { Me } from "@/lib/session";

type Answer = { status?: number; body: unknown };
type Route = [method: string, url: RegExp, answer: Answer];

/** A fake API: the first route that matches answers; anything else is a 500 the page shows (in English, marked). */
function serve(...routes: Route[]) {
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const method = init.method ?? "GET";
      const hit = routes.find(([m, u]) => m === method && u.test(url));
      const { status = 200, body } = hit ? hit[2] : { status: 500, body: { message: `unexpected ${method} ${url}`, errors: [] } };
      return new Response(status === 204 ? null : JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
    }),
  );
}

/** Fails with the English a page still writes, each snippet on its own line. */
function expectChinese(container: HTMLElement = document.body) {
  expect(englishOutsideVerbatim(container).join("\n")).toBe("");
}

beforeAll(async () => {
  await i18n.changeLanguage("zh-CN");
});
afterAll(async () => {
  await i18n.changeLanguage("en");
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const PAGE = (results: unknown[]) => ({ count: results.length, next: null, previous: null, results });

describe("the gallery in Chinese", () => {
  test("lessons, featured, mine and all shared scenarios with their counts, owners and dates", async () => {
    const scenario = (slug: string, visibility: string, canEdit: boolean) => ({
      slug, title: "两个节点的抢占", description: "", owner: { username: "guest-4kq9x2mb", isGuest: true }, visibility,
      forkedFrom: null, version: 3, counts: { nodes: 2, pods: 5 }, canEdit, updatedAt: "2026-11-20T10:00:00Z",
    });
    serve(
      ["GET", /\/api\/lessons\/\?lang=zh-CN/, { body: [
        { slug: "basic-preemption", title: "基本的抢占", summary: "高优先级的 Pod 驱逐低优先级的 Pod。", scenario: "lesson05", steps: [{ title: "一", markdown: "二" }], language: "zh-CN" },
        { slug: "not-yet", title: "Queueing hints", summary: "Not translated yet.", scenario: "lesson22", steps: [], language: "en" },
      ] }],
      ["GET", /scope=featured/, { body: PAGE([scenario("featured-1", "public", false)]) }],
      ["GET", /scope=mine/, { body: PAGE([scenario("mine-1", "public", true), scenario("mine-2", "private", true)]) }],
      ["GET", /scope=shared/, { body: { ...PAGE([scenario("shared-1", "unlisted", false)]), next: "/api/scenarios/?scope=shared&page=2" } }],
    );
    render(<HomePage />, { wrapper: withQuery() });
    expect(await screen.findByText("基本的抢占")).toBeTruthy();
    await screen.findAllByText("两个节点的抢占");
    fireEvent.click(screen.getByRole("button", { name: "显示全部共享场景" }));
    expect(await screen.findByRole("navigation", { name: /分页/ })).toBeTruthy();
    expectChinese();
  });
});

const objects = (): Manifest[] => [
  setIn(setIn(newNode("node-1"), "spec.taints", [{ key: "dedicated", value: "gpu", effect: "NoSchedule" }]), "metadata.labels", { zone: "a" }),
  newNode("node-2"),
  newPriorityClass("low", 100),
  setIn(newPriorityClass("high", 1000), "preemptionPolicy", "Never"),
  setIn(newNamespace("team-a"), "metadata.labels", { tier: "web" }),
  setIn(setIn(newPod("web-1"), "spec.priorityClassName", "low"), "spec.nodeName", "node-1"),
  setIn(newPod("urgent-1"), "spec.initContainers", [{ name: "init-1", image: "registry.k8s.io/pause:3.10", resources: { requests: { cpu: "100m", memory: "64Mi" } } }]),
  setIn(newPod("team-pod"), "metadata.namespace", "shop"),
  setIn(newPdb("web-pdb"), "spec.selector.matchLabels", { app: "web" }),
  newWorkload("Deployment", "api-1"),
  newWorkload("StatefulSet", "db-1"),
  newWorkload("DaemonSet", "agent-1"),
  newWorkload("Job", "batch-1"),
];

const SAVED: Scenario = {
  slug: "two-nodes", title: "两个节点", description: "", visibility: "unlisted", version: 2, objects: objects(),
  settings: { seed: 1, version: "v1.33", async_preemption: true },
  forkedFrom: "lesson05", canEdit: true, owner: { username: "guest-4kq9x2mb", isGuest: true },
  ignored: ["pods[0] (Pod web-1): spec.containers[0].ports is not modelled and was ignored"],
  featured: false, counts: {}, createdAt: "2026-11-27T09:00:00Z", updatedAt: "2026-11-27T09:00:00Z",
};

describe("the scenario editor in Chinese", () => {
  test("a saved scenario's forms, settings, runs, YAML and import tabs, and the API's errors at their fields", { timeout: 30_000 }, async () => {
    serve(
      ["GET", /\/api\/scenarios\/two-nodes\/$/, { body: SAVED }],
      ["GET", /\/api\/runs\/\?scenario=two-nodes/, { body: PAGE([{ id: 7, status: "finished", reason: "quiescent", owner: { username: "guest-4kq9x2mb" } }]) }],
      ["PUT", /\/api\/scenarios\/two-nodes\/$/, { status: 400, body: {
        message: "nodes[0].status.allocatable.cpu: quantities must match the regular expression (+ 2 more)",
        errors: [
          { field: "nodes[0].status.allocatable.cpu", value: "lots", message: "quantities must match the regular expression" },
          { field: "settings.seed", value: -1, message: "must be at least 0" },
          { field: "", message: "the scenario is too big" },
        ],
      } }],
    );
    render(<ScenarioEditor slug="two-nodes" readOnly={false} />, { wrapper: withQuery() });
    expect(await screen.findByRole("heading", { name: "编辑：两个节点" })).toBeTruthy();
    await screen.findByRole("link", { name: "观看运行 7" });
    fireEvent.change(within(screen.getByRole("article", { name: "Node node-1" })).getByLabelText("CPU"), { target: { value: "lots" } });
    fireEvent.click(screen.getByRole("button", { name: "保存" }));
    await screen.findByRole("list", { name: "问题" });
    expectChinese();

    fireEvent.click(screen.getByRole("tab", { name: "YAML" }));
    fireEvent.change(screen.getByLabelText(/^场景 YAML/), { target: { value: "kind: [" } });
    await screen.findByText(/YAML 错误/);
    expectChinese();

    fireEvent.click(screen.getByRole("tab", { name: "导入" }));
    expectChinese();
  });

  test("a new scenario and a shared one read-only, with many nodes to page through", { timeout: 30_000 }, async () => {
    serve(["GET", /\/api\/scenarios\/big\/$/, { body: { ...SAVED, slug: "big", canEdit: false, forkedFrom: null,
      objects: [...Array.from({ length: 30 }, (_, i) => newNode(`node-${i}`)), ...objects()] } }]);
    const { unmount } = render(<ScenarioEditor slug={null} readOnly={false} />, { wrapper: withQuery() });
    expect(screen.getByRole("heading", { name: "新建场景" })).toBeTruthy();
    expectChinese();
    unmount();
    render(<ScenarioEditor slug="big" readOnly />, { wrapper: withQuery() });
    await screen.findByRole("button", { name: "派生一份来编辑" });
    expect(screen.getByRole("button", { name: /^显示更多/ })).toBeTruthy();
    expectChinese();
  });
});

describe("the account page in Chinese", () => {
  const GUEST: Me = { authenticated: true, id: 7, username: "guest-4kq9x2mb", isGuest: true, language: null };
  const ANONYMOUS: Me = { authenticated: false, id: null, username: null, isGuest: false } as unknown as Me;

  test("a guest's sign-up and log-in forms, with the server's errors, and the API tokens", async () => {
    serve(
      ["GET", /\/api\/tokens\/$/, { body: [{ id: 1, name: "github-ci", prefix: "pgt_Ab12", createdAt: "2026-11-20T10:00:00Z", lastUsedAt: null }] }],
      ["POST", /\/api\/tokens\/$/, { status: 201, body: { id: 2, name: "laptop-2", prefix: "pgt_Cd34", createdAt: "2026-11-27T10:00:00Z", lastUsedAt: null, key: "pgt_Cd34efghijklmnopqrstuvwxyz0123456789ABCDEFG" } }],
      ["POST", /\/api\/auth\/signup\/$/, { status: 400, body: { message: "username: taken", errors: [{ field: "username", message: "A user with that username already exists." }] } }],
    );
    render(<AccountPage me={GUEST} onSignedIn={() => {}} />, { wrapper: withQuery() });
    await screen.findByRole("table", { name: "你的 API 令牌" });
    const signUp = screen.getByRole("form", { name: "注册" });
    fireEvent.change(within(signUp).getByLabelText("用户名"), { target: { value: "guest-4kq9x2mb" } });
    fireEvent.click(within(signUp).getByRole("button", { name: "注册" }));
    await within(signUp).findByText(/already exists/);
    fireEvent.change(screen.getByLabelText("令牌名称"), { target: { value: "laptop-2" } });
    fireEvent.click(screen.getByRole("button", { name: "创建令牌" }));
    await screen.findByLabelText("API 令牌密钥");
    fireEvent.click(screen.getByRole("button", { name: "吊销 github-ci" }));
    expectChinese();
  });

  test("a visitor not signed in", () => {
    render(<AccountPage me={ANONYMOUS} onSignedIn={() => {}} />, { wrapper: withQuery() });
    expect(screen.getByRole("heading", { name: "账户" })).toBeTruthy();
    expectChinese();
  });
});

describe("the compare page in Chinese", () => {
  const decision = (d: Partial<Decision>): Decision => ({
    pod: "default/web-1", attempt: 1, cycle: 1, seq: 3, t: 1, result: "scheduled", node: "node-1", nominated: null, victims: [], criterion: null, ...d,
  });

  test("how to open it, without runs", () => {
    window.history.pushState({}, "", "/compare");
    render(<ComparePage />);
    expectChinese();
  });

  test("its header, the aligned decisions, where each pod ended and the branch form", async () => {
    // The runs' sockets never open: the header says so while it waits.
    vi.stubGlobal("WebSocket", class { close() {} send() {} });
    const rows = alignDecisions(
      [decision({}), decision({ pod: "default/urgent-1", result: "unschedulable", node: null, nominated: "node-2", victims: ["default/low-1"], criterion: "fewestVictims" })],
      [decision({ node: "node-2" }), decision({ pod: "default/urgent-1", node: "node-1" })],
    );
    const outcomes = compareOutcomes(new Map([["default/web-1", "bound to node-1"], ["default/low-1", "deleted"]]), new Map([["default/web-1", "pending"]]));
    render(
      <>
        <div data-testid="view">
          <CompareView a={1} b={2} canBranch />
        </div>
        <DecisionsTable rows={rows} onlyDifferent={false} />
        <OutcomesTable outcomes={outcomes} />
        <BranchForm runId={1} seq={5} onBranched={() => {}} />
      </>,
      { wrapper: withQuery() },
    );
    await act(async () => {});
    const view = screen.getByTestId("view");
    // The two clusters are the run page's cluster map (translated with the run page); the rest is this page's.
    for (const part of [view.querySelector(".run-head")!, within(view).getByRole("region", { name: "差异" })]) expectChinese(part as HTMLElement);
    for (const table of screen.getAllByRole("table")) expectChinese(table);
    expectChinese(screen.getByRole("form", { name: "在此分支" }));
  });
});
