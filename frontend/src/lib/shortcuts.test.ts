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
    ["ArrowRight", { tagName: "DIV", role: "region" }, null],
    [" ", { tagName: "PRE", role: "region" }, null],
    ["?", { tagName: "DIV", role: "region" }, "help"],
    ["ArrowLeft", { tagName: "BUTTON", role: "tab" }, null],
    ["ArrowRight", { tagName: "BUTTON", role: "radio" }, null],
  ] as const)("%j on %j -> %s", (key, target, want) => {
    expect(shortcutFor(key, target)).toBe(want);
  });

  it("leaves a key alone that a control has already handled", () => {
    expect(shortcutFor("ArrowRight", body, { defaultPrevented: true })).toBeNull();
  });

  it("leaves browser shortcuts with modifiers alone", () => {
    expect(shortcutFor("ArrowLeft", body, { altKey: true })).toBeNull();
  });
});
