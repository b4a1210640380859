import { expect, test } from "vitest";
import { render, screen } from "@testing-library/react";
import { applyEvent } from "@/protocol/applyEvent";
import type { SimEvent } from "@/protocol/events";
import { initialRunState } from "@/protocol/state";
import { withQuery } from "@/test/query";
import { PdbList, guardedPods, guardsByPod } from "./PdbList";

const pod = (name: string, app: string) => ({
  key: `default/${name}`, name, namespace: "default", uid: `uid-${name}`, labels: { app }, priority: 100, priorityClassName: "low",
  preemptionPolicy: "PreemptLowerPriority", requests: { cpu: 1000 }, nodeName: "node-a", nominatedNodeName: null, phase: "Running",
  queue: null, startTime: 0, deletionTimestamp: null, preemptedBy: null, schedulingGates: [],
});
const state = applyEvent(initialRunState, {
  seq: 1, t: 0, kind: "cluster.snapshot",
  state: {
    time: 0, cycle: 0, nodes: [{ name: "node-a", labels: {}, allocatable: { cpu: 4000 }, taints: [], unschedulable: false }],
    pods: [pod("web-1", "web"), pod("batch-1", "batch")], priorityClasses: [],
    pdbs: [{ key: "default/web-pdb", name: "web-pdb", namespace: "default", selector: { matchLabels: { app: "web" }, matchExpressions: [] },
             minAvailable: 1, maxUnavailable: null, disruptionsAllowed: 0, disruptedPods: [], currentHealthy: 1, desiredHealthy: 1, expectedPods: 1 }],
    queues: { active: [], backoff: [], unschedulable: [], gated: [] }, metrics: null,
  },
} as unknown as SimEvent);

test("a PDB on the map shows its live disruptionsAllowed and the pods it guards", () => {
  const guarded = guardedPods(state.pdbs, state.pods);
  expect(guarded.get("default/web-pdb")).toEqual(["default/web-1"]);
  expect(guardsByPod(guarded, state.pdbs).get("default/web-1")).toEqual(["web-pdb"]);
  render(<PdbList pdbs={state.pdbs} guarded={guarded} onSelectPod={() => {}} />, { wrapper: withQuery() });
  const item = screen.getByRole("listitem", { name: "PodDisruptionBudget web-pdb" });
  expect(item.textContent).toContain("minAvailable 1");
  expect(screen.getByTestId("disruptions-default/web-pdb").textContent).toBe("0");
  expect(screen.getByRole("button", { name: "web-1" })).toBeTruthy();
  expect(screen.queryByRole("button", { name: "batch-1" })).toBeNull();
});
