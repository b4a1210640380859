// docs/from-the-articles.md is the one source of this page (the Dockerfile copies it next to frontend/).
import text from "../../../../docs/from-the-articles.md?raw";
import { Markdown } from "@/features/lessons/Markdown";
import { Link } from "@/lib/router";

/** /learn/older-code: the articles' older scheduler code mapped to v1.34, and the events real clusters print. */
export function OlderCodePage() {
  return (
    <main className="page">
      <p>
        <Link href="/">← Lessons and scenarios</Link>
      </p>
      <Markdown text={text} />
    </main>
  );
}
