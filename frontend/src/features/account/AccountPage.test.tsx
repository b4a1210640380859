import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { afterEach, beforeEach, expect, test, vi } from "vitest";
import type { Me } from "@/lib/session";
import { withQuery } from "@/test/query";
import { AccountPage } from "./AccountPage";

const GUEST: Me = { authenticated: true, id: 7, username: "guest-4kq9x2mb", isGuest: true, language: null };
const ALICE: Me = { authenticated: true, id: 7, username: "alice", isGuest: false, language: null };
const KEY = "pgt_Ab12cdefghijklmnopqrstuvwxyz0123456789ABCDEFG";

interface Call {
  method: string;
  url: string;
  csrf: string | undefined;
  body: unknown;
}
type Handler = (call: Call) => Response | undefined;

let calls: Call[] = [];

const json = (status: number, body: unknown) => new Response(status === 204 ? null : JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

/** A fake server: the first handler that answers wins; anything unexpected is a 500 the test will notice. */
function serve(...handlers: Handler[]) {
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const csrf = new Headers(init.headers).get("X-CSRFToken") ?? undefined;
      const call = { method: init.method ?? "GET", url, csrf, body: init.body ? JSON.parse(String(init.body)) : undefined };
      calls.push(call);
      for (const h of handlers) {
        const res = h(call);
        if (res) return res;
      }
      return json(500, { message: `unexpected ${call.method} ${url}`, errors: [] });
    }),
  );
}

const on = (method: string, url: string, answer: (call: Call) => Response): Handler => (c) => (c.method === method && c.url === url ? answer(c) : undefined);
const noTokens = on("GET", "/api/tokens/", () => json(200, []));

