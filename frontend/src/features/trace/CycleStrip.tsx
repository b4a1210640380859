import type { Profile } from "@/protocol/events";
import type { CycleRecord } from "@/protocol/state";
import { cycleStrip } from "./cycleStrip";

const notModelled = (note: string) => note.startsWith("Not modelled");

/** The selected cycle through every extension point, in upstream order. */
export function CycleStrip({ record, profile }: { record: CycleRecord; profile: Profile | null }) {
  const points = cycleStrip(record, profile);
  return (
    <div className="cycle-strip-wrap">
      <h3>Extension points, cycle {record.cycle}</h3>
      <ol className="cycle-strip" data-testid="cycle-strip" aria-label={`Extension points of cycle ${record.cycle}`}>
        {points.map((pt) => (
          <li key={pt.point} className={`cycle-strip__point cycle-strip__point--${pt.phase}`} data-point={pt.point}>
            <strong className="cycle-strip__name">{pt.point}</strong>
            {pt.cells.length === 0 && !pt.note && <span className="muted"> no plugin</span>}
            {pt.cells.length > 0 && (
              <ul className="cycle-strip__plugins">
                {pt.cells.map((c) => (
                  <li key={c.plugin} data-plugin={c.plugin} data-status={c.status} className={`strip-status strip-status--${c.status.replace(/ /g, "-")}`} title={c.detail || undefined}>
                    {c.plugin}: <span className="strip-status__code">{c.status}</span>
                    {c.detail && <span className="strip-status__detail"> — {c.detail}</span>}
                  </li>
                ))}
              </ul>
            )}
            {pt.note && (
              <p className={`cycle-strip__note${notModelled(pt.note) ? " strip-status--not-modelled" : ""}`} data-status={notModelled(pt.note) ? "not modelled" : undefined}>
                {pt.note}
              </p>
            )}
          </li>
        ))}
      </ol>
    </div>
  );
}
