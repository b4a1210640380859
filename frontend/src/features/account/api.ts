// People and personal API tokens (docs/api.md "Authentication", "API tokens").
// `request` reads the csrftoken cookie afresh for every write: signing up and logging in rotate it.
import { request } from "@/lib/api";
import type { Me } from "@/lib/session";

export interface Credentials {
  username: string;
  password: string;
}

export interface ApiToken {
  id: number;
  name: string;
  prefix: string;
  createdAt: string;
  lastUsedAt: string | null;
}

/** The create response is the only place the key ever appears. */
export interface NewApiToken extends ApiToken {
  key: string;
}

const post = async <T>(url: string, body?: unknown) => (await request<T>(url, { method: "POST", body })).data;

export const signUp = (c: Credentials) => post<Me>("/api/auth/signup/", c);
export const logIn = (c: Credentials) => post<Me>("/api/auth/login/", c);
export const logOut = () => post<null>("/api/auth/logout/");

export const listTokens = async () => (await request<ApiToken[]>("/api/tokens/")).data;
export const createToken = (name: string) => post<NewApiToken>("/api/tokens/", { name });
export const revokeToken = async (id: number) => {
  await request<null>(`/api/tokens/${id}/`, { method: "DELETE" });
};

export const ANONYMOUS: Me = { authenticated: false, id: null, username: null, isGuest: false };
