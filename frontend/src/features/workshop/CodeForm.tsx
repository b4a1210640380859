import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";

/** Type the code the instructor shows (any case; spaces ignored). */
export function CodeForm({ onCode }: { onCode(code: string): void }) {
  const { t } = useTranslation();
  const [code, setCode] = useState("");
  const clean = code.replace(/\s+/g, "").toUpperCase();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (clean) onCode(clean);
  };
  return (
    <form onSubmit={submit} aria-label={t("workshop.join.title")}>
      <div className="field">
        <label htmlFor="workshop-code">{t("workshop.join.code")}</label>
        <input id="workshop-code" value={code} maxLength={16} autoCapitalize="characters" onChange={(e) => setCode(e.target.value)} autoFocus />
      </div>
      <button type="submit" className="button--primary" disabled={!clean}>
        {t("workshop.join.continue")}
      </button>
    </form>
  );
}
