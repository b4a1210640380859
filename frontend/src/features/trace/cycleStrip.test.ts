// The strip of one cycle, from a log the real core emitted (src/test/real/preemption.json).
import { describe, expect, test } from "vitest";
import real from "@/test/real/preemption.json";
import permitLog from "@/test/real/permit.json";
import type { SimEvent } from "@/protocol/events";
import { foldTo } from "@/protocol/applyEvent";
import { cycleStrip, EXTENSION_POINTS } from "./cycleStrip";

const events = real.events as unknown as SimEvent[];
const state = foldTo(events);
const strip = (cycle: number, profile = state.profile) => cycleStrip(state.cycles.get(String(cycle))!, profile);
const cell = (cycle: number, point: string, plugin: string) =>
  strip(cycle).find((p) => p.point === point)!.cells.find((c) => c.plugin === plugin);

describe("cycleStrip", () => {
  test("names every extension point in upstream order", () => {
    expect(strip(1).map((p) => p.point)).toEqual([...EXTENSION_POINTS]);
  });

  test("a failing cycle: Filter rejects, PostFilter preempts, nothing is scored or bound", () => {
    expect(cell(1, "PreEnqueue", "SchedulingGates")?.status).toBe("Success");
    expect(cell(1, "PreFilter", "NodeResourcesFit")?.status).toBe("Success");
    expect(cell(1, "PreFilter", "PodTopologySpread")?.status).toBe("Skip");
    expect(cell(1, "Filter", "PodTopologySpread")?.status).toBe("Skip");
    expect(cell(1, "Filter", "TaintToleration")?.status).toBe("Success");
    expect(cell(1, "Filter", "NodeResourcesFit")).toMatchObject({ status: "Unschedulable", detail: "Unschedulable on 2 nodes." });
    expect(cell(1, "PostFilter", "DynamicResources")?.status).toBe("Unschedulable");
    expect(cell(1, "PostFilter", "DefaultPreemption")).toMatchObject({ status: "Success", detail: "Nominated node-1; victims: low-a." });
    expect(cell(1, "Score", "NodeResourcesFit")?.status).toBe("not run");
    expect(cell(1, "Bind", "DefaultBinder")?.status).toBe("not run");
    // No node was chosen: the binding side (DynamicResources at Reserve and PreBind; no default
    // plugin at Permit or PostBind) never started.
    for (const point of ["Reserve", "PreBind"])
      expect(strip(1).find((x) => x.point === point)!.cells).toEqual([
        { plugin: "DynamicResources", status: "not run", detail: "No node was chosen: the binding side never started." },
      ]);
    for (const point of ["Permit", "PostBind"]) expect(strip(1).find((x) => x.point === point)!.cells).toEqual([]);
  });

  test("the nominated node fits alone: no PostFilter, no scoring, DefaultBinder binds", () => {
    expect(cell(2, "PostFilter", "DefaultPreemption")?.status).toBe("not run");
    expect(cell(2, "PreScore", "NodeResourcesFit")).toMatchObject({ status: "not run", detail: expect.stringMatching(/Only one node passed Filter/) });
    expect(cell(2, "Bind", "DefaultBinder")?.status).toBe("Success");
    expect(strip(2).find((p) => p.point === "Filter")!.note).toMatch(/Nominated node node-1 was filtered alone first/);
  });

  test("two filter passes are named where nominated pods were added", () => {
    const record = state.cycles.get("1")!;
    const twoPass = { ...record, filtered: { ...record.filtered!, nominatedPods: { "node-2": ["default/other"] } } };
    expect(cycleStrip(twoPass, state.profile).find((p) => p.point === "Filter")!.note).toMatch(
      /Two passes on node-2 \(\+ other\): first with the nominated pods of priority ≥ 1000 added/,
    );
  });

  test("a run recorded without profile or skips says so instead of guessing", () => {
    const record = state.cycles.get("1")!;
    const old = { ...record, filtered: { ...record.filtered!, preFilterSkipped: undefined, rejectedBy: undefined } };
    const points = cycleStrip(old, null);
    expect(points.find((p) => p.point === "PreEnqueue")!.note).toMatch(/without its profile/);
    expect(points.find((p) => p.point === "Filter")!.cells).toEqual([
      { plugin: "NodeResourcesFit", status: "Unschedulable", detail: "Unschedulable on 2 nodes." },
    ]);
  });

  test("a run recorded before Reserve … PostBind were modelled keeps saying so", () => {
    // Its snapshot's profile has no binding points (the core added them with the Permit work).
    const { reserve: _r, permit: _p, preBind: _b, postBind: _a, ...older } = state.profile!;
    for (const point of ["Reserve", "Permit", "PreBind", "PostBind"]) {
      const p = strip(2, older as typeof state.profile).find((x) => x.point === point)!;
      expect(p.cells).toEqual([]);
      expect(p.note).toMatch(/^Not modelled/);
    }
  });
});

