import type { ReactNode } from "react";

interface Props {
  title: string;
  kind: string;
  errors?: Record<string, string>;
  readOnly: boolean;
  onRemove(): void;
  actions?: ReactNode;
  children: ReactNode;
}

/** One manifest as a card; errors the API reported for paths without a form field are listed at the bottom. */
export function ObjectCard({ title, kind, errors, readOnly, onRemove, actions, children }: Props) {
  return (
    <article className={`object-card ${errors && Object.keys(errors).length ? "object-card--error" : ""}`} aria-label={`${kind} ${title}`}>
      <header className="object-card__head">
        <h4>{title || `(unnamed ${kind})`}</h4>
        {!readOnly && (
          <div className="object-card__actions">
            {actions}
            <button type="button" className="button--danger" onClick={onRemove} aria-label={`Remove ${kind} ${title}`}>
              Remove
            </button>
          </div>
        )}
      </header>
      <div className="object-card__body">{children}</div>
    </article>
  );
}
