import { useRef, type KeyboardEvent } from "react";

/**
 * Where an arrow key moves in a row of tabs or radios (WAI-ARIA APG): Left/Right to the previous or
 * next, wrapping at the ends; Home/End to the first or last. Null for any other key.
 */
export function rovingTarget(key: string, index: number, count: number): number | null {
  switch (key) {
    case "ArrowRight":
      return (index + 1) % count;
    case "ArrowLeft":
      return (index - 1 + count) % count;
    case "Home":
      return 0;
    case "End":
      return count - 1;
    default:
      return null;
  }
}

/** Key handling for a roving-tabindex row: the arrow keys select the neighbour and move focus to it. */
export function useRovingFocus<T extends string>(values: readonly T[], selected: T, onSelect: (value: T) => void) {
  const buttons = useRef(new Map<T, HTMLButtonElement | null>());
  return {
    ref: (value: T) => (el: HTMLButtonElement | null) => void buttons.current.set(value, el),
    tabIndex: (value: T) => (value === selected ? 0 : -1),
    onKeyDown: (e: KeyboardEvent) => {
      const to = rovingTarget(e.key, Math.max(0, values.indexOf(selected)), values.length);
      if (to === null) return;
      e.preventDefault();
      onSelect(values[to]);
      buttons.current.get(values[to])?.focus();
    },
  };
}

interface TabsProps<T extends string> {
  /** Names the tab list, and (as a prefix) the ids tying each tab to its panel. */
  label: string;
  idBase: string;
  tabs: readonly { value: T; label: string }[];
  selected: T;
  onSelect(value: T): void;
}

/**
 * Tabs as the WAI-ARIA tabs pattern has them: one tab stop (the selected tab), the arrow keys, Home
 * and End move between tabs and select them (automatic activation), each tab names its panel
 * (aria-controls; the panel is labelled by its tab: `tabPanelProps`).
 */
export function Tabs<T extends string>({ label, idBase, tabs, selected, onSelect }: TabsProps<T>) {
  const roving = useRovingFocus(
    tabs.map((t) => t.value),
    selected,
    onSelect,
  );
  return (
    <div role="tablist" aria-label={label} className="tabs" onKeyDown={roving.onKeyDown}>
      {tabs.map((t) => (
        <button
          key={t.value}
          ref={roving.ref(t.value)}
          id={`${idBase}-tab-${t.value}`}
          role="tab"
          type="button"
          aria-selected={t.value === selected}
          aria-controls={`${idBase}-panel-${t.value}`}
          tabIndex={roving.tabIndex(t.value)}
          onClick={() => onSelect(t.value)}
        >
          {t.label}
        </button>
      ))}
    </div>
  );
}

/** The props of the panel shown for tab `value` (focusable: its first content is a heading, not a control). */
export function tabPanelProps(idBase: string, value: string) {
  return { role: "tabpanel", id: `${idBase}-panel-${value}`, "aria-labelledby": `${idBase}-tab-${value}`, tabIndex: 0 } as const;
}
