import { useTranslation } from "react-i18next";
import type { WorkshopState } from "./state";

interface Props {
  state: WorkshopState;
  busy: boolean;
  onTry(): void;
  onBack(): void;
}

/** Where the student is: following the instructor, or on their own run; and the way across. */
export function StudentBar({ state, busy, onTry, onBack }: Props) {
  const { t } = useTranslation();
  const { workshop, me } = state;
  if (!workshop || !me) return null;
  const following = me.mode === "following";
  const step = workshop.position.step;
  return (
    <div className="workshop-bar" role="region" aria-label={t("workshop.student.label")}>
      <strong translate="no">{workshop.title}</strong>
      <span>
        <span translate="no">{me.name}</span> · {t("workshop.student.code", { code: workshop.code })} · {t("workshop.host.connection", { socket: t(`run.socket.${state.socket}`) })}
      </span>
      {workshop.status === "ended" ? (
        <span role="status">{t("workshop.ended")}</span>
      ) : following ? (
        <>
          <span className="badge badge--following" role="status">
            {step ? t("workshop.student.followingStep", { step }) : t("workshop.student.following")}
          </span>
          <button type="button" onClick={onTry} disabled={busy || workshop.locked}>
            {t("workshop.student.try")}
          </button>
          {workshop.locked && <span className="muted">{t("workshop.student.locked")}</span>}
        </>
      ) : (
        <>
          <span role="status">{t("workshop.student.own", { run: me.ownRun })}</span>
          <button type="button" className="button--primary" onClick={onBack} disabled={busy}>
            {t("workshop.student.back")}
          </button>
        </>
      )}
    </div>
  );
}
