import { expect, test } from "vitest";
import { PMap } from "./pmap";

test("set and delete return new maps and leave the old one alone", () => {
  const a = PMap.from([["x", 1], ["y", 2]]);
  const b = a.set("x", 10).delete("y");
  expect(a.get("x")).toBe(1);
  expect(a.size).toBe(2);
  expect(b.get("x")).toBe(10);
  expect(b.has("y")).toBe(false);
  expect(b.size).toBe(1);
});

test("setting the same value returns the same map", () => {
  const v = { a: 1 };
  const m = PMap.from([["k", v]]);
  expect(m.set("k", v)).toBe(m);
});

test("values and keys cover every entry", () => {
  const m = PMap.from(Array.from({ length: 100 }, (_, i) => [`k${i}`, i] as const));
  expect(m.values().sort((a, b) => a - b)).toEqual(Array.from({ length: 100 }, (_, i) => i));
  expect(m.keys()).toHaveLength(100);
});
