// REST client: session auth with Django's CSRF cookie, and the API's error envelope.

export interface FieldError {
  field: string;
  value?: unknown;
  message: string;
  /** On a 429 for too many active runs: the runs holding the slots. */
  runs?: number[];
}

export interface ErrorEnvelope {
  message: string;
  errors: FieldError[];
}

export class ApiError extends Error {
  readonly status: number;
  readonly errors: FieldError[];
  constructor(status: number, envelope: ErrorEnvelope) {
    super(envelope.message || `HTTP ${status}`);
    this.status = status;
    this.errors = envelope.errors ?? [];
  }
}

function csrfToken(): string {
  const m = /(?:^|;\s*)csrftoken=([^;]+)/.exec(document.cookie);
  return m ? decodeURIComponent(m[1]) : "";
}

/** No cookie yet (a page cached without it, or cookies cleared since): `/api/me` sets it. */
async function fetchCsrfToken(): Promise<string> {
  await fetch("/api/me", { headers: { Accept: "application/json" }, credentials: "same-origin" });
  return csrfToken();
}

/** The X-CSRFToken header's value for a write: the cookie's, fetched first when there is none yet. */
export async function csrfHeader(): Promise<string> {
  return csrfToken() || (await fetchCsrfToken());
}

/** Turn any error body into the envelope shape (DRF's default dict shape too). */
export function toEnvelope(status: number, body: unknown): ErrorEnvelope {
  if (body && typeof body === "object") {
    const b = body as Record<string, unknown>;
    if (typeof b.message === "string") {
      return { message: b.message, errors: Array.isArray(b.errors) ? (b.errors as FieldError[]) : [] };
    }
    if (typeof b.detail === "string") return { message: b.detail, errors: [] };
    const errors: FieldError[] = [];
    for (const [field, v] of Object.entries(b)) {
      for (const msg of Array.isArray(v) ? v : [v]) errors.push({ field, message: String(msg) });
    }
    return { message: "The request was rejected.", errors };
  }
  return { message: typeof body === "string" && body ? body.slice(0, 300) : `HTTP ${status}`, errors: [] };
}

export interface RequestOptions {
  method?: string;
  body?: unknown;
  /** Raw text body (e.g. YAML) sent with this content type instead of JSON. */
  text?: { body: string; contentType: string };
  headers?: Record<string, string>;
}

export interface ApiResponse<T> {
  data: T;
  headers: Headers;
}

export async function request<T>(url: string, opts: RequestOptions = {}): Promise<ApiResponse<T>> {
  const method = opts.method ?? "GET";
  const headers: Record<string, string> = { Accept: "application/json", ...opts.headers };
  let body: string | undefined;
  if (opts.text) {
    body = opts.text.body;
    headers["Content-Type"] = opts.text.contentType;
  } else if (opts.body !== undefined) {
    body = JSON.stringify(opts.body);
    headers["Content-Type"] = "application/json";
  }
  if (method !== "GET" && method !== "HEAD") headers["X-CSRFToken"] = await csrfHeader();
  const res = await fetch(url, { method, headers, body, credentials: "same-origin" });
  const type = res.headers.get("Content-Type") ?? "";
  const parsed: unknown =
    res.status === 204 ? null : type.includes("json") ? await res.json().catch(() => null) : await res.text();
  if (!res.ok) throw new ApiError(res.status, toEnvelope(res.status, parsed));
  return { data: parsed as T, headers: res.headers };
}

export async function getJson<T>(url: string): Promise<T> {
  return (await request<T>(url)).data;
}
