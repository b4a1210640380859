import { useEffect } from "react";
import { useQuery } from "@tanstack/react-query";
import { fetchGlossary } from "@/lib/glossary";

/** /glossary: every term the lessons and the screen use, one definition each, each its own anchor. */
export function GlossaryPage() {
  const query = useQuery({ queryKey: ["glossary"], queryFn: fetchGlossary, staleTime: Infinity });
  const terms = query.data ?? [];
  // The anchor a lesson linked to is in view once the terms are drawn.
  useEffect(() => {
    const id = decodeURIComponent(window.location.hash.slice(1));
    if (id && terms.length) document.getElementById(id)?.scrollIntoView?.({ block: "start" });
  }, [terms.length]);
  return (
    <main className="page glossary">
      <h1>Glossary</h1>
      <p className="muted">The words the lessons and the screen use, as kube-scheduler means them.</p>
      {query.error && <p role="alert">{query.error.message}</p>}
      <dl>
        {[...terms]
          .sort((a, b) => a.term.localeCompare(b.term, "en", { sensitivity: "base" }))
          .map((t) => (
            <div key={t.id} id={t.id} className="glossary__entry" tabIndex={-1}>
              <dt>{t.term}</dt>
              <dd>
                {t.definition}
                {t.upstream && (
                  <>
                    {" "}
                    <small className="muted">
                      Upstream: <code>{t.upstream}</code>
                    </small>
                  </>
                )}
              </dd>
            </div>
          ))}
      </dl>
    </main>
  );
}
