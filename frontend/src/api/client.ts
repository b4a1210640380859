// The typed REST client: paths, parameters, bodies and answers from the API's OpenAPI schema
// (schema.d.ts, `make api-types`), so a response type is the server's, never a hand-written copy.
// `api.GET("/api/scenarios/{slug}/", { params: { path: { slug } } })` is checked against the
// schema; `ok(...)` gives the answer or throws the API's error envelope as an ApiError.
import createClient, { type Middleware } from "openapi-fetch";
import { ApiError, csrfHeader, toEnvelope } from "@/lib/api";
import type { components, paths } from "./schema";

export type Schemas = components["schemas"];

/** The API's page of a list (`?page=`): the same shape for every paged list. */
export interface Page<T> {
  count: number;
  next: string | null;
  previous: string | null;
  results: T[];
}

const csrf: Middleware = {
  async onRequest({ request }) {
    if (request.method !== "GET" && request.method !== "HEAD") request.headers.set("X-CSRFToken", await csrfHeader());
    return request;
  },
};

/** openapi-fetch builds a Request (which needs an absolute URL); it is sent as the app's other calls
 * are, to the same-origin path with the session cookie: one transport, one way for tests to stub it. */
async function send(request: Request): Promise<Response> {
  const url = new URL(request.url);
  const headers = Object.fromEntries(request.headers.entries());
  const body = request.method === "GET" || request.method === "HEAD" ? undefined : (await request.text()) || undefined;
  return fetch(url.pathname + url.search, { method: request.method, headers, body, credentials: "same-origin" });
}

export const api = createClient<paths>({
  baseUrl: globalThis.location?.origin ?? "http://localhost",
  headers: { Accept: "application/json" },
  fetch: send,
});
api.use(csrf);

/** The answer of a call, or its error envelope thrown as an ApiError. */
export async function ok<T>(pending: Promise<{ data?: T; error?: unknown; response: Response }>): Promise<T> {
  const { data, error, response } = await pending;
  if (!response.ok) throw new ApiError(response.status, toEnvelope(response.status, error));
  return data as T;
}
