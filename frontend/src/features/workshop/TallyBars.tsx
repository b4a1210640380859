import { useTranslation } from "react-i18next";
import { shortKey } from "@/lib/format";
import { tallyBars, type Tally } from "./state";

/** One bar per answer given, with the count; the correct answer (once known) is marked. */
export function TallyBars({ tally, answer, label }: { tally: Tally; answer?: string; label: string }) {
  const { t } = useTranslation();
  const bars = tallyBars(tally);
  return (
    <figure className="tally" aria-label={label}>
      <figcaption>
        {t("workshop.tally.answered", { count: tally.answered })}
      </figcaption>
      <ul>
        {bars.map((b) => (
          <li key={b.choice} className={b.choice === answer ? "tally__bar tally__bar--right" : "tally__bar"}>
            <span className="tally__label" translate="no">
              {shortKey(b.choice)}
              {b.choice === answer ? " ✓" : ""}
            </span>
            <span className="tally__track" aria-hidden="true">
              <span className="tally__fill" style={{ width: `${Math.round(b.share * 100)}%` }} />
            </span>
            <span className="tally__count">{b.count}</span>
          </li>
        ))}
      </ul>
    </figure>
  );
}
