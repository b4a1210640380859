import type { ReactNode } from "react";

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
