// Focus management for a single-page app (WCAG 2.4.3, 2.4.2): a route change moves focus to the
// new page's heading and names the tab after it, and focus that would fall to <body> (its control
// was removed or disabled) goes to the nearest control instead.

export const APP_NAME = "Kubernetes Scheduling Playground";
const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), summary, [tabindex]:not([tabindex="-1"])';
/** How long a route change waits for its page's heading (a page may render it once its data came). */
const HEADING_WAIT_MS = 3000;

/** "Run 12 of Payments — Kubernetes Scheduling Playground"; the app's name alone without a heading. */
export function titleFor(heading: string | null | undefined): string {
  const text = heading?.replace(/\s+/g, " ").trim();
  return text ? `${text} — ${APP_NAME}` : APP_NAME;
}

function pageHeading(container: HTMLElement): HTMLElement | null {
  return container.querySelector<HTMLElement>("h1") ?? container.querySelector<HTMLElement>("main");
}

function focusQuietly(el: HTMLElement): void {
  if (!el.matches(FOCUSABLE) && !el.hasAttribute("tabindex")) el.setAttribute("tabindex", "-1");
  el.focus({ preventScroll: true });
}

/**
 * Keep document.title equal to the page's h1 (it may change as data arrives) and, when `moveFocus`,
 * focus that heading once it is there, unless the user acted meanwhile. Returns a cleanup function.
 */
export function followPageHeading(container: HTMLElement, moveFocus: boolean): () => void {
  let focused = !moveFocus;
  let parked = false;
  const doc = container.ownerDocument;
  let acted = false;
  let moved: HTMLElement | null = null;
  const userActed = () => {
    focused = true;
    acted = true;
  };
  const acts = ["keydown", "pointerdown", "input"] as const;
  for (const act of acts) doc.addEventListener(act, userActed, { capture: true, once: true });
  const sync = () => {
    const heading = pageHeading(container);
    const title = titleFor(container.querySelector("h1")?.textContent);
    if (doc.title !== title) doc.title = title;
    // Also when the wait gave up and parked focus on the container (a page's code still loading).
    // Or when the heading it moved to was replaced (the page re-rendered it) before the user acted.
    const replaced = moved !== null && !acted && !moved.isConnected && heading !== moved;
    if (heading && (!focused || (parked && doc.activeElement === container) || replaced)) {
      focused = true;
      parked = false;
      moved = heading;
      focusQuietly(heading);
    }
  };
  sync();
  const observer = new MutationObserver(sync);
  observer.observe(container, { childList: true, subtree: true, characterData: true });
  const giveUp = window.setTimeout(() => {
    if (!focused) {
      focusQuietly(container);
      parked = true;
    }
    focused = true;
  }, HEADING_WAIT_MS);
  return () => {
    observer.disconnect();
    window.clearTimeout(giveUp);
    for (const act of acts) doc.removeEventListener(act, userActed, { capture: true });
  };
}

function usable(el: Element): el is HTMLElement {
  return el instanceof HTMLElement && el.isConnected && el.matches(FOCUSABLE) && el.getClientRects().length > 0;
}

/** The first usable control after `anchor` in document order within `scope`, else the last one before it. */
export function neighbourOf(scope: HTMLElement, anchor: Node, inclusive = false): HTMLElement | null {
  const all = Array.from(scope.querySelectorAll(FOCUSABLE)).filter(usable);
  const after = all.find((el) => (inclusive && el === anchor) || !!(anchor.compareDocumentPosition(el) & Node.DOCUMENT_POSITION_FOLLOWING));
  if (after) return after;
  return all.filter((el) => !!(anchor.compareDocumentPosition(el) & Node.DOCUMENT_POSITION_PRECEDING)).at(-1) ?? null;
}

interface Place {
  element: HTMLElement;
  /** Each ancestor with the siblings around the path to `element`, innermost first. */
  trail: { parent: HTMLElement; previous: Node | null; next: Node | null }[];
}

function placeOf(element: HTMLElement): Place {
  const trail: Place["trail"] = [];
  for (let child: HTMLElement = element; child.parentElement; child = child.parentElement) {
    trail.push({ parent: child.parentElement, previous: child.previousSibling, next: child.nextSibling });
  }
  return { element, trail };
}

function firstUsableIn(node: Node | null): HTMLElement | null {
  if (!(node instanceof HTMLElement)) return null;
  const candidates: Element[] = [node, ...Array.from(node.querySelectorAll(FOCUSABLE))];
  return candidates.find(usable) ?? null;
}

/**
 * Where focus goes when `place.element` was removed or disabled: the control that now stands there
 * (the next item of its list), else the item before it (the list's new last), else what is left around.
 */
export function rescueTarget(place: Place): HTMLElement | null {
  if (place.element.isConnected) return neighbourOf(place.element.ownerDocument.body, place.element);
  for (const { parent, previous, next } of place.trail) {
    if (!parent.isConnected) continue;
    const following = next && next.parentNode === parent ? neighbourOf(parent, next, true) : null;
    if (following && parent.contains(following)) return following;
    const before = previous && previous.parentNode === parent ? firstUsableIn(previous) : null;
    if (before) return before;
    const inside = Array.from(parent.querySelectorAll(FOCUSABLE)).filter(usable);
    if (inside.length) return inside.at(-1)!;
  }
  return null;
}

/** Watch `root`: when the focused control disappears or is disabled, focus its neighbour. */
export function keepFocusOffBody(root: HTMLElement): () => void {
  let last: Place | null = null;
  const doc = root.ownerDocument;
  const onFocusIn = (e: FocusEvent) => {
    if (e.target instanceof HTMLElement && e.target !== doc.body) last = placeOf(e.target);
  };
  // Focus the user moved away themselves (a click on the page's background) is not rescued later.
  // Decided after the event: Chromium also sends focusout while removing the focused element.
  const onFocusOut = (e: FocusEvent) => {
    const left = last?.element;
    if (e.relatedTarget || e.target !== left) return;
    window.setTimeout(() => {
      if (last?.element === left && left.isConnected && !left.matches(":disabled") && doc.activeElement !== left) last = null;
    }, 0);
  };
  const check = () => {
    const active = doc.activeElement;
    if (!last || (active && active !== doc.body && active !== last.element)) return;
    if (active === last.element && last.element.matches(FOCUSABLE)) return;
    if (last.element.isConnected && !last.element.matches(":disabled")) return;
    const target = rescueTarget(last);
    if (target) target.focus();
  };
  root.addEventListener("focusin", onFocusIn);
  root.addEventListener("focusout", onFocusOut);
  const observer = new MutationObserver(check);
  observer.observe(root, { childList: true, subtree: true, attributes: true, attributeFilter: ["disabled"] });
  return () => {
    root.removeEventListener("focusin", onFocusIn);
    root.removeEventListener("focusout", onFocusOut);
    observer.disconnect();
  };
}
