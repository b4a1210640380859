// People and personal API tokens (docs/api.md "Authentication", "API tokens").
// Every write reads the csrftoken cookie afresh (api/client.ts): signing up and logging in rotate it.
import { api, ok, type Schemas } from "@/api/client";
import type { Me } from "@/lib/session";

export type Credentials = Schemas["CredentialsRequest"];
export type ApiToken = Schemas["Token"];
/** The create response is the only place the key ever appears. */
export type NewApiToken = Schemas["NewToken"];

export const signUp = (body: Credentials) => ok(api.POST("/api/auth/signup/", { body }));
export const logIn = (body: Credentials) => ok(api.POST("/api/auth/login/", { body }));
export const logOut = () => ok(api.POST("/api/auth/logout/"));

export const listTokens = () => ok(api.GET("/api/tokens/"));
export const createToken = (name: string) => ok(api.POST("/api/tokens/", { body: { name } }));
export const revokeToken = async (id: number) => {
  await ok(api.DELETE("/api/tokens/{token_id}/", { params: { path: { token_id: id } } }));
};

export const ANONYMOUS: Me = { authenticated: false, id: null, username: null, isGuest: false, language: null };
