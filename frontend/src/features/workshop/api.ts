// The workshop REST API (docs/workshops.md).
import { api, ok, type Schemas } from "@/api/client";

export type WorkshopDetail = Schemas["WorkshopDetail"];

const at = (code: string) => ({ params: { path: { code } } });

export const getWorkshop = (code: string) => ok(api.GET("/api/workshops/{code}/", at(code)));
export const createWorkshop = (body: Schemas["WorkshopCreateRequest"]) => ok(api.POST("/api/workshops/", { body }));
/** `language`: the student's (their question prompts come in it; the roster shows it). */
export const joinWorkshop = (code: string, name: string, language?: string) =>
  ok(api.POST("/api/workshops/{code}/join/", { ...at(code), body: language ? { name, language } : { name } }));
export const askQuestion = (code: string, question: string) =>
  ok(api.POST("/api/workshops/{code}/questions/", { ...at(code), body: { question } }));
export const revealQuestion = (code: string, key: string) =>
  ok(api.POST("/api/workshops/{code}/questions/{key}/reveal/", { params: { path: { code, key } } }));
export const tryItMyself = (code: string) => ok(api.POST("/api/workshops/{code}/try/", at(code)));
export const backToClass = (code: string) => ok(api.POST("/api/workshops/{code}/back/", at(code)));
export const pushToClass = (code: string, body: Schemas["WorkshopPushRequest"]) =>
  ok(api.POST("/api/workshops/{code}/push/", { ...at(code), body }));
export const setLocked = (code: string, locked: boolean) => ok(api.POST("/api/workshops/{code}/lock/", { ...at(code), body: { locked } }));
export const endWorkshop = (code: string) => ok(api.POST("/api/workshops/{code}/end/", at(code)));
export const exportUrl = (code: string, format: "csv" | "json") => `/api/workshops/${encodeURIComponent(code)}/export.${format}`;

export function workshopSocketUrl(code: string, loc: Location = window.location): string {
  const proto = loc.protocol === "https:" ? "wss:" : "ws:";
  return `${proto}//${loc.host}/ws/workshops/${encodeURIComponent(code)}/`;
}
/** Stop a run (one that holds a slot of the workshop's allowance). */
export { stopRun } from "@/lib/runsApi";
