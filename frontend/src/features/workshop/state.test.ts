import { describe, expect, it } from "vitest";
import { adoptable, applyWorkshopMessage, followSeq, initialWorkshopState, onlyThisMachine, projection, tallyBars, type ClassQuestion, type Position, type WorkshopView } from "./state";

const position: Position = { view: "run", runId: 7, seq: null, step: null, compare: null };
const workshop: WorkshopView = {
  code: "ABC234", title: "Lesson 2", instructor: "teacher", lesson: "basic-preemption", scenario: "lesson02",
  runId: 7, push: 1, position, locked: false, status: "open", createdAt: null, endedAt: null, link: "/w/ABC234", joinUrl: "http://192.0.2.2:8000/w/ABC234",
};
const question: ClassQuestion = { key: "victim", push: 1, lesson: "basic-preemption", prompt: "Which pod?", kind: "pod", revealed: false, mine: null, translations: {} };
const me = { id: 1, name: "Ada", connected: true, mode: "own" as const, ownRun: 9, step: null, language: "en" as const, joinedAt: null };
const hello = applyWorkshopMessage(initialWorkshopState, { type: "hello", role: "student", workshop, me, questions: [question] });

describe("applyWorkshopMessage", () => {
  it("moves the class to the instructor's published position", () => {
    const moved = applyWorkshopMessage(hello, { type: "position", position: { ...position, seq: 40, step: 3 } });
    expect(moved.workshop?.position).toMatchObject({ seq: 40, step: 3 });
    expect(hello.workshop?.position.seq).toBeNull(); // the old state is not mutated
  });

  it.each([
    ["a class following that run live takes the step", position, 4],
    ["a class held at an event keeps its step", { ...position, seq: 12, step: 2 }, 2],
    ["a class on another run keeps its step", { ...position, runId: 8, step: 1 }, 1],
    ["a class comparing keeps its step", { ...position, view: "compare" as const, compare: { a: 7, b: 8 }, step: 1 }, 1],
  ])("a classStep of run 7: %s", (_, at, step) => {
    const before = applyWorkshopMessage(hello, { type: "position", position: at });
    const after = applyWorkshopMessage(before, { type: "classStep", runId: 7, step: 4 });
    expect(after.workshop?.position).toEqual({ ...at, step });
    expect(after.moves).toBe(before.moves); // the instructor's page re-reads the class's seq on a position only
  });

  it("clears an earlier error once an answer is taken", () => {
    const failed = applyWorkshopMessage(hello, { type: "error", message: "predictions are closed" });
    expect(applyWorkshopMessage(failed, { type: "answered", question: "victim", choice: "default/a" }).error).toBeNull();
  });

  it("keeps the student's own answer when the reveal broadcast (which does not know it) arrives", () => {
    const answered = applyWorkshopMessage(hello, { type: "answered", question: "victim", choice: "default/batch-1" });
    const revealed = applyWorkshopMessage(answered, {
      type: "question",
      question: { ...question, revealed: true, answer: "default/batch-1", tally: { counts: { "default/batch-1": 2 }, answered: 2 } },
    });
    expect(revealed.questions).toHaveLength(1);
    expect(revealed.questions[0]).toMatchObject({ mine: "default/batch-1", revealed: true, answer: "default/batch-1" });
  });

  it("puts an answer the instructor hears of into that student's roster row", () => {
    const host = applyWorkshopMessage(initialWorkshopState, { type: "hello", role: "instructor", workshop, me: null,
      roster: [{ ...me, id: 1 }, { ...me, id: 2, name: "Bo" }], questions: [question] });
    const tallied = applyWorkshopMessage(host, { type: "question", question: { ...question, tally: { counts: { "default/a": 1 }, answered: 1 } },
      answered: { participant: 2, choice: "default/a" } });
    expect(tallied.roster.map((p) => p.answers)).toEqual([undefined, { victim: "default/a" }]);
    expect(tallied.questions[0].tally?.answered).toBe(1);
  });

  it("adds a newly asked question after the earlier ones", () => {
    const asked = applyWorkshopMessage(hello, { type: "question", question: { ...question, key: "node" } });
    expect(asked.questions.map((q) => q.key)).toEqual(["victim", "node"]);
  });

  it("brings a student on their own back to the class when the instructor locks", () => {
    const locked = applyWorkshopMessage(hello, { type: "workshop", workshop: { ...workshop, locked: true } });
    expect(locked.me?.mode).toBe("following");
    const unlocked = applyWorkshopMessage(hello, { type: "workshop", workshop: { ...workshop, title: "renamed" } });
    expect(unlocked.me?.mode).toBe("own");
  });

  it("starts a new push with no questions and no answers on screen", () => {
    const host = applyWorkshopMessage(initialWorkshopState, { type: "hello", role: "instructor", workshop, me: null,
      roster: [{ ...me, answers: { victim: "default/a" } }], questions: [question] });
    const pushed = applyWorkshopMessage(host, { type: "workshop", workshop: { ...workshop, push: 2, lesson: "minimal-victims-and-reprieve" } });
    expect(pushed.questions).toEqual([]);
    expect(pushed.roster[0].answers).toEqual({});
    const late = applyWorkshopMessage(pushed, { type: "question", question: { ...question, revealed: true } });
    expect(late.questions).toEqual([]);  // the reveal of the earlier push's question, arriving late
    const asked = applyWorkshopMessage(pushed, { type: "question", question: { ...question, push: 2 } });
    expect(asked.questions.map((q) => [q.key, q.push])).toEqual([["victim", 2]]);
  });

  it("ignores a position before the hello", () => {
    expect(applyWorkshopMessage(initialWorkshopState, { type: "position", position })).toBe(initialWorkshopState);
  });
});

