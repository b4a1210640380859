import { memo, useId, type ReactNode } from "react";
import { GLOSSARY_HREF, useGlossary } from "@/lib/glossary";

/**
 * One of the screen's own labels (a queue's name, a status, a column) with the glossary's
 * definition as its tooltip: shown on hover and on keyboard focus, read as the label's
 * description, and a link to the glossary entry for more.
 */
export const Term = memo(function Term({ id, children }: { id: string; children: ReactNode }) {
  const term = useGlossary().get(id);
  const tipId = useId();
  if (!term) return <>{children}</>;
  return (
    <span className="term">
      <a href={`${GLOSSARY_HREF}${id}`} target="_blank" rel="noreferrer noopener" aria-describedby={tipId} className="term__label">
        {children}
      </a>
      <span role="tooltip" id={tipId} className="term__tip">
        {term.definition}
      </span>
    </span>
  );
});
