import { describe, expect, it } from "vitest";
import { priorityColor, priorityValueColor } from "./colors";

describe("priorityColor", () => {
  it("gives a class the same colour whatever other classes exist and in whatever order", () => {
    const alone = priorityColor("web", [{ name: "web", value: 1000 }]);
    const crowded = priorityColor("web", [{ name: "batch", value: 10 }, { name: "zz", value: 5 }, { name: "web", value: 1000 }]);
    expect(crowded).toBe(alone);
  });

  it("derives the colour from the value, not the name", () => {
    expect(priorityColor("high", [{ name: "high", value: 1000 }])).toBe(priorityColor("web", [{ name: "web", value: 1000 }]));
  });

  it("tells the usual lesson values apart", () => {
    const values = [0, 50, 100, 200, 300, 500, 1000, 10000, 2000000000, 2000001000];
    expect(new Set(values.map(priorityValueColor)).size).toBe(values.length);
  });

  it("is grey for a class the run does not know", () => {
    expect(priorityColor("missing", [{ name: "web", value: 1 }])).toBe("#6b7280");
  });
});
