import { render, screen } from "@testing-library/react";
import { afterEach, expect, test, vi } from "vitest";
import { App } from "./App";

afterEach(() => vi.unstubAllGlobals());

test("the header shows the modelled kube-scheduler version from /api/version", async () => {
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string) => {
      const body = url.includes("/api/version") ? { kubeSchedulerVersion: "v1.34" } : url.includes("/api/me") ? { authenticated: false }
        : url.includes("/api/lessons/") ? [] : { count: 0, results: [] };
      return new Response(JSON.stringify(body), { headers: { "Content-Type": "application/json" } });
    }),
  );
  render(<App />);
  expect(await screen.findByText(/kube-scheduler model v1\.34/)).toBeTruthy();
});
