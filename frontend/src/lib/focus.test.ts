import { describe, expect, it } from "vitest";
import { APP_NAME, titleFor } from "./focus";
import { plainText } from "@/features/lessons/StepAnnouncer";

describe("titleFor", () => {
  it("names the tab after the page's heading, whitespace collapsed", () => {
    expect(titleFor("Run 12\n   of  Payments")).toBe(`Run 12 of Payments — ${APP_NAME}`);
  });
  it("is the app's name alone without a heading", () => {
    expect(titleFor(null)).toBe(APP_NAME);
    expect(titleFor("  ")).toBe(APP_NAME);
  });
});

describe("plainText (a lesson step as spoken)", () => {
  it("drops markup and reads a table's rows as sentences", () => {
    const md = "## Two **candidates**\n\nSee [the docs](https://k8s.io) and `node-a`.\n\n| Node | Victims |\n|---|---|\n| node-a | 1 |";
    expect(plainText(md)).toBe("Two candidates See the docs and node-a. Node, Victims. node-a, 1.");
  });
});
