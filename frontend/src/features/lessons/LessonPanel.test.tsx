import { afterEach, expect, test, vi } from "vitest";
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import type { ReactNode } from "react";
import { QueryClientProvider } from "@tanstack/react-query";
import { newQueryClient } from "@/lib/query";
import type { SimEvent } from "@/protocol/events";
import type { LessonDetail } from "./api";
import { LessonPanel } from "./LessonPanel";
import { queryKeys } from "@/api/queryKeys";

afterEach(cleanup);

const LESSON: LessonDetail = {
  slug: "one", number: 1, title: "One", summary: "", idea: "An idea.", spec: [], buildsOn: [], scenario: "lesson01", seed: 0, until: null, variants: [], language: "en",
  commands: [],
  steps: [
    { title: "At the start", markdown: "Look.", at: { event: "cluster.snapshot" } },
    { title: "Later", markdown: "Bound.", at: { event: "pod.bound" } },
  ],
  questions: [],
};

function withLesson({ children }: { children: ReactNode }) {
  const client = newQueryClient();
  client.setQueryData(queryKeys.lesson("one", "en"), LESSON);
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

test("a refused Skip to the next event is shown in the lesson, announced and scrolled to", async () => {
  const scrolled = vi.fn();
  Element.prototype.scrollIntoView = scrolled;
  const send = vi.fn((command: Record<string, unknown>) =>
    command.type === "step" ? Promise.reject(new Error("the run is finished")) : Promise.resolve({}));
  const events = [{ seq: 1, t: 0, kind: "cluster.snapshot" }] as unknown as SimEvent[];
  render(
    <LessonPanel slug="one" events={events} lastSeq={1} seq={1} status="running" canControl now={0} send={send} onSeek={() => {}} />,
    { wrapper: withLesson },
  );
  const lesson = screen.getByRole("region", { name: "Lesson 1: One" });
  fireEvent.click(within(lesson).getByRole("button", { name: "Next step" }));
  fireEvent.click(within(lesson).getByRole("button", { name: "Skip to the next event" }));
  expect((await within(lesson).findByRole("alert")).textContent).toBe("step: the run is finished");
  // The scroll is an effect of the alert's render: it may come a tick after the alert is found.
  await waitFor(() => expect(scrolled).toHaveBeenCalled());
});

test("a reader of Chinese gets the lesson panel's own controls in Chinese", async () => {
  const i18n = (await import("@/i18n")).default;
  await i18n.changeLanguage("zh-CN");
  try {
    const client = newQueryClient();
    client.setQueryData(queryKeys.lesson("one", "zh-CN"), { ...LESSON, title: "一", language: "zh-CN" });
    const events = [{ seq: 1, t: 0, kind: "cluster.snapshot" }] as unknown as SimEvent[];
    render(
      <QueryClientProvider client={client}>
        <LessonPanel slug="one" events={events} lastSeq={1} seq={1} status="running" canControl now={0} send={vi.fn()} onSeek={() => {}} />
      </QueryClientProvider>,
    );
    const lesson = screen.getByRole("region", { name: "第 1 课：一" });
    fireEvent.click(within(lesson).getByRole("button", { name: "下一步" }));
    expect(within(lesson).getByRole("button", { name: "跳到下一个事件" })).toBeTruthy();
    expect(lesson.textContent).toContain("正在等待第 2 步「Later」");
  } finally {
    await i18n.changeLanguage("en");
  }
});
