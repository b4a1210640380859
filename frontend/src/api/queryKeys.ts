// Every TanStack Query key of the app, one per resource: a URL is cached under one key wherever it
// is read (the run page's title and the editor share a scenario, the gallery and a workshop the
// lessons), and an invalidation names the same key the readers used. Keys start with the
// resource, so `queryKeys.scenarios.all` invalidates every page of every list.
export const queryKeys = {
  me: ["me"] as const,
  version: ["version"] as const,
  /** GET /api/scenarios/<slug>/ */
  scenario: (slug: string) => ["scenario", slug] as const,
  scenarios: {
    all: ["scenarios"] as const,
    /** GET /api/scenarios/?scope=&search=&page= */
    list: (scope: string, search: string, page: number) => ["scenarios", scope, search, page] as const,
  },
  /** GET /api/lessons/?lang= */
  lessons: (language: string) => ["lessons", language] as const,
  /** GET /api/lessons/<slug>/?lang= */
  lesson: (slug: string, language: string) => ["lesson", slug, language] as const,
  glossary: (language: string) => ["glossary", language] as const,
  runs: {
    /** Every runs query: a stop or a delete changes them all. */
    all: ["runs"] as const,
    /** GET /api/runs/ (the person's own, first page) */
    mine: ["runs", "mine"] as const,
    /** GET /api/runs/?scenario= */
    ofScenario: (slug: string) => ["runs", "scenario", slug] as const,
    /** GET /api/runs/?active=true */
    active: ["runs", "active"] as const,
  },
  /** GET /api/workshops/<code>/ */
  workshop: (code: string) => ["workshop", code] as const,
  tokens: {
    all: ["tokens"] as const,
    /** GET /api/tokens/, for the person signed in (another person's list is not theirs) */
    of: (userId: number) => ["tokens", userId] as const,
  },
};
