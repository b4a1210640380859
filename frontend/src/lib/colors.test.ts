import { describe, expect, it } from "vitest";
import { parseAllDocuments } from "yaml";
import { contrastRatio, deltaE2000, seenDifference, VISIONS, type Vision } from "@/test/colorVision";
import { PALETTE, priorityColor, priorityValueColor, UNKNOWN } from "./colors";

/** At least as far apart as Okabe & Ito's own colours are from each other under the same measure (10.9). */
const MIN_DELTA_E = 11;
const USED = [...PALETTE, UNKNOWN];
const VISION_NAMES = Object.keys(VISIONS) as Vision[];

const lessonScenarios = import.meta.glob("../../../lessons/*/scenario.yaml", { query: "?raw", import: "default", eager: true }) as Record<string, string>;

function classValues(yamlText: string): number[] {
  return parseAllDocuments(yamlText)
    .flatMap((doc) => {
      const js = doc.toJS() as { kind?: string; items?: unknown[] } | null;
      return js?.items ?? [js];
    })
    .filter((o): o is { kind: string; value: number } => (o as { kind?: string } | null)?.kind === "PriorityClass")
    .map((o) => o.value);
}

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

  it("gives the classes of every built-in lesson different colours", () => {
    expect(Object.keys(lessonScenarios).length).toBeGreaterThan(10);
    for (const [path, text] of Object.entries(lessonScenarios)) {
      const values = classValues(text);
      expect(new Set(values.map(priorityValueColor)).size, path).toBe(values.length);
    }
  });

  it("is grey for a class the run does not know", () => {
    expect(priorityColor("missing", [{ name: "web", value: 1 }])).toBe(UNKNOWN);
  });
});

describe("the PriorityClass palette under colour-vision deficiencies", () => {
  it("measures CIEDE2000 as Sharma, Wu & Dalal's test data", () => {
    // Pairs 1, 7 and 17 of their table 1.
    expect(deltaE2000([50, 2.6772, -79.7751], [50, 0, -82.7485])).toBeCloseTo(2.0425, 4);
    expect(deltaE2000([50, 0, 0], [50, -1, 2])).toBeCloseTo(2.3669, 4);
    expect(deltaE2000([50, 2.5, 0], [73, 25, -18])).toBeCloseTo(27.1492, 4);
  });

  it("simulates a red–green confusion the palette must avoid", () => {
    // The old palette's blue and violet: far apart in normal vision, nearly one colour to a protanope.
    expect(seenDifference("#2563eb", "#7c3aed", "normal")).toBeGreaterThan(MIN_DELTA_E);
    expect(seenDifference("#2563eb", "#7c3aed", "protanopia")).toBeLessThan(MIN_DELTA_E);
    expect(seenDifference("#d55e00", "#009e73", "deuteranopia")).toBeLessThan(seenDifference("#d55e00", "#009e73", "normal"));
  });

  it.each(VISION_NAMES)("keeps every pair of colours apart in %s (ΔE2000 ≥ 11)", (vision) => {
    const close: string[] = [];
    for (let i = 0; i < USED.length; i++)
      for (let j = i + 1; j < USED.length; j++) {
        const d = seenDifference(USED[i], USED[j], vision);
        if (d < MIN_DELTA_E) close.push(`${USED[i]}/${USED[j]}: ${d.toFixed(1)}`);
      }
    expect(close).toEqual([]);
  });

  it("draws every colour at 3:1 or more against the chips' white", () => {
    for (const c of USED) expect(contrastRatio(c, "#ffffff"), c).toBeGreaterThanOrEqual(3);
  });
});
