import { expect, test } from "vitest";
import { criterionValue, describeStart, explainCriterion, explainReason, shiftedPrioritySum } from "./explain";
import type { PreemptionCandidate } from "@/protocol/events";

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

// Lesson 11's count pool: raw sums 500 and −2147483148 are compared after 2³¹ per victim — equal.
const candidate = (victims: number, prioritySum: number) =>
  ({ node: "n", victims: Array.from({ length: victims }, (_, i) => `default/v${i}`), numPDBViolations: 0, highestPriority: 500, prioritySum, earliestStartTime: -3600 }) satisfies PreemptionCandidate;

test("a priority sum is shown with the value it is compared by (each victim + 2^31)", () => {
  expect(shiftedPrioritySum(candidate(2, 500))).toBe(4294967796);
  expect(shiftedPrioritySum(candidate(3, -2147483148))).toBe(4294967796);
  expect(criterionValue(candidate(2, 500), "smallestPrioritySum")).toBe("priority sum 500, compared as 4294967796");
});

test("a start time is a date and a distance from t=0 in words, not minutes", () => {
  expect(describeStart(-3600)).toBe("2025-12-31 23:00 UTC, 1 hour before t=0");
  expect(describeStart(-259200)).toBe("2025-12-29 00:00 UTC, 3 days before t=0");
  expect(describeStart(-600)).toBe("2025-12-31 23:50 UTC, 10 minutes before t=0");
  expect(describeStart(null)).toBe("now");
});
