import { render, screen } from "@testing-library/react";
import { expect, test } from "vitest";
import { App } from "./App";

test("renders the app title", () => {
  render(<App />);
  expect(screen.getByRole("heading", { level: 1 }).textContent).toMatch(/Scheduling Playground/);
});
