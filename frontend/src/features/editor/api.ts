import { request, getJson } from "@/lib/api";
import type { Manifest } from "./model/manifest";

export type Visibility = "private" | "unlisted" | "public";

/** Run settings (seed, speed) plus scheduler_core SchedulerConfig fields, in that class's snake_case (docs/api.md). */
export interface ScenarioSettings {
  seed?: number;
  speed?: number;
  version?: string;
  percentage_of_nodes_to_score?: number;
  plugin_weights?: Record<string, number>;
  preemption?: boolean;
  async_preemption?: boolean;
  pop_from_backoff_q?: boolean;
  min_candidate_nodes_percentage?: number;
  min_candidate_nodes_absolute?: number;
  permit_gate_label?: string;
  permit_gate_timeout_seconds?: number;
  [k: string]: unknown;
}

export interface Scenario {
  slug: string;
  title: string;
  description: string;
  visibility: Visibility;
  version: number;
  objects: Manifest[];
  settings: ScenarioSettings;
  forkedFrom: string | null;
  canEdit: boolean;
  ignored: string[];
  owner: { username: string; isGuest: boolean } | null;
}

export type ScenarioInput = Pick<Scenario, "title" | "description" | "visibility" | "objects" | "settings">;

export const getScenario = (slug: string) => getJson<Scenario>(`/api/scenarios/${slug}/`);

export async function createScenario(input: ScenarioInput): Promise<Scenario> {
  return (await request<Scenario>("/api/scenarios/", { method: "POST", body: input })).data;
}

export async function updateScenario(slug: string, version: number, input: ScenarioInput): Promise<Scenario> {
  return (await request<Scenario>(`/api/scenarios/${slug}/`, { method: "PUT", body: { ...input, version }, headers: { "If-Match": `"${version}"` } })).data;
}

export async function deleteScenario(slug: string): Promise<void> {
  await request(`/api/scenarios/${slug}/`, { method: "DELETE" });
}

export async function forkScenario(slug: string): Promise<Scenario> {
  return (await request<Scenario>(`/api/scenarios/${slug}/fork/`, { method: "POST", body: {} })).data;
}

export async function importYaml(yaml: string, meta: { title: string; visibility: Visibility; settings?: ScenarioSettings }): Promise<Scenario> {
  return (await request<Scenario>("/api/scenarios/import/", { method: "POST", body: { yaml, description: "", ...meta } })).data;
}

export const exportUrl = (slug: string) => `/api/scenarios/${slug}/export/`;
