import { expect, test } from "vitest";
import { windowOf } from "./useWindow";

test("the rows in view plus the overscan are drawn; spacers stand for the rest", () => {
  // 1,000 rows of 50 px, a 500 px view scrolled to 10,000 px: rows 200–209 are in view.
  expect(windowOf(1000, 50, 10_000, 500, 4)).toEqual({ start: 196, end: 214, before: 196 * 50, after: (1000 - 214) * 50 });
  expect(windowOf(1000, 50, 0, 500, 4)).toEqual({ start: 0, end: 14, before: 0, after: 986 * 50 });
  expect(windowOf(10, 50, 0, 500, 4)).toEqual({ start: 0, end: 10, before: 0, after: 0 });
  // Scrolled past the end (the list shrank): nothing drawn, no negative spacer.
  expect(windowOf(10, 50, 5_000, 500, 4)).toEqual({ start: 10, end: 10, before: 500, after: 0 });
});

test("before layout (tests, a hidden panel) the first rows are drawn", () => {
  expect(windowOf(1000, 50, 0, 0, 4)).toMatchObject({ start: 0, end: 40, before: 0, after: 960 * 50 });
});
