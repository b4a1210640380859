import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { afterEach, expect, test, vi } from "vitest";
import i18n from "@/i18n";
import { App } from "./App";

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
  await i18n.changeLanguage("en");
});

const HAN = /[\u3400-\u4dbf\u4e00-\u9fff]/;

function server(me: Record<string, unknown>) {
  const calls: { url: string; method: string; body: unknown }[] = [];
  const fetch = vi.fn(async (url: string, init?: RequestInit) => {
    calls.push({ url, method: init?.method ?? "GET", body: init?.body ? JSON.parse(String(init.body)) : null });
    let body: unknown = { count: 0, results: [], next: null, previous: null };
    if (url.startsWith("/api/version")) body = { kubeSchedulerVersion: "v1.34" };
    else if (url.startsWith("/api/me")) body = init?.method === "PATCH" ? { ...me, language: JSON.parse(String(init.body)).language } : me;
    else if (url.startsWith("/api/lessons/"))
      body = [{ slug: "basic-preemption", title: url.includes("zh-CN") ? "基本的抢占" : "Basic preemption", summary: "…", scenario: "lesson05",
                steps: [{ title: "a", markdown: "b" }], language: url.includes("zh-CN") ? "zh-CN" : "en" }];
    return new Response(JSON.stringify(body), { headers: { "Content-Type": "application/json" } });
  });
  vi.stubGlobal("fetch", fetch);
  return calls;
}

const ANONYMOUS = { authenticated: false, id: null, username: null, isGuest: false, language: null };

test("choosing 简体中文 puts the header and the gallery in Chinese and keeps the choice on the server", async () => {
  const calls = server(ANONYMOUS);
  render(<App />);
  expect(await screen.findByText("Basic preemption")).toBeTruthy();
  fireEvent.change(screen.getByRole("combobox", { name: "Language" }), { target: { value: "zh-CN" } });

  expect(await screen.findByText("基本的抢占")).toBeTruthy();  // the lessons in Chinese, from ?lang=zh-CN
  const nav = screen.getByRole("navigation", { name: "主导航" });
  for (const link of within(nav).getAllByRole("link")) expect(link.textContent, link.textContent ?? "").toMatch(HAN);
  for (const heading of screen.getAllByRole("heading", { level: 2 })) expect(heading.textContent).toMatch(HAN);
  expect(screen.getByRole("button", { name: "开始课程：基本的抢占" })).toBeTruthy();
  expect(screen.getByText("1 个步骤")).toBeTruthy();
  expect(document.documentElement.lang).toBe("zh-CN");
  await vi.waitFor(() => expect(calls).toContainEqual({ url: "/api/me", method: "PATCH", body: { language: "zh-CN" } }));
  expect(localStorage.getItem("language")).toBe("zh-CN");
});

test("the language a person chose on the server wins over this browser's", async () => {
  server({ authenticated: true, id: 3, username: "mei", isGuest: false, language: "zh-CN" });
  render(<App />);
  expect(await screen.findByRole("link", { name: "术语表" })).toBeTruthy();
  expect(screen.getByText("已登录：mei")).toBeTruthy();
});
