// The browser reads a lesson's step exactly as the server does (playground.lessons.tooling
// step_seqs / step_at, which a workshop's class step comes from), on real lesson logs
// (regenerate with frontend/scripts/lesson_steps_fixture.py; the server is checked against the
// same file by tests/playground/test_lesson_steps_agree.py).
import { describe, expect, test } from "vitest";
import real from "@/test/real/lesson_steps.json";
import type { SimEvent } from "@/protocol/events";
import type { Trigger } from "./api";
import { stepAt, stepSeqs } from "./steps";

const cases = real.lessons.map((c) => ({
  ...c,
  triggers: c.triggers as Trigger[],
  events: c.events as unknown as SimEvent[],
}));

describe.each(cases)("$lesson", ({ triggers, events, seqs, steps }) => {
  test("each step's event is the server's", () => {
    expect(stepSeqs(triggers, events)).toEqual(seqs);
  });

  test("the step at every event is the server's", () => {
    expect(events.map((e) => stepAt(seqs, e.seq))).toEqual(steps);
  });

  test("read from the events received so far, as a following screen does, it is the server's at each", () => {
    events.forEach((e, i) => {
      const sofar = stepSeqs(triggers, events.slice(0, i + 1));
      expect(sofar, `after event ${e.seq}`).toEqual(seqs.map((s) => (s !== null && s <= e.seq ? s : null)));
      expect(stepAt(sofar, e.seq)).toBe(steps[i]);
    });
  });
});
