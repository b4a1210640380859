import { useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { getIn, type Manifest } from "../model/manifest";

const PAGE = 24;

interface Props {
  kind: "node" | "pod";
  docs: number[];
  objects: Manifest[];
  render(doc: number): ReactNode;
  /** Documents that carry an API error are always shown, so every error has its field on screen. */
  errorDocs: Set<number>;
}

/** Big scenarios (hundreds of nodes, thousands of pods) show a page of cards with a name filter. */
export function Paged({ kind, docs, objects, render, errorDocs }: Props) {
  const { t } = useTranslation();
  const [limit, setLimit] = useState(PAGE);
  const [query, setQuery] = useState("");
  const q = query.trim().toLowerCase();
  const matching = q ? docs.filter((d) => String(getIn(objects[d], "metadata.name") ?? "").toLowerCase().includes(q)) : docs;
  const shown = matching.filter((d, i) => i < limit || errorDocs.has(d));
  const id = `filter-${kind}`;
  return (
    <>
      {docs.length > PAGE && (
        <div className="field field--inline">
          <label htmlFor={id}>{t(`editor.find.${kind}`)}</label>
          <input id={id} type="search" value={query} onChange={(e) => setQuery(e.target.value)} />
        </div>
      )}
      <div className="object-grid">{shown.map((d) => render(d))}</div>
      {matching.length > shown.length && (
        <button type="button" onClick={() => setLimit((l) => l + PAGE)}>
          {t(`editor.showMore.${kind}`, { count: matching.length - shown.length })}
        </button>
      )}
    </>
  );
}
