import { useEffect, useRef } from "react";
import { Link } from "@/lib/router";

/**
 * Why a run did not start, drawn next to the button that started it, scrolled into view and
 * announced; refused for the active-run limit, it offers "My runs", where one can be stopped.
 */
export function StartError({ text, runLimit, className = "banner banner--error" }: { text: string; runLimit: boolean; className?: string }) {
  const ref = useRef<HTMLParagraphElement>(null);
  // Braces: Chromium's scrollIntoView may return a promise, which React would take for a cleanup.
  useEffect(() => {
    ref.current?.scrollIntoView?.({ block: "nearest" });
  }, [text]);
  return (
    <p ref={ref} role="alert" className={className}>
      {text}
      {runLimit && (
        <>
          {" "}
          <Link href="/runs/mine">Open My runs to stop one</Link>
        </>
      )}
    </p>
  );
}
