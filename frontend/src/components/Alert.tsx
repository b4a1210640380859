import { useEffect, useRef, type ReactNode } from "react";

/**
 * An error drawn where it happened and brought to the person: announced (role="alert") and
 * scrolled into view each time its text changes, so a message above or below the visible part
 * of the page is never missed (issue 36: "you already have 3 active runs" drawn 640 px above).
 * `text` is the server's message, in English as the API writes it (issue 32), unless `lang` says otherwise.
 */
export function Alert({ text, lang = "en", className = "field__error", children }: { text: string; lang?: string; className?: string; children?: ReactNode }) {
  const ref = useRef<HTMLParagraphElement>(null);
  // Braces: Chromium's scrollIntoView may return a promise, which React would take for a cleanup.
  useEffect(() => {
    ref.current?.scrollIntoView?.({ block: "nearest" });
  }, [text]);
  return (
    <p ref={ref} role="alert" className={className}>
      <span lang={lang}>{text}</span>
      {children}
    </p>
  );
}