describe("cycleStrip with the teaching PermitGate (src/test/real/permit.json)", () => {
  const events = permitLog.events as unknown as SimEvent[];
  const at = (cycle: number, seq = Infinity) => {
    const s = foldTo(events, seq);
    return cycleStrip(s.cycles.get(String(cycle))!, s.profile);
  };
  const cellAt = (points: ReturnType<typeof at>, point: string, plugin: string) => points.find((p) => p.point === point)!.cells.find((c) => c.plugin === plugin);
  const seqOf = (kind: string, pod: string) => events.find((e) => e.kind === kind && (e as { pod?: string }).pod === pod)!.seq;

  test("while gated-b waits: Reserve succeeded, Permit says Wait, PreBind and Bind not yet", () => {
    const points = at(2, seqOf("permit.waiting", "default/gated-b"));
    expect(cellAt(points, "Reserve", "DynamicResources")?.status).toBe("Success");
    expect(cellAt(points, "Permit", "PermitGate")).toMatchObject({ status: "Wait", detail: expect.stringMatching(/timeout at t=30/) });
    expect(cellAt(points, "PreBind", "DynamicResources")?.status).toBe("not yet");
    expect(cellAt(points, "Bind", "DefaultBinder")).toMatchObject({ status: "not yet", detail: "The binding cycle is blocked in WaitOnPermit." });
    expect(points.find((p) => p.point === "Reserve")!.note).toMatch(/VolumeBinding/);
  });

  test("allowed: PreBind, Bind and PostBind ran", () => {
    const points = at(2);
    expect(cellAt(points, "Permit", "PermitGate")?.detail).toMatch(/allowed at t=5/);
    expect(cellAt(points, "PreBind", "DynamicResources")?.status).toBe("Success");
    expect(cellAt(points, "Bind", "DefaultBinder")?.status).toBe("Success");
    expect(points.find((p) => p.point === "PostBind")!.note).toMatch(/No PostBind plugin/);
  });

  test("preempted while waiting: rejected at Permit, Unreserve ran, nothing bound", () => {
    const points = at(1);
    expect(cellAt(points, "Permit", "PermitGate")).toMatchObject({ status: "Wait", detail: expect.stringMatching(/rejected by DefaultPreemption at t=8:$/), upstream: expect.stringMatching(/preempted/) });
    expect(points.find((p) => p.point === "Reserve")!.note).toMatch(/Unreserve ran/);
    expect(cellAt(points, "PreBind", "DynamicResources")?.status).toBe("not run");
    expect(cellAt(points, "Bind", "DefaultBinder")?.status).toBe("not run");
  });

  test("a pod the gate does not match passes Permit", () => {
    const urgent = foldTo(events).podCycles.get("default/urgent")!;
    expect(cellAt(at(urgent[urgent.length - 1]), "Permit", "PermitGate")?.status).toBe("Success");
  });
});
