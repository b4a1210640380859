import type { components } from "@/api/schema";
import { request } from "@/lib/api";

type NewToken = components["schemas"]["NewToken"];

/** The run's kubeconfig: the owner's carries a fresh API token (named after the run); a viewer's reads anonymously. */
export async function fetchKubeconfig(runId: number, withToken: boolean): Promise<string> {
  const headers: Record<string, string> = { Accept: "application/yaml" };
  if (withToken) {
    const { data } = await request<NewToken>("/api/tokens/", { method: "POST", body: { name: `kubectl run ${runId}` } });
    headers.Authorization = `Token ${data.key}`;
  }
  return (await request<string>(`/k8s/runs/${runId}/kubeconfig`, { headers })).data;
}

export function kubeconfigFileName(runId: number): string {
  return `kubeconfig-run-${runId}.yaml`;
}
