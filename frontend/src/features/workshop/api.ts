// The workshop REST API (docs/workshops.md).
import { getJson, request } from "@/lib/api";
import type { ClassQuestion, Participant, WorkshopView } from "./state";

export type WorkshopDetail = WorkshopView & { role: "instructor" | "student" | null; me: Participant | null };

const base = (code: string) => `/api/workshops/${encodeURIComponent(code)}`;
const post = async <T>(url: string, body?: unknown) => (await request<T>(url, { method: "POST", body })).data;

export const getWorkshop = (code: string) => getJson<WorkshopDetail>(`${base(code)}/`);
export const createWorkshop = (body: { lesson?: string; scenario?: string; title?: string }) =>
  post<WorkshopView>("/api/workshops/", body);
/** `language`: the student's (their question prompts come in it; the roster shows it). */
export const joinWorkshop = (code: string, name: string, language?: string) =>
  post<{ workshop: WorkshopView; me: Participant }>(`${base(code)}/join/`, language ? { name, language } : { name });
export const askQuestion = (code: string, question: string) => post<ClassQuestion>(`${base(code)}/questions/`, { question });
export const revealQuestion = (code: string, key: string) => post<ClassQuestion>(`${base(code)}/questions/${encodeURIComponent(key)}/reveal/`);
export const tryItMyself = (code: string) => post<{ id: number }>(`${base(code)}/try/`);
export const backToClass = (code: string) => post<null>(`${base(code)}/back/`);
export const pushToClass = (code: string, body: { lesson?: string; scenario?: string; compare?: { a: number; b: number } }) =>
  post<WorkshopView>(`${base(code)}/push/`, body);
export const setLocked = (code: string, locked: boolean) => post<WorkshopView>(`${base(code)}/lock/`, { locked });
export const endWorkshop = (code: string) => post<WorkshopView>(`${base(code)}/end/`);
export const exportUrl = (code: string, format: "csv" | "json") => `${base(code)}/export.${format}`;

export function workshopSocketUrl(code: string, loc: Location = window.location): string {
  const proto = loc.protocol === "https:" ? "wss:" : "ws:";
  return `${proto}//${loc.host}/ws/workshops/${encodeURIComponent(code)}/`;
}
/** Stop a run (one that holds a slot of the workshop's allowance). */
export const stopRun = (runId: number) => post<unknown>(`/api/runs/${runId}/commands/`, { type: "stop" });
