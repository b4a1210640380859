import { expect, test } from "vitest";
import { backToLive } from "./Timeline";

test("a view held in the past says how many events it is not showing", () => {
  expect(backToLive(12)).toBe("12 new events — back to live");
  expect(backToLive(1)).toBe("1 new event — back to live");
  expect(backToLive(0)).toBe("Back to live");
});
