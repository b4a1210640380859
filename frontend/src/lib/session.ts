// Who am I, and which kube-scheduler the model follows. /api/me also sets the CSRF cookie.
import { api, ok, type Schemas } from "@/api/client";
import type { Language } from "@/i18n";
import { getJson } from "./api";

/** GET /api/me; `language` is the one the person chose (kept on the server, a guest's too), null: the browser's. */
export type Me = Schemas["Me"];

export interface ModelVersion {
  kubeSchedulerVersion?: string;
  [k: string]: unknown;
}

export const fetchMe = () => ok(api.GET("/api/me"));
export const fetchVersion = () => getJson<ModelVersion>("/api/version");

/** Keep the person's language on the server (an anonymous visitor becomes a guest to keep it). */
export async function saveLanguage(language: Language): Promise<Me> {
  return ok(api.PATCH("/api/me", { body: { language } }));
}
