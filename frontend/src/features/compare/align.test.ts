import { describe, expect, it } from "vitest";
import type { SimEvent } from "@/protocol/events";
import { alignDecisions, compareOutcomes, decisionsOf, outcomesOf, seqAtTime } from "./align";

let seq = 0;
const ev = (kind: string, t: number, more: Record<string, unknown>) => ({ kind, t, seq: ++seq, ...more }) as unknown as SimEvent;

/** A pod that preempts `victims` on `node` (picked by `criterion`) and then binds there. */
function preempting(pod: string, node: string, victims: string[], criterion: string, cycle: number, t = 0): SimEvent[] {
  return [
    ev("cycle.started", t, { cycle, pod, attempts: 1 }),
    ev("preemption.evaluated", t, { cycle, pod, chosen: node, criterion, victims, candidates: [] }),
    ev("cycle.finished", t, { cycle, pod, result: "unschedulable", node: null }),
    ev("cycle.started", t + 1, { cycle: cycle + 1, pod, attempts: 2 }),
    ev("cycle.finished", t + 1, { cycle: cycle + 1, pod, result: "scheduled", node }),
    ev("pod.bound", t + 1, { pod, node, cycle: cycle + 1 }),
  ];
}

describe("decisionsOf", () => {
  it("numbers each pod's attempts and reads the preemption's node, sorted victims and criterion", () => {
    const d = decisionsOf(preempting("default/urgent", "n2", ["default/b", "default/a"], "numPDBViolations", 5));
    expect(d.map((x) => [x.attempt, x.result, x.node, x.nominated, x.victims, x.criterion])).toEqual([
      [1, "unschedulable", null, "n2", ["default/a", "default/b"], "numPDBViolations"],
      [2, "scheduled", "n2", null, [], null],
    ]);
  });

  it("takes the victims from the chosen candidate when the event does not list them", () => {
    const [d] = decisionsOf([
      ev("cycle.started", 0, { cycle: 1, pod: "default/p", attempts: 1 }),
      ev("preemption.evaluated", 0, { cycle: 1, pod: "default/p", chosen: "n1", criterion: "first",
        candidates: [{ node: "n0", victims: ["default/x"] }, { node: "n1", victims: ["default/y"] }] }),
    ]);
    expect(d.result).toBe("unfinished");
    expect(d.victims).toEqual(["default/y"]);
  });
});

describe("alignDecisions", () => {
  it("pairs the same attempt of the same pod and names what differs: node, victims, criterion", () => {
    const withoutPdb = decisionsOf(preempting("default/urgent", "n1", ["default/web"], "first", 1));
    const withPdb = decisionsOf(preempting("default/urgent", "n2", ["default/batch"], "numPDBViolations", 1));
    const rows = alignDecisions(withoutPdb, withPdb);
    expect(rows.map((r) => [r.key, r.differences])).toEqual([
      ["default/urgent#1", ["node", "victims", "criterion"]],
      ["default/urgent#2", ["node"]],
    ]);
  });

  it("marks bound in one run and pending in the other as a different outcome", () => {
    const bound = decisionsOf([ev("cycle.started", 0, { cycle: 1, pod: "default/p", attempts: 1 }),
      ev("cycle.finished", 0, { cycle: 1, pod: "default/p", result: "scheduled", node: "n1" })]);
    const pending = decisionsOf([ev("cycle.started", 0, { cycle: 1, pod: "default/p", attempts: 1 }),
      ev("cycle.finished", 0, { cycle: 1, pod: "default/p", result: "unschedulable", node: null })]);
    expect(alignDecisions(bound, pending)[0].differences).toEqual(["outcome", "node"]);
  });

  it("keeps a decision only one run made, in virtual-time order with the others", () => {
    const a = decisionsOf([...preempting("default/p", "n1", [], "first", 1, 0), ...preempting("default/q", "n1", [], "first", 3, 5)]);
    const b = decisionsOf(preempting("default/p", "n1", [], "first", 1, 0));
    const rows = alignDecisions(a, b);
    expect(rows.map((r) => r.key)).toEqual(["default/p#1", "default/p#2", "default/q#1", "default/q#2"]);
    expect(rows[2]).toMatchObject({ b: null, differences: ["only-in-one"] });
    expect(rows[0].differences).toEqual([]);
  });
});

describe("outcomes", () => {
  it("says where each pod ended: bound to a node, pending, or deleted", () => {
    const a = outcomesOf([
      ev("cluster.snapshot", 0, { state: { pods: [{ key: "default/web", nodeName: "n1" }, { key: "default/urgent", nodeName: null }] } }),
      ev("pod.deleted", 1, { pod: "default/web", node: "n1", reason: "preempted" }),
      ev("pod.bound", 2, { pod: "default/urgent", node: "n1", cycle: 2 }),
    ]);
    const b = outcomesOf([
      ev("cluster.snapshot", 0, { state: { pods: [{ key: "default/web", nodeName: "n1" }, { key: "default/urgent", nodeName: null }] } }),
    ]);
    expect(compareOutcomes(a, b)).toEqual([
      { pod: "default/urgent", a: "bound to n1", b: "pending", differs: true },
      { pod: "default/web", a: "deleted", b: "bound to n1", differs: true },
    ]);
  });
});

describe("seqAtTime", () => {
  it("finds the last event at or before a virtual time", () => {
    const events = [ev("cycle.started", 0, {}), ev("cycle.started", 1, {}), ev("cycle.started", 1, {}), ev("cycle.started", 4, {})];
    expect([seqAtTime(events, -1), seqAtTime(events, 1), seqAtTime(events, 3.9), seqAtTime(events, 9)]).toEqual(
      [0, events[2].seq, events[2].seq, events[3].seq]);
  });
});
