import { render, screen } from "@testing-library/react";
import { afterEach, expect, test, vi } from "vitest";
import { withQuery } from "@/test/query";
import { WorkshopPage } from "./WorkshopRoute";

afterEach(() => {
  vi.unstubAllGlobals();
  history.replaceState(null, "", "/");
});

test("a visitor who opened the instructor's address is sent to the join page once it has rendered", async () => {
  const detail = { code: "ABC234", title: "Preemption", status: "open", role: null, me: null };
  vi.stubGlobal("fetch", vi.fn(async () => new Response(JSON.stringify(detail), { headers: { "Content-Type": "application/json" } })));
  history.replaceState(null, "", "/w/ABC234/host");
  render(<WorkshopPage code="ABC234" view="host" />, { wrapper: withQuery() });
  expect(await screen.findByRole("button", { name: /join/i })).toBeTruthy();
  expect(location.pathname).toBe("/w/ABC234");
});
