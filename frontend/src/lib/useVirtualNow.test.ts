import { expect, test } from "vitest";
import { estimateVirtualNow } from "./useVirtualNow";

test("virtual time advances with wall time times speed while running", () => {
  expect(estimateVirtualNow(10, 1_000, 3_000, 4, true)).toBe(18);
});

test("it stands still when paused, rewound, or running as fast as possible", () => {
  expect(estimateVirtualNow(10, 1_000, 3_000, 4, false)).toBe(10);
  expect(estimateVirtualNow(10, 1_000, 3_000, 0, true)).toBe(10);
});
