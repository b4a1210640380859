import { memo, useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { formatNumber } from "@/i18n/format";

export interface Choice {
  value: string;
  label: string;
  /** Kubernetes' own text (a node's or a pod's name): never translated. */
  verbatim?: boolean;
}

interface Props {
  id: string;
  value: string;
  onChange(value: string): void;
  /** How many choices there are. The list itself is asked for only when it is drawn. */
  count: number;
  choices(): readonly Choice[];
  /** The select's first option ("" value) / the search box's placeholder. */
  placeholder?: string;
  disabled?: boolean;
  /** aria-describedby: the field's error message. */
  describedBy?: string;
}

/** Above this many choices a select is a search box with suggestions: 11,000 options re-drawn
 * on every event batch were most of a big run's frame (docs/benchmarks.md, browser). */
export const SELECT_AT_MOST = 200;
const SUGGESTIONS = 50;

/** A node or pod chooser: a select for a small cluster, a search box for a big one. */
export const ObjectPicker = memo(function ObjectPicker(props: Props) {
  const { id, value, onChange, count, choices, placeholder, disabled, describedBy } = props;
  if (count <= SELECT_AT_MOST) {
    return (
      <select id={id} value={value} disabled={disabled} aria-invalid={describedBy ? true : undefined} aria-describedby={describedBy} onChange={(e) => onChange(e.target.value)}>
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {choices().map((c) => (
          <option key={c.value} value={c.value} translate={c.verbatim ? "no" : undefined}>
            {c.label}
          </option>
        ))}
      </select>
    );
  }
  return <SearchPicker {...props} />;
});

function SearchPicker({ id, value, onChange, count, choices, placeholder, disabled, describedBy }: Props) {
  const { t } = useTranslation();
  const [text, setText] = useState(value);
  const [opened, setOpened] = useState(0);
  // A value set from elsewhere (another control, a reset) shows, unless the user is typing here.
  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect -- where the focus is, the DOM's, is known only after rendering
    if (document.activeElement?.id !== id) setText(value);
  }, [value, id]);
  // Listed when the box gets the focus and at each keystroke, not on every state the run
  // streams: a pod added meanwhile is found from the next keystroke on.
  // eslint-disable-next-line react-hooks/exhaustive-deps -- choices changes with every state streamed: read per keystroke (above)
  const all = useMemo(() => (opened === 0 ? [] : choices()), [text, opened]);
  const suggestions = useMemo(() => {
    const q = text.trim().toLowerCase();
    const hits = q ? all.filter((c) => c.value.toLowerCase().includes(q) || c.label.toLowerCase().includes(q)) : all;
    return hits.slice(0, SUGGESTIONS);
  }, [all, text]);
  const pick = (typed: string) => {
    setText(typed);
    const hit = all.find((c) => c.value === typed || c.label === typed);
    onChange(hit ? hit.value : "");
  };
  return (
    <>
      <input
        id={id}
        type="search"
        list={`${id}-choices`}
        value={text}
        placeholder={`${placeholder ?? t("common.search")} (${formatNumber(count)})`}
        autoComplete="off"
        disabled={disabled}
        aria-invalid={describedBy ? true : undefined}
        aria-describedby={describedBy}
        onFocus={() => setOpened((n) => n + 1)}
        onChange={(e) => pick(e.target.value)}
      />
      <datalist id={`${id}-choices`}>
        {suggestions.map((c) => (
          <option key={c.value} value={c.value} translate={c.verbatim ? "no" : undefined}>
            {c.label}
          </option>
        ))}
      </datalist>
    </>
  );
}
