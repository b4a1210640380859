import { useTranslation } from "react-i18next";
import type { Profile } from "@/protocol/events";
import type { CycleRecord } from "@/protocol/state";
import { cycleStrip, type StripStatus } from "./cycleStrip";

/** Upstream's status codes (Success, Unschedulable, …) are shown as the framework names them; the strip's own words are translated. */
const OWN_WORDS: ReadonlySet<StripStatus> = new Set(["no status", "not run", "not recorded", "not yet", "not modelled"]);

/** The selected cycle through every extension point, in upstream order. */
export function CycleStrip({ record, profile }: { record: CycleRecord; profile: Profile | null }) {
  const { t } = useTranslation();
  const points = cycleStrip(record, profile);
  return (
    <div className="cycle-strip-wrap">
      <h3>{t("run.strip.title", { cycle: record.cycle })}</h3>
      <ol className="cycle-strip" data-testid="cycle-strip" aria-label={t("run.strip.label", { cycle: record.cycle })}>
        {points.map((pt) => (
          <li key={pt.point} className={`cycle-strip__point cycle-strip__point--${pt.phase}`} data-point={pt.point}>
            <strong className="cycle-strip__name" translate="no">
              {pt.point}
            </strong>
            {pt.cells.length === 0 && !pt.note && <span className="muted">{t("run.strip.noPlugin")}</span>}
            {pt.cells.length > 0 && (
              <ul className="cycle-strip__plugins">
                {pt.cells.map((c) => {
                  return (
                    <li key={c.plugin} data-plugin={c.plugin} data-status={c.status} className={`strip-status strip-status--${c.status.replace(/ /g, "-")}`} title={c.detail || undefined}>
                      <span translate="no">{c.plugin}</span>:{" "}
                      <span className="strip-status__code" translate={OWN_WORDS.has(c.status) ? undefined : "no"}>
                        {OWN_WORDS.has(c.status) ? t(`run.strip.status.${c.status}`) : c.status}
                      </span>
                      {c.detail && <span className="strip-status__detail"> — {c.detail}</span>}
                      {c.upstream && (
                        <span className="strip-status__detail">
                          {c.detail ? " " : " — "}
                          <span translate="no" data-k8s-verbatim="" lang="en" title={c.upstream}>
                            {c.upstream}
                          </span>
                        </span>
                      )}
                    </li>
                  );
                })}
              </ul>
            )}
            {pt.note && (
              <p className={`cycle-strip__note${pt.notModelled ? " strip-status--not-modelled" : ""}`} data-status={pt.notModelled ? "not modelled" : undefined}>
                {pt.note}
              </p>
            )}
          </li>
        ))}
      </ol>
    </div>
  );
}
