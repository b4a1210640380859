import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { QueryClientProvider } from "@tanstack/react-query";
import { afterEach, expect, test, vi } from "vitest";
import { newQueryClient } from "@/lib/query";
import { MyRunsPage } from "./MyRunsPage";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const page = (results: unknown[]) => ({ count: results.length, next: null, previous: null, results });

/** The server: no active runs, run 7 among mine until it is deleted; every request recorded. */
function server() {
  const calls: string[] = [];
  let mine = [{ id: 7, status: "finished", reason: "quiescent", scenario: "demo" }];
  vi.stubGlobal("fetch", vi.fn(async (url: string, init?: RequestInit) => {
    const method = init?.method ?? "GET";
    calls.push(`${method} ${url}`);
    if (method === "DELETE") {
      mine = [];
      return new Response(null, { status: 204 });
    }
    const body = url.includes("active=true") ? page([]) : page(mine);
    return new Response(JSON.stringify(body), { status: 200, headers: { "Content-Type": "application/json" } });
  }));
  document.cookie = "csrftoken=t";
  return calls;
}

function renderPage() {
  render(<QueryClientProvider client={newQueryClient()}><MyRunsPage /></QueryClientProvider>);
}

test("a run is deleted only after the person confirms, and leaves the list", async () => {
  const calls = server();
  const confirm = vi.fn(() => false);
  vi.stubGlobal("confirm", confirm);
  renderPage();
  fireEvent.click(await screen.findByRole("button", { name: "Delete run 7" }));
  expect(confirm).toHaveBeenCalledWith(expect.stringContaining("Delete run 7?"));
  expect(calls.filter((c) => c.startsWith("DELETE"))).toEqual([]);

  confirm.mockReturnValue(true);
  fireEvent.click(screen.getByRole("button", { name: "Delete run 7" }));
  await waitFor(() => expect(screen.queryByRole("button", { name: "Delete run 7" })).toBeNull());
  expect(calls).toContain("DELETE /api/runs/7/");
});

test("in Chinese, the page writes no English of its own (run statuses, headings, buttons)", async () => {
  server();
  const { default: i18n } = await import("@/i18n");
  const { englishOutsideVerbatim } = await import("@/i18n/testing/englishText");
  await i18n.changeLanguage("zh-CN");
  try {
    const { container } = render(<QueryClientProvider client={newQueryClient()}><MyRunsPage /></QueryClientProvider>);
    await screen.findByRole("button", { name: "删除运行 7" });
    expect(screen.getByText("已结束")).toBeTruthy();
    expect(englishOutsideVerbatim(container)).toEqual([]);
  } finally {
    await i18n.changeLanguage("en");
  }
});
