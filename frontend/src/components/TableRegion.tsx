import type { ComponentProps, ReactNode } from "react";

/**
 * A wide table scrolls inside its own box, not the page (WCAG 1.4.10 reflow); the box is a named
 * region that takes focus, so keyboard users can scroll it with the arrow keys.
 */
export function TableRegion({ label, className = "table-wrap", children }: { label: string; className?: string; children: ReactNode }) {
  return (
    <div className={`${className} table-region`} role="region" aria-label={label} tabIndex={0}>
      {children}
    </div>
  );
}

/**
 * A box of code or command output that scrolls (long lines, many lines): like a table's, a named
 * region that takes focus, so the arrow keys scroll it (WCAG 2.1.1, axe's scrollable-region-focusable).
 */
export function CodeRegion({ label, ...props }: ComponentProps<"pre"> & { label: string }) {
  return <pre {...props} role="region" aria-label={label} tabIndex={0} />;
}
