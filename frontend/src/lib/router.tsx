// A tiny History-API router: the app has five routes, not worth a dependency.
import { useSyncExternalStore, type AnchorHTMLAttributes, type MouseEvent } from "react";

const listeners = new Set<() => void>();
window.addEventListener("popstate", () => listeners.forEach((l) => l()));

/** `state` rides along in the history entry (e.g. a message for the next page: `takeState`). */
export function navigate(to: string, opts: { replace?: boolean; state?: Record<string, unknown> } = {}): void {
  if (opts.replace) history.replaceState(opts.state ?? null, "", to);
  else history.pushState(opts.state ?? null, "", to);
  listeners.forEach((l) => l());
  window.scrollTo?.(0, 0);
}

function subscribe(fn: () => void): () => void {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

export function useLocation(): { pathname: string; search: string } {
  const href = useSyncExternalStore(subscribe, () => location.pathname + location.search);
  const url = new URL(href, "http://x");
  return { pathname: url.pathname, search: url.search };
}

export function Link({ href, onClick, ...rest }: AnchorHTMLAttributes<HTMLAnchorElement> & { href: string }) {
  const handle = (e: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(e);
    if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey) return;
    e.preventDefault();
    navigate(href);
  };
  return <a href={href} onClick={handle} {...rest} />;
}

/** Read a value `navigate(…, { state })` left for this page, once: it is removed from the entry. */
export function takeState(key: string): unknown {
  const state = (history.state ?? {}) as Record<string, unknown>;
  if (!(key in state)) return undefined;
  const { [key]: value, ...rest } = state;
  history.replaceState(Object.keys(rest).length ? rest : null, "");
  return value;
}
