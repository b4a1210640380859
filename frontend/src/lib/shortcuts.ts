// Keyboard shortcuts of the run view. Keys typed into a field stay the field's.
export type ShortcutAction = "toggle" | "step" | "back" | "help";

/** Each key and its action (what it does is the catalogs' run.shortcuts.<action>). */
export const SHORTCUTS: readonly { keys: string; action: ShortcutAction }[] = [
  { keys: "Space", action: "toggle" },
  { keys: "→", action: "step" },
  { keys: "←", action: "back" },
  { keys: "?", action: "help" },
];

/** The action for a key press, or null: typing in a field, a modifier held, or no shortcut. */
export function shortcutFor(
  key: string,
  target: { tagName?: string; type?: string; isContentEditable?: boolean; role?: string | null } | null,
  modifiers: { ctrlKey?: boolean; metaKey?: boolean; altKey?: boolean; defaultPrevented?: boolean } = {},
): ShortcutAction | null {
  if (modifiers.ctrlKey || modifiers.metaKey || modifiers.altKey || modifiers.defaultPrevented) return null;
  // A focused scroll box (a wide table, a code box) scrolls with the arrows and Space; tabs and
  // radios move between themselves with the arrows (and say so by preventDefault too).
  if (target?.role === "region" && key !== "?") return null;
  if ((target?.role === "tab" || target?.role === "radio") && (key === "ArrowLeft" || key === "ArrowRight")) return null;
  const tag = target?.tagName?.toUpperCase();
  const typing = target?.isContentEditable || tag === "TEXTAREA" || tag === "SELECT" || (tag === "INPUT" && target?.type !== "range");
  if (typing) return null;
  if (tag === "INPUT" && target?.type === "range" && (key === "ArrowLeft" || key === "ArrowRight")) return null; // the slider moves one event itself
  if (key === "?") return "help";
  if (key === " " || key === "Spacebar") return tag === "BUTTON" ? null : "toggle";
  if (key === "ArrowRight") return "step";
  if (key === "ArrowLeft") return "back";
  return null;
}
