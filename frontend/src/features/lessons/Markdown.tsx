// Just enough Markdown for lesson text: paragraphs, lists, `code`, **bold**, *em*, ``` blocks.
import type { ReactNode } from "react";

function inline(text: string): ReactNode[] {
  const out: ReactNode[] = [];
  const re = /(`[^`]+`|\*\*[^*]+\*\*|\*[^*]+\*)/g;
  let last = 0;
  let i = 0;
  for (const m of text.matchAll(re)) {
    if (m.index! > last) out.push(text.slice(last, m.index));
    const tok = m[0];
    if (tok.startsWith("`")) out.push(<code key={i++}>{tok.slice(1, -1)}</code>);
    else if (tok.startsWith("**")) out.push(<strong key={i++}>{tok.slice(2, -2)}</strong>);
    else out.push(<em key={i++}>{tok.slice(1, -1)}</em>);
    last = m.index! + tok.length;
  }
  if (last < text.length) out.push(text.slice(last));
  return out;
}

export function Markdown({ text }: { text: string }) {
  const blocks: ReactNode[] = [];
  const parts = text.split(/```[^\n]*\n([\s\S]*?)```/);
  parts.forEach((part, idx) => {
    if (idx % 2 === 1) {
      blocks.push(<pre key={`pre-${idx}`} className="mono">{part}</pre>);
      return;
    }
    part.split(/\n\s*\n/).forEach((para, j) => {
      const lines = para.split("\n").filter((l) => l.trim());
      if (!lines.length) return;
      const listItem = /^\s*(?:[-*]|\d+\.)\s+/;
      if (lines.every((l, k) => listItem.test(l) || (k > 0 && /^\s{2,}/.test(l)))) {
        const items: string[] = [];
        for (const l of lines) if (listItem.test(l)) items.push(l.replace(listItem, "")); else items[items.length - 1] += ` ${l.trim()}`;
        const ordered = /^\s*\d+\./.test(lines[0]);
        const List = ordered ? "ol" : "ul";
        blocks.push(<List key={`l-${idx}-${j}`}>{items.map((it, k) => <li key={k}>{inline(it)}</li>)}</List>);
      } else blocks.push(<p key={`p-${idx}-${j}`}>{inline(lines.join(" "))}</p>);
    });
  });
  return <div className="markdown">{blocks}</div>;
}
