import { memo } from "react";
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
  const state = `${variant === "ghost" ? ", nominated" : ""}${variant === "terminating" ? ", terminating" : ""}`;
  return (
    <button
      type="button"
      className={`pod-chip pod-chip--${variant} ${selected ? "pod-chip--selected" : ""}`}
      style={{ "--pod-color": color } as React.CSSProperties}
      aria-pressed={selected}
      title={`${shortKey(podKey)} (${priorityClassName || "no class"}, priority ${priority})${state}`}
      onClick={() => onSelect?.(podKey)}
    >
      <span className="pod-chip__name">{shortKey(podKey)}</span>{" "}
      <span className="pod-chip__class">{priorityClassName || "no class"}</span>
      {note && <> <span className="pod-chip__note">{note}</span></>}
      <span className="sr-only">{`(priority ${priority}${state})`}</span>
    </button>
  );
});