describe("followSeq", () => {
  it.each([
    [{ seq: null }, 50, null],
    [{ seq: 20 }, 50, 20],
    [{ seq: 80 }, 50, 50],
    [{ seq: 50 }, 50, 50],
  ])("position %o with %i events received -> %s", (pos, lastSeq, want) => {
    expect(followSeq({ ...position, ...pos }, lastSeq)).toBe(want);
  });
});

describe("adoptable", () => {
  it("adopts a position the page did not send: on load, or moved from another tab", () => {
    expect(adoptable([], 12)).toEqual({ adopt: true, pending: [] });
    expect(adoptable([5, 9], 12)).toEqual({ adopt: true, pending: [] });
  });

  it("does not go back to an echo of its own while later moves are on their way", () => {
    expect(adoptable([5, 9], 5)).toEqual({ adopt: false, pending: [9] });
    expect(adoptable([9], 9)).toEqual({ adopt: true, pending: [] });
    expect(adoptable([5, null], null)).toEqual({ adopt: true, pending: [] });
  });
});

describe("tallyBars", () => {
  it("orders answers by votes and gives each its share of those who answered", () => {
    expect(tallyBars({ counts: { "default/web-1": 1, "default/batch-1": 3 }, answered: 4 })).toEqual([
      { choice: "default/batch-1", count: 3, share: 0.75 },
      { choice: "default/web-1", count: 1, share: 0.25 },
    ]);
  });
});

describe("onlyThisMachine", () => {
  it.each([
    ["http://127.0.0.1:8000/w/ABC234", true],
    ["http://localhost:8000/w/ABC234", true],
    ["http://[::1]:8000/w/ABC234", true],
    ["http://192.0.2.2:8000/w/ABC234", false],
    ["https://class.example.org/w/ABC234", false],
  ])("says whether %s can be opened from this machine only", (url, expected) => {
    expect(onlyThisMachine(url)).toBe(expected);
  });
});

describe("projection", () => {
  const asked: ClassQuestion = { ...question, answer: "default/batch-1", explanation: "lowest priority", tally: { counts: { "default/batch-1": 2, "default/web-1": 1 }, answered: 3 } };
  const host = applyWorkshopMessage(initialWorkshopState, {
    type: "hello", role: "instructor", workshop: { ...workshop, position: { ...position, step: 3 } }, me: null,
    roster: [{ ...me, answers: { victim: "default/web-1" } }], questions: [asked],
  });

  it("shows the code, the join address, the step and the live bars but not the answer before the reveal", () => {
    const shown = projection(host);
    expect(shown).toMatchObject({ code: "ABC234", joinUrl: workshop.joinUrl, step: 3, question: { prompt: "Which pod?", tally: asked.tally, revealed: false } });
    expect(JSON.stringify(shown)).not.toContain("lowest priority");
    expect(shown?.question).not.toHaveProperty("answer");
  });

  it("never carries a student's name", () => {
    expect(JSON.stringify(projection(host))).not.toContain("Ada");
  });

  it("carries the prompt's translations, and their explanations only once revealed", () => {
    const translations = { "zh-CN": { prompt: "哪个 Pod？", explanation: "优先级最低" } };
    const asking = applyWorkshopMessage(host, { type: "question", question: { ...asked, translations } });
    expect(projection(asking)?.question?.translations).toEqual({ "zh-CN": { prompt: "哪个 Pod？" } });
    const revealed = applyWorkshopMessage(asking, { type: "question", question: { ...asked, translations, revealed: true } });
    expect(projection(revealed)?.question?.translations).toEqual(translations);
  });

  it("shows the answer and the explanation once revealed", () => {
    const revealed = applyWorkshopMessage(host, { type: "question", question: { ...asked, revealed: true } });
    expect(projection(revealed)?.question).toMatchObject({ answer: "default/batch-1", explanation: "lowest priority" });
  });
});
