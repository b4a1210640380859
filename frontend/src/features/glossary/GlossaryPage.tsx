import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { useGlossaryQuery } from "@/lib/glossary";

/** /glossary: every term the lessons and the screen use, one definition each, each its own anchor. */
export function GlossaryPage() {
  const { t, i18n } = useTranslation();
  const query = useGlossaryQuery();
  const terms = query.data ?? [];
  // The anchor a lesson linked to is in view once the terms are drawn.
  useEffect(() => {
    const id = decodeURIComponent(window.location.hash.slice(1));
    if (id && terms.length) document.getElementById(id)?.scrollIntoView?.({ block: "start" });
  }, [terms.length]);
  const language = i18n.resolvedLanguage ?? "en";
  return (
    <main className="page glossary">
      <h1>{t("glossary.title")}</h1>
      <p className="muted">{t("glossary.intro")}</p>
      {query.error && <p role="alert">{query.error.message}</p>}
      <dl>
        {[...terms]
          .sort((a, b) => a.term.localeCompare(b.term, language, { sensitivity: "base" }))
          .map((term) => (
            <div key={term.id} id={term.id} className="glossary__entry" tabIndex={-1}>
              <dt>
                {term.term}
                {/* The English name beside a translated one: what upstream code and docs call it. */}
                {term.english && !term.term.includes(term.english) && (
                  <small className="muted" lang="en">
                    {" "}
                    ({term.english})
                  </small>
                )}
              </dt>
              <dd>
                {term.definition}
                {term.upstream && (
                  <>
                    {" "}
                    <small className="muted">
                      {t("glossary.upstream")} <code>{term.upstream}</code>
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
