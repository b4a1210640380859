import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, expect, test } from "vitest";
import { ApiError } from "@/lib/api";
import { isRunLimit } from "@/lib/runsApi";
import { StartError } from "./StartError";

afterEach(cleanup);

const refusal = (status: number, runs?: number[]) =>
  new ApiError(status, { message: "you already have 3 active runs (limit 3)", errors: [{ field: "scenario", message: "m", runs }] });

test("a start refused for the active-run limit is told apart from other refusals", () => {
  expect(isRunLimit(refusal(429, [1, 2, 3]))).toBe(true);
  expect(isRunLimit(refusal(429))).toBe(false); // a rate limit: waiting helps, stopping does not
  expect(isRunLimit(refusal(400, [1]))).toBe(false);
  expect(isRunLimit(new Error("offline"))).toBe(false);
});

test("the refusal is announced, and offers My runs only when stopping a run would help", () => {
  const { rerender } = render(<StartError text="you already have 3 active runs (limit 3)" runLimit />);
  expect(screen.getByRole("alert").textContent).toContain("you already have 3 active runs");
  expect(screen.getByRole("link", { name: "Open My runs to stop one" }).getAttribute("href")).toBe("/runs/mine");
  rerender(<StartError text="scenario: no scenario 'x'" runLimit={false} />);
  expect(screen.queryByRole("link")).toBeNull();
});
