// Pods are coloured by PriorityClass and always labelled with the class's name too: colour is
// never the only signal. The colour is a function of the class's value alone, so a class keeps its
// colour on every screen, in every run and on both sides of a comparison, whatever other classes exist.
//
// The palette stays apart under the common colour-vision deficiencies (issue 35): the first five
// are Okabe & Ito's colour-universal-design set (those with 3:1 against white; its orange, sky
// blue and yellow are too light for a chip's border on white), the rest were searched for to stay
// as far from them and from each other. colors.test.ts checks every pair in normal vision and
// simulated protanopia, deuteranopia and tritanopia (ΔE2000 ≥ MIN_DELTA_E) and 3:1 against white.
export const PALETTE = [
  "#0072b2", // Okabe–Ito blue
  "#d55e00", // Okabe–Ito vermillion
  "#009e73", // Okabe–Ito bluish green
  "#cc79a7", // Okabe–Ito reddish purple
  "#000000", // Okabe–Ito black
  "#8787ff", // periwinkle
  "#960f00", // dark red
  "#0f5a3c", // dark green
  "#c30f87", // magenta
  "#2d00f0", // indigo
] as const;
export const UNKNOWN = "#4b5563";

// Values that meet in the lessons and in most clusters get distinct colours (the lessons' most
// common 1000/500/100 the three most distinct; the values one lesson uses never share a colour,
// colors.test.ts); any other value gets a palette colour from a hash of the value (colours may
// repeat; names never do).
const WELL_KNOWN: ReadonlyMap<number, number> = new Map([
  [100, 0], [1000, 1], [500, 2], [50, 3], [2000001000, 4], [200, 5], [300, 6], [0, 7], [10000, 8], [2000000000, 9],
  [-1073741824, 3], // lesson 11's "deep-negative" (its hash would give it the colour of 100, which that lesson also has)
]);

function mix(value: number): number {
  let x = Math.trunc(value) | 0;
  x = Math.imul(x ^ (x >>> 16), 0x45d9f3b);
  x = Math.imul(x ^ (x >>> 16), 0x45d9f3b);
  return (x ^ (x >>> 16)) >>> 0;
}

export function priorityValueColor(value: number): string {
  return PALETTE[WELL_KNOWN.get(value) ?? mix(value) % PALETTE.length];
}

export function priorityColor(priorityClassName: string, classes: readonly { name: string; value: number }[]): string {
  const found = classes.find((c) => c.name === priorityClassName);
  return found ? priorityValueColor(found.value) : UNKNOWN;
}
