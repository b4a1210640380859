import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { api, ok } from "@/api/client";
import { isLanguage } from "@/i18n";
import type { components } from "@/api/schema";
import { queryKeys } from "@/api/queryKeys";

export type GlossaryTerm = components["schemas"]["GlossaryTerm"];

/** The glossary's href for a term: what lessons link to (docs/lessons.md, "Glossary"). */
export const GLOSSARY_HREF = "/glossary#";

export const fetchGlossary = (language: string) =>
  ok(api.GET("/api/glossary/", { params: { query: { lang: isLanguage(language) ? language : "en" } } }));

/** The glossary in the reader's language, fetched once per page and language (it changes only with a deployment). */
export function useGlossaryQuery() {
  const language = useTranslation().i18n.resolvedLanguage ?? "en";
  return useQuery({ queryKey: queryKeys.glossary(language), queryFn: () => fetchGlossary(language), staleTime: Infinity });
}

const NO_TERMS = new Map<string, GlossaryTerm>();
/** Each fetched glossary's index, made once: every Term and lesson link on a screen asks on every render. */
const indexes = new WeakMap<readonly GlossaryTerm[], Map<string, GlossaryTerm>>();

/** The glossary by id (the same Map while the glossary is the same). */
export function useGlossary(): ReadonlyMap<string, GlossaryTerm> {
  const data = useGlossaryQuery().data;
  if (!data) return NO_TERMS;
  let index = indexes.get(data);
  if (!index) indexes.set(data, (index = new Map(data.map((t) => [t.id, t]))));
  return index;
}

/** The term a glossary link points at ("/glossary#activeq" → "activeq"), or null for any other link. */
export function glossaryId(href: string | undefined): string | null {
  return href && href.startsWith(GLOSSARY_HREF) ? href.slice(GLOSSARY_HREF.length) : null;
}
