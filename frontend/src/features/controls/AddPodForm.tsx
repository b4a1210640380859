import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "@/lib/api";
import { TextField, SelectField } from "@/components/Field";
import { sendCommand } from "./api";

interface Props {
  runId: number;
  priorityClasses: readonly { name: string; value: number }[];
  disabled?: boolean;
}

/** Mid-run "add pod": sends an add_pod command with a Pod manifest. */
export function AddPodForm({ runId, priorityClasses, disabled }: Props) {
  const { t } = useTranslation();
  const [name, setName] = useState("");
  const [pc, setPc] = useState("");
  const [cpu, setCpu] = useState("1");
  const [memory, setMemory] = useState("512Mi");
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    setFieldErrors({});
    const manifest = {
      apiVersion: "v1" as const,
      kind: "Pod" as const,
      metadata: { name, namespace: "default", labels: { app: name } },
      spec: {
        ...(pc ? { priorityClassName: pc } : {}),
        containers: [{ name: "app", image: "registry.k8s.io/pause:3.10", resources: { requests: { cpu, memory } } }],
      },
    };
    try {
      await sendCommand(runId, { type: "add_pod", manifest });
      setName("");
    } catch (err) {
      if (err instanceof ApiError) {
        setError(err.message);
        const fe: Record<string, string> = {};
        for (const x of err.errors) fe[x.field.replace(/^manifest\./, "")] = x.message;
        setFieldErrors(fe);
      } else setError(String(err));
    }
  };
  const options = [{ value: "", label: t("run.addPod.noClass") }, ...[...priorityClasses].sort((a, b) => b.value - a.value).map((c) => ({ value: c.name, label: `${c.name} (${c.value})` }))];
  const fe = (suffix: string) => Object.entries(fieldErrors).find(([k]) => k.endsWith(suffix))?.[1];
  return (
    <form className="add-pod" onSubmit={submit} aria-label={t("run.addPod.label")}>
      <h3>{t("run.addPod.title")}</h3>
      <TextField label={t("run.addPod.name")} value={name} onChange={setName} error={fe("metadata.name")} />
      <SelectField label="PriorityClass" value={pc} options={options} onChange={setPc} error={fe("priorityClassName")} />
      <TextField label={t("run.addPod.cpu")} value={cpu} onChange={setCpu} error={fe("requests.cpu")} />
      <TextField label={t("run.addPod.memory")} value={memory} onChange={setMemory} error={fe("requests.memory")} />
      <button type="submit" disabled={disabled || !name}>
        {t("run.addPod.submit")}
      </button>
      {error && (
        <p role="alert" className="field__error">
          {error}
        </p>
      )}
    </form>
  );
}
