import { describe, expect, it } from "vitest";
import type { PodView, WorkloadView } from "@/protocol/events";
import { groupByOwner } from "./groupByOwner";

function pod(name: string, owner?: { kind: string; name: string }, phase: PodView["phase"] = "Running"): PodView {
  return {
    key: `default/${name}`, name, namespace: "default", uid: name, labels: {}, priority: 0, priorityClassName: "",
    preemptionPolicy: "PreemptLowerPriority", requests: {}, nodeName: "n1", nominatedNodeName: null, phase,
    queue: null, startTime: 0, deletionTimestamp: null, preemptedBy: null, schedulingGates: [], ...(owner ? { owner } : {}),
  };
}

function workload(kind: WorkloadView["kind"], name: string, owner: WorkloadView["owner"] = null): WorkloadView {
  return { key: `${kind}/default/${name}`, kind, name, namespace: "default", uid: name, replicas: 2, currentPods: 2, readyPods: 2, owner };
}

describe("groupByOwner", () => {
  it("puts a ReplicaSet's pods under the Deployment that owns the ReplicaSet", () => {
    const groups = groupByOwner(
      [pod("web-abc-1", { kind: "ReplicaSet", name: "web-abc" }), pod("web-abc-2", { kind: "ReplicaSet", name: "web-abc" })],
      [workload("Deployment", "web"), workload("ReplicaSet", "web-abc", { kind: "Deployment", name: "web" })],
    );
    expect(groups.map((g) => [g.title, g.via, g.pods.map((p) => p.name)])).toEqual([
      ["Deployment web", "ReplicaSet web-abc", ["web-abc-1", "web-abc-2"]],
    ]);
    expect(groups[0].workload?.kind).toBe("Deployment");
  });

  it("keeps bare pods last and lists a workload without pods", () => {
    const groups = groupByOwner([pod("solo"), pod("db-0", { kind: "StatefulSet", name: "db" })], [
      workload("Job", "idle"),
      workload("StatefulSet", "db"),
    ]);
    expect(groups.map((g) => [g.title, g.pods.length])).toEqual([
      ["Job idle", 0],
      ["StatefulSet db", 1],
      [null, 1],
    ]);
  });
});
