import { describe, expect, it } from "vitest";
import { shortcutFor } from "./shortcuts";

const body = { tagName: "BODY" };

describe("shortcutFor", () => {
  it.each([
    [" ", body, "toggle"],
    ["ArrowRight", body, "step"],
    ["ArrowLeft", body, "back"],
    ["?", body, "help"],
    ["x", body, null],
    [" ", { tagName: "INPUT", type: "text" }, null],
    ["ArrowRight", { tagName: "SELECT" }, null],
    ["?", { tagName: "TEXTAREA" }, null],
    ["ArrowRight", { tagName: "INPUT", type: "range" }, null],
    [" ", { tagName: "INPUT", type: "range" }, "toggle"],
    [" ", { tagName: "BUTTON" }, null],
  ] as const)("%j on %j -> %s", (key, target, want) => {
    expect(shortcutFor(key, target)).toBe(want);
  });

  it("leaves browser shortcuts with modifiers alone", () => {
    expect(shortcutFor("ArrowLeft", body, { altKey: true })).toBeNull();
  });
});
