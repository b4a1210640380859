import { api, ok, type Schemas } from "@/api/client";
import type { Manifest } from "./model/manifest";

export type Visibility = Schemas["VisibilityEnum"];

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

/** GET /api/scenarios/<slug>/: the schema's ScenarioDetail, its objects and settings as the editor holds them. */
export type Scenario = Omit<Schemas["ScenarioDetail"], "objects" | "settings"> & {
  objects: Manifest[];
  settings: ScenarioSettings;
};

export type ScenarioInput = Pick<Scenario, "title" | "description" | "visibility" | "objects" | "settings">;

type Body = Schemas["ScenarioWriteRequest"];

/** The editor holds objects as the person wrote them; the server checks each (a 400 names the field). */
const asWritten = (input: ScenarioInput): Body =>
  ({ ...input, description: input.description ?? "", visibility: input.visibility ?? "private" }) as Body;

const asEdited = async (pending: Promise<Schemas["ScenarioDetail"]>): Promise<Scenario> => (await pending) as Scenario;

export const getScenario = (slug: string) => asEdited(ok(api.GET("/api/scenarios/{slug}/", { params: { path: { slug } } })));

export async function createScenario(input: ScenarioInput): Promise<Scenario> {
  return asEdited(ok(api.POST("/api/scenarios/", { body: asWritten(input) })));
}

export async function updateScenario(slug: string, version: number, input: ScenarioInput): Promise<Scenario> {
  return asEdited(ok(api.PUT("/api/scenarios/{slug}/", {
    params: { path: { slug }, header: { "If-Match": `"${version}"` } }, body: { ...asWritten(input), version } })));
}

export async function deleteScenario(slug: string): Promise<void> {
  await ok(api.DELETE("/api/scenarios/{slug}/", { params: { path: { slug } } }));
}

export async function forkScenario(slug: string): Promise<Scenario> {
  return asEdited(ok(api.POST("/api/scenarios/{slug}/fork/", { params: { path: { slug } }, body: {} })));
}

export async function importYaml(yaml: string, meta: { title: string; visibility: Visibility; settings?: ScenarioSettings }): Promise<Scenario> {
  return asEdited(ok(api.POST("/api/scenarios/import/", { body: { yaml, description: "", ...meta } })));
}

export const exportUrl = (slug: string) => `/api/scenarios/${slug}/export/`;
