import { expect, test } from "vitest";
import { explainCriterion, explainReason } from "./explain";

test("the deciding criterion is said in words, with the ones that tied before it", () => {
  expect(explainCriterion("smallestPrioritySum", "node-2")).toBe(
    "Picked node-2 by smallest sum of victim priorities (the candidates tied on fewest PodDisruptionBudget violations, then lowest priority of the most important victim).",
  );
  expect(explainCriterion("onlyCandidate", "node-1")).toBe("Picked node-1 because it was the only candidate node.");
});

test("Insufficient cpu says what the pod needs and what is free", () => {
  const free = { allocatable: { cpu: 4000 }, requested: { cpu: 2500 }, nominated: {}, pods: 2 };
  expect(explainReason("Insufficient cpu", { cpu: 2000 }, free)).toBe("Insufficient cpu: needs 2, 1.5 free");
});

test("space reserved for nominated pods is called out", () => {
  const free = { allocatable: { memory: 4 * 2 ** 30 }, requested: { memory: 2 ** 30 }, nominated: { memory: 2 * 2 ** 30 }, pods: 1 };
  expect(explainReason("Insufficient memory", { memory: 2 * 2 ** 30 }, free)).toBe(
    "Insufficient memory: needs 2Gi, 3Gi free (2Gi of it reserved for nominated pods)",
  );
});
