import { describe, expect, test } from "vitest";
import { applyEvent, foldTo } from "./applyEvent";
import { initialRunState } from "./state";
import { nodeStatus, nodeStatuses } from "./events";
import { makeNode, makePod, makeState, numbered, preemptionStory } from "@/test/fixtures";

const seqOf = (kind: string, nth = 0) => preemptionStory().filter((e) => e.kind === kind)[nth].seq;

describe("applyEvent", () => {
  test("the snapshot gives the initial cluster, with pods indexed by node", () => {
    const s = foldTo(preemptionStory(), 1);
    expect(s.nodeOrder).toEqual(["node-1"]);
    expect(s.byNode.get("node-1")!.bound.map((p) => p.key)).toEqual(["default/victim"]);
    expect(s.queues.active).toEqual(["default/preemptor"]);
  });

  test("namespace.updated adds a Namespace object, then replaces its labels in place", () => {
    const start = foldTo(preemptionStory(), 1);
    const label = "kubernetes.io/metadata.name";
    const added = applyEvent(start, {
      seq: 1000, t: 1, kind: "namespace.updated", change: "added",
      namespace: { name: "team-a", labels: { team: "a", [label]: "team-a" } },
    });
    const other = applyEvent(added, {
      seq: 1001, t: 1, kind: "namespace.updated", change: "added", namespace: { name: "ops", labels: { [label]: "ops" } },
    });
    const relabelled = applyEvent(other, {
      seq: 1002, t: 2, kind: "namespace.updated", change: "labels", namespace: { name: "team-a", labels: { [label]: "team-a" } },
    });
    expect(added.namespaces).toEqual([{ name: "team-a", labels: { team: "a", [label]: "team-a" } }]);
    expect(relabelled.namespaces.map((n) => [n.name, n.labels])).toEqual([
      ["team-a", { [label]: "team-a" }],
      ["ops", { [label]: "ops" }],
    ]);
  });

  test("namespace.updated marks a namespace Terminating and namespace.deleted removes it", () => {
    const start = foldTo(preemptionStory(), 1);
    const labels = { "kubernetes.io/metadata.name": "team-a" };
    const added = applyEvent(start, { seq: 1000, t: 1, kind: "namespace.updated", change: "added", namespace: { name: "team-a", labels } });
    const terminating = applyEvent(added, {
      seq: 1001, t: 2, kind: "namespace.updated", change: "terminating", namespace: { name: "team-a", labels, deletionTimestamp: 2 },
    });
    expect(terminating.namespaces).toEqual([{ name: "team-a", labels, deletionTimestamp: 2 }]);
    const deleted = applyEvent(terminating, { seq: 1002, t: 30, kind: "namespace.deleted", namespace: "team-a" });
    expect(deleted.namespaces).toEqual([]);
  });

  test("priorityclass.added appends a class and priorityclass.deleted removes it by name", () => {
    const start = foldTo(preemptionStory(), 1);
    const high = { name: "urgent", value: 5000, globalDefault: false, preemptionPolicy: "PreemptLowerPriority", description: "" };
    const added = applyEvent(start, { seq: 1000, t: 1, kind: "priorityclass.added", priorityClass: high });
    expect(added.priorityClasses).toEqual([...start.priorityClasses, high]);
    const described = { ...high, description: "for the demo" };
    const changed = applyEvent(added, { seq: 1001, t: 2, kind: "priorityclass.changed", priorityClass: described });
    expect(changed.priorityClasses).toEqual([...start.priorityClasses, described]);
    const deleted = applyEvent(changed, { seq: 1002, t: 2, kind: "priorityclass.deleted", name: "urgent" });
    expect(deleted.priorityClasses).toEqual(start.priorityClasses);
  });

  test("pdb.added adds a budget by key, pdb.updated then changes its status, pdb.deleted removes it", () => {
    const start = foldTo(preemptionStory(), 1);
    const pdb = { key: "default/web-pdb", name: "web-pdb", namespace: "default", selector: { matchLabels: { app: "web" }, matchExpressions: [] },
      minAvailable: 1, maxUnavailable: null, disruptionsAllowed: 0, disruptedPods: [], currentHealthy: 0, desiredHealthy: 0, expectedPods: 0 };
    const added = applyEvent(start, { seq: 1000, t: 1, kind: "pdb.added", pdb });
    const synced = applyEvent(added, { seq: 1001, t: 1, kind: "pdb.updated", pdb: pdb.key, disruptionsAllowed: 0,
      currentHealthy: 1, desiredHealthy: 1, expectedPods: 1 });
    expect(synced.pdbs[pdb.key].currentHealthy).toBe(1);
    const changed = applyEvent(synced, { seq: 1002, t: 1, kind: "pdb.changed", pdb: { ...pdb, minAvailable: 2 } });
    expect(changed.pdbs[pdb.key].minAvailable).toBe(2);
    const deleted = applyEvent(changed, { seq: 1003, t: 2, kind: "pdb.deleted", pdb: pdb.key });
    expect(deleted.pdbs).toEqual(start.pdbs);
  });

  test("workload.updated adds or replaces a workload by key and workload.deleted removes it", () => {
    const start = foldTo(preemptionStory(), 1);
    const view = (name: string, readyPods: number) => ({
      key: `Deployment/default/${name}`, kind: "Deployment" as const, name, namespace: "default", uid: name,
      replicas: 2, currentPods: 2, readyPods, owner: null, generation: 1, observedGeneration: 1,
    });
    const web = applyEvent(start, { seq: 1000, t: 1, kind: "workload.updated", workload: view("web", 0) });
    const api = applyEvent(web, { seq: 1001, t: 1, kind: "workload.updated", workload: view("api", 0) });
    const ready = applyEvent(api, { seq: 1002, t: 2, kind: "workload.updated", workload: view("web", 2) });
    const deleted = applyEvent(ready, { seq: 1003, t: 3, kind: "workload.deleted", workload: "Deployment/default/web" });
    expect(ready.workloads!.map((w) => [w.name, w.readyPods])).toEqual([["web", 2], ["api", 0]]);
    expect(deleted.workloads!.map((w) => w.name)).toEqual(["api"]);
  });

  test("a nominated pod is drawn as a ghost on its nominated node", () => {
    const s = foldTo(preemptionStory(), seqOf("pod.nominated"));
    expect(s.pods.get("default/preemptor")!.nominatedNodeName).toBe("node-1");
    expect(s.byNode.get("node-1")!.nominated.map((p) => p.key)).toEqual(["default/preemptor"]);
  });

  test("a victim is terminating with its deleteAt until it is deleted", () => {
    const during = foldTo(preemptionStory(), seqOf("pod.terminating"));
    expect(during.pods.get("default/victim")!.phase).toBe("Terminating");
    expect(during.terminations["default/victim"].deleteAt).toBe(30);
    const after = foldTo(preemptionStory(), seqOf("pod.deleted"));
    expect(after.pods.get("default/victim")).toBeUndefined();
    expect(after.byNode.get("node-1")!.bound).toEqual([]);
  });

  test("binding moves the pod from ghost to bound and clears its nomination", () => {
    const s = foldTo(preemptionStory());
    expect(s.pods.get("default/preemptor")!).toMatchObject({ nodeName: "node-1", nominatedNodeName: null, phase: "Running" });
    expect(s.byNode.get("node-1")!.bound.map((p) => p.key)).toEqual(["default/preemptor"]);
    expect(s.byNode.get("node-1")!.nominated).toEqual([]);
  });

  test("queue moves update the lanes and remember the upstream event label", () => {
    const s = foldTo(preemptionStory(), seqOf("queue.moved", 2));
    expect(s.queues.unschedulable).toEqual([]);
    expect(s.queues.backoff).toEqual([{ pod: "default/preemptor", until: 31 }]);
    expect(s.lastMove.get("default/preemptor")!).toMatchObject({ from: "unschedulable", to: "backoff", event: "AssignedPodDelete" });
  });

  test("an unschedulable pod keeps its rejector plugins", () => {
    const s = foldTo(preemptionStory(), seqOf("queue.moved", 1));
    expect(s.queues.unschedulable[0]).toMatchObject({ pod: "default/preemptor", plugins: ["NodeResourcesFit"] });
  });

  test("the cycle record collects filter, preemption and result for the decision panel", () => {
    const s = foldTo(preemptionStory());
    const first = s.cycles.get("1")!;
    expect(nodeStatus(first.filtered!, "node-1")?.reasons).toEqual(["Insufficient cpu"]);
    expect(first.preemption?.chosen).toBe("node-1");
    expect(first.finished?.result).toBe("unschedulable");
    expect(s.podCycles.get("default/preemptor")!).toEqual([1, 2]);
  });

  test("per-node statuses are indexes into the event's distinct verdicts", () => {
    const cpu = { code: "Unschedulable", plugin: "NodeResourcesFit", reasons: ["Insufficient cpu"] };
    const taint = { code: "UnschedulableAndUnresolvable", plugin: "TaintToleration", reasons: ["untolerated taint"] };
    const e = { statuses: { a: 0, b: 1, c: 0 }, verdicts: [cpu, taint] };
    expect(nodeStatuses(e)).toEqual([["a", cpu], ["b", taint], ["c", cpu]]);
    expect(nodeStatus(e, "b")).toEqual(taint);
    expect(nodeStatus(e, "zz")).toBeUndefined();
    // A run stored before the compact shape: statuses hold the objects, no verdicts.
    const legacy = { statuses: { a: cpu } } as unknown as Parameters<typeof nodeStatuses>[0];
    expect(nodeStatuses(legacy)).toEqual([["a", cpu]]);
  });

  test("free resources are computed from state at filter time", () => {
    const s = foldTo(preemptionStory());
    expect(s.cycles.get(String(1))!.free["node-1"]).toMatchObject({ requested: { cpu: 3000 }, allocatable: { cpu: 4000 } });
  });

  test("a duplicate seq is ignored (idempotent)", () => {
    const events = preemptionStory();
    const once = foldTo(events);
    const twice = events.reduce(applyEvent, foldTo(events));
    expect(twice).toEqual(once);
    const k8s = events.find((e) => e.kind === "k8s.event")!;
    expect(applyEvent(once, k8s).k8sEvents).toHaveLength(once.k8sEvents.length);
  });

  test("rewinding refolds to the seq and gives the same state as folding live up to it", () => {
    const events = preemptionStory();
    const live = events.slice(0, 8).reduce(applyEvent, initialRunState);
    const rewound = foldTo(events, 8);
    expect(rewound).toEqual(live);
    expect(rewound.seq).toBe(8);
  });

  test("a bound pod keeps the nomination its pod.bound carries, and loses one it does not", () => {
    const events = numbered([
      {
        kind: "cluster.snapshot",
        t: 0,
        state: makeState([makeNode("a")], [makePod("kept", { nominatedNodeName: "a" }), makePod("cleared", { nominatedNodeName: "a" })]),
      },
      { kind: "pod.bound", t: 1, pod: "default/kept", node: "a", cycle: 1, nominatedNodeName: "a" },
      { kind: "pod.bound", t: 1, pod: "default/cleared", node: "a", cycle: 2 },
    ]);
    const s = foldTo(events);
    expect(s.pods.get("default/kept")!).toMatchObject({ nodeName: "a", nominatedNodeName: "a", phase: "Running" });
    expect(s.pods.get("default/cleared")!).toMatchObject({ nodeName: "a", nominatedNodeName: null, phase: "Running" });
  });

  test("only the touched node's pod list changes identity", () => {
    const events = numbered([
      {
        kind: "cluster.snapshot",
        t: 0,
        state: makeState([makeNode("a"), makeNode("b")], [makePod("p", { queue: "active" })]),
      },
      { kind: "pod.bound", t: 1, pod: "default/p", node: "a", cycle: 1 },
    ]);
    const before = foldTo(events, 1);
    const bound = applyEvent(before, events[1]);
    expect(bound.byNode.get("b")!).toBe(before.byNode.get("b")!);
    expect(bound.byNode.get("a")!).not.toBe(before.byNode.get("a")!);
  });
});
