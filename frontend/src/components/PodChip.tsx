import { memo } from "react";
import { useTranslation } from "react-i18next";
import { shortKey } from "@/lib/format";

interface Props {
  podKey: string;
  priorityClassName: string;
  priority: number;
  color: string;
  variant?: "bound" | "ghost" | "terminating" | "queued";
  note?: string;
  selected?: boolean;
  onSelect?(key: string): void;
}

/**
 * A pod: coloured by PriorityClass and always labelled with its name and class. Its accessible name
 * starts with its visible text ("web low"), then what only the colour and border say (WCAG 2.5.3): "web low (priority 100, terminating)".
 */
export const PodChip = memo(function PodChip({ podKey, priorityClassName, priority, color, variant = "bound", note, selected, onSelect }: Props) {
  const { t } = useTranslation();
  const state = variant === "ghost" ? t("run.pod.nominatedState") : variant === "terminating" ? t("run.pod.terminatingState") : "";
  const className = priorityClassName || t("run.pod.noClass");
  return (
    <button
      type="button"
      className={`pod-chip pod-chip--${variant} ${selected ? "pod-chip--selected" : ""}`}
      style={{ "--pod-color": color } as React.CSSProperties}
      aria-pressed={selected}
      title={t("run.pod.title", { pod: shortKey(podKey), class: className, priority, state })}
      onClick={() => onSelect?.(podKey)}
    >
      {/* The pod's and its PriorityClass's names, as the API has them. */}
      <span className="pod-chip__name" translate="no">{shortKey(podKey)}</span>{" "}
      <span className="pod-chip__class" translate={priorityClassName ? "no" : undefined}>{className}</span>
      {note && <> <span className="pod-chip__note">{note}</span></>}
      <span className="sr-only">{t("run.pod.srState", { priority, state })}</span>
    </button>
  );
});
