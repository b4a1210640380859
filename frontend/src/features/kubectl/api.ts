import { request } from "@/lib/api";

/** The run's kubeconfig, asked for with the browser session: the server puts a new credential in it that
 * opens this run (and its restarts) only, for a day or until its workshop ends — no API token is made. */
export async function fetchKubeconfig(runId: number): Promise<string> {
  return (await request<string>(`/k8s/runs/${runId}/kubeconfig`, { headers: { Accept: "application/yaml" } })).data;
}

export function kubeconfigFileName(runId: number): string {
  return `kubeconfig-run-${runId}.yaml`;
}
