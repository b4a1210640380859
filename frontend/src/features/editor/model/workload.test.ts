import { describe, expect, it } from "vitest";
import i18n from "@/i18n";
import { getIn } from "./manifest";
import { disruptionsAllowed } from "./pdb";
import { describeScale, newWorkload, withPodLabels } from "./workload";

describe("workload manifests", () => {
  it("a new Deployment's selector matches its template labels", () => {
    const d = newWorkload("Deployment", "web");
    expect(getIn(d, "spec.selector.matchLabels")).toEqual(getIn(d, "spec.template.metadata.labels"));
    expect(describeScale(d, i18n.t)).toBe("3 replicas");
  });

  it("changing the pod labels moves the selector with them", () => {
    const d = withPodLabels(newWorkload("StatefulSet", "db"), { app: "db", tier: "data" });
    expect(getIn(d, "spec.selector.matchLabels")).toEqual({ app: "db", tier: "data" });
  });

  it("a Job has no selector (the API server generates it) and pods that never restart", () => {
    const j = withPodLabels(newWorkload("Job", "batch"), { app: "batch" });
    expect(getIn(j, "spec.selector")).toBeUndefined();
    expect(getIn(j, "spec.template.spec.restartPolicy")).toBe("Never");
    expect(describeScale(j, i18n.t)).toBe("1 completions, 1 at a time");
  });

  it("a DaemonSet has no replicas", () => {
    const ds = newWorkload("DaemonSet", "agent");
    expect(getIn(ds, "spec.replicas")).toBeUndefined();
    expect(describeScale(ds, i18n.t)).toBe("one pod per eligible node");
  });
});

describe("disruptionsAllowed at start", () => {
  const pdb = (spec: Record<string, unknown>) => ({ apiVersion: "policy/v1", kind: "PodDisruptionBudget", metadata: { name: "p" }, spec: { selector: { matchLabels: { app: "web" } }, ...spec } });
  const running = (name: string) => ({ apiVersion: "v1", kind: "Pod", metadata: { name, labels: { app: "web" } }, spec: { nodeName: "n1", containers: [] } });

  it("an integer minAvailable counts bare pods", () => {
    expect(disruptionsAllowed(pdb({ minAvailable: 1 }), [running("a"), running("b")])).toBe(1);
  });

  it("maxUnavailable over bare pods expects nothing, as the disruption controller does", () => {
    expect(disruptionsAllowed(pdb({ maxUnavailable: 1 }), [running("a"), running("b")])).toBe(0);
  });

  it("maxUnavailable expects a Deployment's replicas", () => {
    const objects = [newWorkload("Deployment", "web"), running("a"), running("b"), running("c")];
    expect(disruptionsAllowed(pdb({ maxUnavailable: 1 }), objects)).toBe(1);
  });
});
