// The one moment a token's key is visible: copy it, see how to use it, then it is gone.
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { NewApiToken } from "./api";

type CopyState = "idle" | "copied" | "failed";

export function NewTokenNotice({ token, onDismiss }: { token: NewApiToken; onDismiss(): void }) {
  const { t } = useTranslation();
  const [copy, setCopy] = useState<CopyState>("idle");
  const keyRef = useRef<HTMLInputElement>(null);
  useEffect(() => keyRef.current?.focus(), []);
  const origin = window.location.origin;
  const copyKey = async () => {
    try {
      await navigator.clipboard.writeText(token.key);
      setCopy("copied");
    } catch {
      keyRef.current?.select();
      setCopy("failed");
    }
  };
  return (
    <section className="new-token" aria-labelledby="new-token-title">
      <h3 id="new-token-title">{t("account.tokens.newTitle", { name: token.name })}</h3>
      <p className="new-token__warning">
        <strong>{t("account.tokens.copyNow")}</strong> {t("account.tokens.hashOnly")}
      </p>
      <div className="field">
        <label htmlFor="new-token-key">{t("account.tokens.keyLabel")}</label>
        <div className="new-token__key">
          <input id="new-token-key" ref={keyRef} className="mono" readOnly value={token.key} onFocus={(e) => e.target.select()} size={56} />
          <button type="button" onClick={copyKey}>
            {t(`account.tokens.copy.${copy}`)}
          </button>
        </div>
      </div>
      <p>{t("account.tokens.useIt")}</p>
      <pre className="mono">
        <code>{`curl -H "Authorization: Token ${token.key}" \\\n  "${origin}/api/scenarios/?scope=mine"`}</code>
      </pre>
      <pre className="mono">
        <code>{`python examples/scripted_scenario.py --url ${origin} --token ${token.key}`}</code>
      </pre>
      <button type="button" onClick={onDismiss}>
        {t("account.tokens.dismiss")}
      </button>
    </section>
  );
}
