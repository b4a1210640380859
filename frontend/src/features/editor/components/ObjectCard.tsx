import { useId, type ReactNode } from "react";
import { Trans, useTranslation } from "react-i18next";

interface Props {
  title: string;
  kind: string;
  errors?: Record<string, string>;
  readOnly: boolean;
  onRemove(): void;
  actions?: ReactNode;
  children: ReactNode;
}

/** "Add 3 like web" for a card's copies button: the object's name verbatim; "like this" when it has none. */
export function AddLike({ count, name }: { count: string; name: string }) {
  const { t } = useTranslation();
  if (!name) return <>{t("editor.addLikeThis", { n: count })}</>;
  return <Trans i18nKey="editor.addLike" values={{ n: count, name }} components={{ name: <span translate="no" /> }} />;
}

/**
 * One manifest as a card, named by its kind and name ("Pod web", verbatim in every language);
 * errors the API reported for paths without a form field are listed at the bottom.
 */
export function ObjectCard({ title, kind, errors, readOnly, onRemove, actions, children }: Props) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <article className={`object-card ${errors && Object.keys(errors).length ? "object-card--error" : ""}`} aria-labelledby={`${id}-name`}>
      <header className="object-card__head">
        <h4 id={`${id}-name`}>
          <span className="sr-only" translate="no">
            {kind}
          </span>{" "}
          {title ? <span translate="no">{title}</span> : t("editor.unnamed", { kind })}
        </h4>
        {!readOnly && (
          <div className="object-card__actions">
            {actions}
            <button type="button" id={`${id}-remove`} className="button--danger" onClick={onRemove} aria-labelledby={`${id}-remove ${id}-name`}>
              {t("editor.remove")}
            </button>
          </div>
        )}
      </header>
      <div className="object-card__body">{children}</div>
    </article>
  );
}