beforeEach(() => {
  calls = [];
  document.cookie = "csrftoken=before-login";
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function fillAndSubmit(form: HTMLElement, values: Record<string, string>, submit: string) {
  for (const [label, value] of Object.entries(values)) fireEvent.change(within(form).getByLabelText(label), { target: { value } });
  fireEvent.click(within(form).getByRole("button", { name: submit }));
}

test("sign-up errors from the envelope appear at the username and password fields", async () => {
  serve(
    noTokens,
    on("POST", "/api/auth/signup/", () =>
      json(400, {
        message: 'username: "guest-x" is reserved (+ 1 more)',
        errors: [
          { field: "username", value: "guest-x", message: '"guest-x" is reserved' },
          { field: "password", message: "This password is too short. It must contain at least 8 characters." },
        ],
      }),
    ),
  );
  render(<AccountPage me={GUEST} onSignedIn={() => {}} />, { wrapper: withQuery() });
  const form = screen.getByRole("form", { name: "Sign up" });
  fillAndSubmit(form, { Username: "guest-x", Password: "short" }, "Sign up");

  const username = within(form).getByLabelText("Username");
  expect(await within(form).findByText(/"guest-x" is reserved/)).toBeTruthy();
  expect(username.getAttribute("aria-invalid")).toBe("true");
  expect(document.getElementById(username.getAttribute("aria-describedby") ?? "")?.textContent).toContain("is reserved");
  expect(within(form).getByLabelText("Password").getAttribute("aria-invalid")).toBe("true");
  expect(within(form).getByText(/at least 8 characters\.$/)).toBeTruthy();
});

test("wrong credentials on log-in are reported on the form, not at a field", async () => {
  serve(
    noTokens,
    on("POST", "/api/auth/login/", () =>
      json(400, { message: "username or password is wrong", errors: [{ field: "non_field_errors", message: "username or password is wrong" }] }),
    ),
  );
  render(<AccountPage me={GUEST} onSignedIn={() => {}} />, { wrapper: withQuery() });
  const form = screen.getByRole("form", { name: "Log in" });
  fillAndSubmit(form, { Username: "alice", Password: "nope-nope" }, "Log in");

  expect((await within(form).findByRole("alert")).textContent).toBe("username or password is wrong");
  expect(within(form).getByLabelText("Username").getAttribute("aria-invalid")).toBeNull();
});

test("a guest is told that signing up keeps what it made", () => {
  serve(noTokens);
  render(<AccountPage me={GUEST} onSignedIn={() => {}} />, { wrapper: withQuery() });
  expect(screen.getByText(/You keep everything you made as a guest/)).toBeTruthy();
});

test("a successful sign-up hands the new user up, and the next write sends the rotated CSRF cookie", async () => {
  const onSignedIn = vi.fn();
  serve(
    noTokens,
    on("POST", "/api/auth/signup/", () => {
      document.cookie = "csrftoken=after-login"; // Django rotates the token on login
      return json(201, ALICE);
    }),
    on("POST", "/api/tokens/", (c) => json(201, { id: 3, name: (c.body as { name: string }).name, prefix: "pgt_Ab12", createdAt: "2026-11-22T16:00:00Z", lastUsedAt: null, key: KEY })),
  );
  const { rerender } = render(<AccountPage me={GUEST} onSignedIn={onSignedIn} />, { wrapper: withQuery() });
  fillAndSubmit(screen.getByRole("form", { name: "Sign up" }), { Username: "alice", Password: "correct horse battery" }, "Sign up");
  await vi.waitFor(() => expect(onSignedIn).toHaveBeenCalledWith(ALICE));
  expect(calls.find((c) => c.url === "/api/auth/signup/")).toMatchObject({ csrf: "before-login", body: { username: "alice", password: "correct horse battery" } });

  rerender(<AccountPage me={ALICE} onSignedIn={onSignedIn} />);
  expect(screen.queryByRole("form", { name: "Sign up" })).toBeNull();
  fillAndSubmit(screen.getByRole("form", { name: "New token" }), { "Token name": "ci" }, "Create token");
  await screen.findByLabelText("API token key");
  expect(calls.find((c) => c.method === "POST" && c.url === "/api/tokens/")?.csrf).toBe("after-login");
});

test("a new token's key is shown once with usage examples, and is gone once dismissed", async () => {
  let tokens: object[] = [];
  serve(
    on("GET", "/api/tokens/", () => json(200, tokens)),
    on("POST", "/api/tokens/", () => {
      const t = { id: 3, name: "ci", prefix: "pgt_Ab12", createdAt: "2026-11-22T16:00:00Z", lastUsedAt: null };
      tokens = [t];
      return json(201, { ...t, key: KEY });
    }),
  );
  render(<AccountPage me={ALICE} onSignedIn={() => {}} />, { wrapper: withQuery() });
  expect(await screen.findByText("You have no API tokens.")).toBeTruthy();
  fillAndSubmit(screen.getByRole("form", { name: "New token" }), { "Token name": "ci" }, "Create token");

  expect(((await screen.findByLabelText("API token key")) as HTMLInputElement).value).toBe(KEY);
  expect(screen.getByText(/it will not be shown again/)).toBeTruthy();
  expect(screen.getByText(new RegExp(`curl -H "Authorization: Token ${KEY}"[\\s\\S]*/api/scenarios/\\?scope=mine`))).toBeTruthy();
  expect(screen.getByText(`python examples/scripted_scenario.py --url ${location.origin} --token ${KEY}`)).toBeTruthy();
  const row = await screen.findByRole("row", { name: /^ci/ });
  expect(within(row).getByText("pgt_Ab12…")).toBeTruthy();
  expect(within(row).getByText("never")).toBeTruthy();

  fireEvent.click(screen.getByRole("button", { name: /hide the key/ }));
  expect(screen.queryByText(KEY, { exact: false })).toBeNull();
  expect(screen.queryByLabelText("API token key")).toBeNull();
});

test("the copy button puts the key on the clipboard", async () => {
  const writeText = vi.fn(async () => {});
  Object.defineProperty(navigator, "clipboard", { value: { writeText }, configurable: true });
  serve(noTokens, on("POST", "/api/tokens/", () => json(201, { id: 3, name: "ci", prefix: "pgt_Ab12", createdAt: "2026-11-22T16:00:00Z", lastUsedAt: null, key: KEY })));
  render(<AccountPage me={ALICE} onSignedIn={() => {}} />, { wrapper: withQuery() });
  fillAndSubmit(screen.getByRole("form", { name: "New token" }), { "Token name": "ci" }, "Create token");
  fireEvent.click(await screen.findByRole("button", { name: "Copy key" }));
  expect(await screen.findByRole("button", { name: "Copied ✓" })).toBeTruthy();
  expect(writeText).toHaveBeenCalledWith(KEY);
});

test("a bad token name is shown at the name field", async () => {
  serve(noTokens, on("POST", "/api/tokens/", () => json(400, { message: "name: This field may not be blank.", errors: [{ field: "name", value: "", message: "This field may not be blank." }] })));
  render(<AccountPage me={ALICE} onSignedIn={() => {}} />, { wrapper: withQuery() });
  const form = screen.getByRole("form", { name: "New token" });
  fillAndSubmit(form, {}, "Create token");
  expect(await within(form).findByText(/This field may not be blank\./)).toBeTruthy();
  expect(within(form).getByLabelText("Token name").getAttribute("aria-invalid")).toBe("true");
});

test("revoking asks first, and only the confirmation sends the DELETE", async () => {
  let tokens: object[] = [{ id: 3, name: "ci", prefix: "pgt_Ab12", createdAt: "2026-11-22T16:00:00Z", lastUsedAt: "2026-11-22T16:05:00Z" }];
  serve(
    on("GET", "/api/tokens/", () => json(200, tokens)),
    on("DELETE", "/api/tokens/3/", () => ((tokens = []), json(204, null))),
  );
  render(<AccountPage me={ALICE} onSignedIn={() => {}} />, { wrapper: withQuery() });
  fireEvent.click(await screen.findByRole("button", { name: "Revoke ci" }));
  expect(calls.some((c) => c.method === "DELETE")).toBe(false);

  fireEvent.click(screen.getByRole("button", { name: "Cancel" }));
  fireEvent.click(screen.getByRole("button", { name: "Revoke ci" }));
  fireEvent.click(screen.getByRole("button", { name: "Yes, revoke “ci”" }));
  expect(await screen.findByText("You have no API tokens.")).toBeTruthy();
  expect(calls.filter((c) => c.method === "DELETE")).toEqual([expect.objectContaining({ url: "/api/tokens/3/", csrf: "before-login" })]);
});

test("an anonymous visitor is not offered tokens and the page asks nothing of /api/tokens/", () => {
  serve();
  render(<AccountPage me={{ authenticated: false, id: null, username: null, isGuest: false, language: null }} onSignedIn={() => {}} />, { wrapper: withQuery() });
  expect(screen.getByText(/Tokens belong to a user/)).toBeTruthy();
  expect(calls).toEqual([]);
});
