// Windowing: a scroll container draws only the rows in view (plus a few), with spacers for
// the rest. A 1,000-node map or a 10,000-pod queue lane then costs the browser's style and
// layout what ~50 items cost, on every event batch a run streams (docs/benchmarks.md, browser).
import { useCallback, useEffect, useRef, useState } from "react";

export interface Window {
  /** Rows [start, end) are drawn. */
  start: number;
  end: number;
  /** Heights of the spacers before and after them, in pixels. */
  before: number;
  after: number;
}

/** Without layout (tests, a hidden panel): this many rows. */
const UNMEASURED_ROWS = 40;

export interface ScrollView {
  /** Put it on the element that scrolls. */
  ref(el: HTMLElement | null): void;
  top: number;
  height: number;
  /** Its inner width (for a grid's columns). */
  width: number;
}

/** Where the element the returned ref is put on is scrolled to, and its size; pass them to
 * `windowOf` with the list's rows. */
export function useScrollView(): ScrollView {
  const [view, setView] = useState({ top: 0, height: 0, width: 0 });
  const observed = useRef<{ stop(): void } | null>(null);
  const ref = useCallback((el: HTMLElement | null) => {
    observed.current?.stop();
    observed.current = null;
    if (!el) return;
    const measure = () =>
      setView((v) =>
        v.top === el.scrollTop && v.height === el.clientHeight && v.width === el.clientWidth ? v : { top: el.scrollTop, height: el.clientHeight, width: el.clientWidth },
      );
    el.addEventListener("scroll", measure, { passive: true });
    const resize = typeof ResizeObserver === "function" ? new ResizeObserver(measure) : null;
    resize?.observe(el);
    measure();
    observed.current = { stop: () => (el.removeEventListener("scroll", measure), resize?.disconnect()) };
  }, []);
  useEffect(() => () => observed.current?.stop(), []);
  return { ref, ...view };
}

/** The rows of a list of `rows` rows, each `rowHeight` px high, in a view scrolled to `top` and
 * `height` high; `overscan` rows more on each side keep a fast scroll drawn. */
export function windowOf(rows: number, rowHeight: number, top: number, height: number, overscan = 4): Window {
  if (height <= 0) {
    const end = Math.min(rows, UNMEASURED_ROWS);
    return { start: 0, end, before: 0, after: (rows - end) * rowHeight };
  }
  const start = Math.max(0, Math.min(rows, Math.floor(top / rowHeight) - overscan));
  const end = Math.min(rows, Math.ceil((top + height) / rowHeight) + overscan);
  return { start, end: Math.max(start, end), before: start * rowHeight, after: Math.max(0, rows - Math.max(start, end)) * rowHeight };
}
