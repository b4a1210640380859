// Server state (what the REST API says) goes through TanStack Query: one cache, requests keyed by
// what they ask, and a late answer to an old question never overwrites a newer one.
import { QueryClient } from "@tanstack/react-query";

export function newQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      // The API says why a request failed; a retry would only delay the message.
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: 10_000 },
    },
  });
}
