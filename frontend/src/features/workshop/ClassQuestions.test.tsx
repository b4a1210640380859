import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, expect, test } from "vitest";
import i18n from "@/i18n";
import { ClassQuestions } from "./ClassQuestions";
import type { ClassQuestion } from "./state";

afterEach(async () => {
  cleanup();
  await i18n.changeLanguage("en");
});

const question: ClassQuestion = {
  key: "victim", push: 1, lesson: "basic-preemption", prompt: "Which pod is the victim?", kind: "pod", revealed: true,
  mine: "default/low", answer: "default/low", explanation: "It has the lowest priority.",
  tally: { counts: { "default/low": 2 }, answered: 2 },
  translations: { "zh-CN": { prompt: "哪个 Pod 是受害者？", explanation: "它的优先级最低。" } },
};

const show = () => render(<ClassQuestions questions={[question]} choices={() => ["default/low"]} onAnswer={() => {}} error={null} />);

test("a student reading Chinese gets the class's question and its explanation in Chinese", async () => {
  await i18n.changeLanguage("zh-CN");
  show();
  expect(screen.getByText("哪个 Pod 是受害者？")).toBeTruthy();
  expect(screen.getByRole("status").textContent).toContain("你答对了");
  expect(screen.getByRole("status").textContent).toContain("它的优先级最低。");
});

test("a student reading English gets the question as asked", () => {
  show();
  expect(screen.getByText("Which pod is the victim?")).toBeTruthy();
  expect(screen.getByRole("status").textContent).toContain("you got it. It has the lowest priority.");
});
