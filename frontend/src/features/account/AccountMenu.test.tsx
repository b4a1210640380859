import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, expect, test, vi } from "vitest";
import { AccountMenu } from "./AccountMenu";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

test("a guest is offered sign-up and log-in, not log-out", () => {
  render(<AccountMenu me={{ authenticated: true, id: 7, username: "guest-4kq9x2mb", isGuest: true, language: null }} onSignedOut={() => {}} />);
  expect(screen.getByText("guest-4kq9x2mb (guest)")).toBeTruthy();
  expect(screen.getByRole("link", { name: "Sign up" }).getAttribute("href")).toBe("/account#sign-up");
  expect(screen.getByRole("link", { name: "Log in" })).toBeTruthy();
  expect(screen.queryByRole("button", { name: "Log out" })).toBeNull();
});

test("a signed-up user sees their name, an Account link, and Log out posts to /api/auth/logout/", async () => {
  const fetch = vi.fn(async () => new Response(null, { status: 204 }));
  vi.stubGlobal("fetch", fetch);
  const onSignedOut = vi.fn();
  render(<AccountMenu me={{ authenticated: true, id: 7, username: "alice", isGuest: false, language: null }} onSignedOut={onSignedOut} />);
  expect(screen.getByText("Signed in as alice")).toBeTruthy();
  expect(screen.getByRole("link", { name: "Account" }).getAttribute("href")).toBe("/account");
  expect(screen.queryByRole("link", { name: "Sign up" })).toBeNull();

  fireEvent.click(screen.getByRole("button", { name: "Log out" }));
  await vi.waitFor(() => expect(onSignedOut).toHaveBeenCalled());
  expect(fetch).toHaveBeenCalledWith("/api/auth/logout/", expect.objectContaining({ method: "POST" }));
});
