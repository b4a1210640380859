// Who am I, and which kube-scheduler the model follows. /api/me also sets the CSRF cookie.
import { getJson, request } from "./api";
import type { Language } from "@/i18n";

export interface Me {
  authenticated: boolean;
  id: number | null;
  username: string | null;
  isGuest: boolean;
  /** The language the person chose (kept on the server, a guest's too); null: the browser's. */
  language?: Language | null;
}

export interface ModelVersion {
  kubeSchedulerVersion?: string;
  [k: string]: unknown;
}

export const fetchMe = () => getJson<Me>("/api/me");
export const fetchVersion = () => getJson<ModelVersion>("/api/version");

/** Keep the person's language on the server (an anonymous visitor becomes a guest to keep it). */
export async function saveLanguage(language: Language): Promise<Me> {
  return (await request<Me>("/api/me", { method: "PATCH", body: { language } })).data;
}
