// Screen readers hear each lesson step as the student moves (WCAG 4.1.3): its title and text in
// words, once per step, after the visible "Step N of M" (a live region of its own); the visible
// step keeps its Markdown structure.

/** Markdown as the words a screen reader should say: no markup, table rows as sentences. */
export function plainText(markdown: string): string {
  return markdown
    .split("\n")
    .filter((line) => !/^\s*\|?\s*:?-{3,}/.test(line)) // a table's header separator
    .map((line) =>
      line
        .replace(/^\s*\|(.*)\|\s*$/, (_, cells: string) => `${cells.split("|").map((c) => c.trim()).join(", ")}.`)
        .replace(/!?\[([^\]]*)\]\([^)]*\)/g, "$1")
        .replace(/^\s*(#{1,6}|>|[-*+]|\d+\.)\s+/, "")
        .replace(/[*_`~]+/g, ""),
    )
    .join(" ")
    .replace(/\s+/g, " ")
    .trim();
}

export function StepAnnouncer({ title, markdown }: { title?: string; markdown?: string }) {
  return (
    <div className="sr-only" aria-live="polite" aria-atomic="true" data-testid="lesson-announcement">
      {title !== undefined && `${title}. ${plainText(markdown ?? "")}`}
    </div>
  );
}
