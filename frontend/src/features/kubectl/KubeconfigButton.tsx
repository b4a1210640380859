import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "@/lib/api";
import { fetchKubeconfig, kubeconfigFileName } from "./api";

interface Props {
  runId: number;
  canControl: boolean;
}

function download(name: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: "application/yaml" }));
  const a = document.createElement("a");
  a.href = url;
  a.download = name;
  a.click();
  URL.revokeObjectURL(url);
}

/** Download a kubeconfig for this run, so `kubectl` (and client libraries) can talk to it (docs/kubectl.md). */
export function KubeconfigButton({ runId, canControl }: Props) {
  const { t } = useTranslation();
  const [state, setState] = useState<"idle" | "busy" | "done">("idle");
  const [error, setError] = useState<string | null>(null);
  const file = kubeconfigFileName(runId);
  const onClick = async () => {
    setState("busy");
    setError(null);
    try {
      download(file, await fetchKubeconfig(runId));
      setState("done");
    } catch (e) {
      setError(e instanceof ApiError ? e.message : String(e));
      setState("idle");
    }
  };
  return (
    <div className="kubeconfig" role="group" aria-label="kubectl">
      <button type="button" onClick={onClick} disabled={state === "busy"}>
        {t("run.kubeconfig.download")}
      </button>
      {state === "done" && (
        <p className="kubeconfig__hint">
          <code>kubectl --kubeconfig {file} get pods -o wide</code>
          {canControl ? t("run.kubeconfig.owner") : t("run.kubeconfig.readOnly")}
        </p>
      )}
      {error && (
        <p role="alert" className="field__error">
          {error}
        </p>
      )}
    </div>
  );
}
