import type { WorkshopState } from "./state";

interface Props {
  state: WorkshopState;
  busy: boolean;
  onTry(): void;
  onBack(): void;
}

/** Where the student is: following the instructor, or on their own run; and the way across. */
export function StudentBar({ state, busy, onTry, onBack }: Props) {
  const { workshop, me } = state;
  if (!workshop || !me) return null;
  const following = me.mode === "following";
  const step = workshop.position.step;
  return (
    <div className="workshop-bar" role="region" aria-label="Workshop">
      <strong>{workshop.title}</strong>
      <span>
        {me.name} · code {workshop.code} · connection: {state.socket}
      </span>
      {workshop.status === "ended" ? (
        <span role="status">The workshop has ended.</span>
      ) : following ? (
        <>
          <span className="badge badge--following" role="status">
            Following the instructor{step ? ` · step ${step}` : ""}
          </span>
          <button type="button" onClick={onTry} disabled={busy || workshop.locked}>
            Try it myself
          </button>
          {workshop.locked && <span className="muted">The instructor has locked the class: everyone follows for now.</span>}
        </>
      ) : (
        <>
          <span role="status">On your own run {me.ownRun}</span>
          <button type="button" className="button--primary" onClick={onBack} disabled={busy}>
            Back to the class
          </button>
        </>
      )}
    </div>
  );
}
