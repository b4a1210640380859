import { expect, test } from "vitest";
import { formatLabelSelector, selectorMatches } from "./labelSelector";

test("a selector matches by labels and set expressions; null matches nothing, empty everything", () => {
  const s = { matchLabels: { app: "web" }, matchExpressions: [{ key: "tier", operator: "NotIn", values: ["batch"] }] };
  expect(selectorMatches(s, { app: "web" })).toBe(true);
  expect(selectorMatches(s, { app: "web", tier: "batch" })).toBe(false);
  expect(selectorMatches(s, { app: "api" })).toBe(false);
  expect(selectorMatches(null, { app: "web" })).toBe(false);
  expect(selectorMatches({}, { app: "web" })).toBe(true);
});

test("a selector prints as kubectl describe prints it", () => {
  expect(formatLabelSelector({ matchLabels: { app: "web" }, matchExpressions: [] })).toBe("app=web");
  expect(formatLabelSelector({ matchLabels: { z: "1" }, matchExpressions: [{ key: "a", operator: "In", values: ["y", "x"] }] })).toBe("a in (x,y),z=1");
  expect(formatLabelSelector({ matchExpressions: [{ key: "gone", operator: "DoesNotExist" }] })).toBe("!gone");
  expect(formatLabelSelector({})).toBe("<none>");
  expect(formatLabelSelector(null)).toBe("<unset>");
});
