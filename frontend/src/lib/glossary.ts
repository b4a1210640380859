import { useQuery } from "@tanstack/react-query";
import { getJson } from "@/lib/api";
import type { components } from "@/api/schema";

export type GlossaryTerm = components["schemas"]["GlossaryTerm"];

/** The glossary's href for a term: what lessons link to (docs/lessons.md, "Glossary"). */
export const GLOSSARY_HREF = "/glossary#";

export const fetchGlossary = () => getJson<GlossaryTerm[]>("/api/glossary/");

/** The glossary by id, fetched once per page (it changes only with a deployment). */
export function useGlossary(): Map<string, GlossaryTerm> {
  const data = useQuery({ queryKey: ["glossary"], queryFn: fetchGlossary, staleTime: Infinity }).data;
  return new Map((data ?? []).map((t) => [t.id, t]));
}

/** The term a glossary link points at ("/glossary#activeq" → "activeq"), or null for any other link. */
export function glossaryId(href: string | undefined): string | null {
  return href && href.startsWith(GLOSSARY_HREF) ? href.slice(GLOSSARY_HREF.length) : null;
}
