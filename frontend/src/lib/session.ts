// Who am I, and which kube-scheduler the model follows. /api/me also sets the CSRF cookie.
import { getJson } from "./api";

export interface Me {
  authenticated: boolean;
  id: number | null;
  username: string | null;
  isGuest: boolean;
}

export interface ModelVersion {
  kubeSchedulerVersion?: string;
  [k: string]: unknown;
}

export const fetchMe = () => getJson<Me>("/api/me");
export const fetchVersion = () => getJson<ModelVersion>("/api/version");
