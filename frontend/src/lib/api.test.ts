import { afterEach, expect, test, vi } from "vitest";
import { request } from "./api";

afterEach(() => {
  vi.unstubAllGlobals();
  document.cookie = "csrftoken=; expires=Thu, 01 Jan 1970 00:00:00 GMT";
});

test("a write sends the csrftoken cookie's value", async () => {
  document.cookie = "csrftoken=abc";
  const fetch = vi.fn(async () => new Response("{}", { status: 200, headers: { "Content-Type": "application/json" } }));
  vi.stubGlobal("fetch", fetch);
  await request("/api/runs/", { method: "POST", body: {} });
  const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
  expect(url).toBe("/api/runs/");
  expect((init.headers as Record<string, string>)["X-CSRFToken"]).toBe("abc");
});

test("without the cookie yet, a write first asks /api/me for one, then sends it", async () => {
  const fetch = vi.fn(async (url: string) => {
    if (url === "/api/me") document.cookie = "csrftoken=fresh"; // what the server's Set-Cookie does
    return new Response("{}", { status: 200, headers: { "Content-Type": "application/json" } });
  });
  vi.stubGlobal("fetch", fetch);
  await request("/api/runs/", { method: "POST", body: {} });
  const calls = fetch.mock.calls as unknown as [string, RequestInit][];
  expect(calls.map(([url]) => url)).toEqual(["/api/me", "/api/runs/"]);
  expect((calls[1][1].headers as Record<string, string>)["X-CSRFToken"]).toBe("fresh");
});
