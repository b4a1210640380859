import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { applyEvent } from "@/protocol/applyEvent";
import type { SimEvent } from "@/protocol/events";
import { initialRunState } from "@/protocol/state";
import { describeNode, describePdb, describePod, nodeManifest, podManifest, toYaml } from "./describe";

const pod = (name: string, more: Record<string, unknown> = {}) => ({
  key: `default/${name}`, name, namespace: "default", uid: `uid-${name}`, labels: { app: name }, priority: 1000,
  priorityClassName: "high", preemptionPolicy: "PreemptLowerPriority", requests: { cpu: 1000, memory: 536870912 },
  nodeName: null, nominatedNodeName: null, phase: "Pending", queue: "active", startTime: null, deletionTimestamp: null,
  preemptedBy: null, schedulingGates: [], ...more,
});

const snapshot = {
  seq: 1, t: 0, kind: "cluster.snapshot",
  state: {
    time: 0, cycle: 0,
    nodes: [{ name: "node-1", labels: { zone: "a" }, allocatable: { cpu: 2000, memory: 4294967296, pods: 110 },
              taints: [{ key: "gpu", value: "", effect: "NoSchedule" }], unschedulable: false }],
    pods: [pod("web", { nodeName: "node-1", phase: "Running", startTime: 0 }), pod("urgent")],
    priorityClasses: [{ name: "high", value: 1000, globalDefault: false, preemptionPolicy: "PreemptLowerPriority", description: "" }],
    pdbs: [{ key: "default/web-pdb", name: "web-pdb", namespace: "default", selector: { matchLabels: { app: "web" }, matchExpressions: [] },
              minAvailable: 1, maxUnavailable: null, disruptionsAllowed: 0, disruptedPods: [], currentHealthy: 1, desiredHealthy: 1, expectedPods: 1 }],
    queues: { active: ["default/urgent"], backoff: [], unschedulable: [], gated: [] }, metrics: null,
  },
} as unknown as SimEvent;
const failed = { seq: 2, t: 0.5, kind: "k8s.event", type: "Warning", reason: "FailedScheduling", object: "default/urgent",
  message: "0/1 nodes are available: 1 Insufficient cpu.", action: "Scheduling", related: null } as unknown as SimEvent;
const state = applyEvent(applyEvent(initialRunState, snapshot), failed);

describe("describePod", () => {
  it("reads like kubectl describe pod, with the pod's events at this point", () => {
    const text = describePod(state, "default/urgent")!;
    expect(text).toContain("Name:                 urgent");
    expect(text).toContain("Priority Class Name:  high");
    expect(text).toContain("Node:                 <none>");
    expect(text).toMatch(/Requests:\n {2}cpu: +1\n {2}memory: +512Mi/);
    expect(text).toMatch(/Warning +FailedScheduling +t=0\.5s +default-scheduler +0\/1 nodes are available: 1 Insufficient cpu\./);
  });

  it("is null for a pod that does not exist at this point", () => {
    expect(describePod(state, "default/later")).toBeNull();
  });
});

describe("describeNode", () => {
  it("lists taints, the non-terminated pods and the allocated share", () => {
    const text = describeNode(state, "node-1")!;
    expect(text).toContain("Taints:             gpu:NoSchedule");
    expect(text).toContain("Non-terminated Pods:  (1 in total)");
    expect(text).toMatch(/cpu +1 \(50%\)/);
  });
});

describe("manifests", () => {
  it("gives the pod's YAML with its node, priority and status", () => {
    const parsed = parse(toYaml(podManifest(state.pods.get("default/web")!)));
    expect(parsed).toMatchObject({ apiVersion: "v1", kind: "Pod", metadata: { name: "web", uid: "uid-web" },
      spec: { nodeName: "node-1", priority: 1000 }, status: { phase: "Running" } });
  });

  it("gives the node's YAML with its taints and allocatable in Kubernetes quantities", () => {
    expect(nodeManifest(state.nodes.get("node-1")!)).toMatchObject({
      spec: { taints: [{ key: "gpu", effect: "NoSchedule" }] }, status: { allocatable: { cpu: "2", memory: "4Gi" } } });
  });
});

describe("describePdb", () => {
  it("reads like kubectl describe pdb: the spec, then the status preemption counts against", () => {
    expect(describePdb(state, "default/web-pdb")).toBe(
      [
        "Name:           web-pdb",
        "Namespace:      default",
        "Min available:  1",
        "Selector:       app=web",
        "Status:",
        "    Allowed disruptions:  0",
        "    Current:              1",
        "    Desired:              1",
        "    Total:                1",
        "Events:                   <none>",
      ].join("\n"),
    );
    expect(describePdb(state, "default/nope")).toBeNull();
  });
});
