import { useState, type FormEvent } from "react";
import { Trans, useTranslation } from "react-i18next";
import { ApiError } from "@/lib/api";
import { joinWorkshop } from "./api";

/** A display name is all a student gives: no account, no password. */
export function JoinForm({ code, title, onJoined }: { code: string; title: string; onJoined(): void }) {
  const { t, i18n } = useTranslation();
  const [name, setName] = useState("");
  const [error, setError] = useState<string | null>(null);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    try {
      await joinWorkshop(code, name, i18n.resolvedLanguage);
      onJoined();
    } catch (err) {
      setError(err instanceof ApiError ? (err.errors[0]?.message ? `${err.errors[0].field}: ${err.errors[0].message}` : err.message) : String(err));
    }
  };
  return (
    <main className="page">
      <h1>
        <Trans i18nKey="workshop.join.titleOf" values={{ title }} components={{ title: <span translate="no" /> }} />
      </h1>
      <form onSubmit={submit} className="join-form">
        <div className="field">
          <label htmlFor="join-name">{t("workshop.join.name")}</label>
          <input id="join-name" value={name} maxLength={40} onChange={(e) => setName(e.target.value)} autoFocus />
        </div>
        <button type="submit" className="button--primary" disabled={!name.trim()}>
          {t("workshop.join.submit")}
        </button>
        {error && (
          <p role="alert" className="field__error" lang="en">
            {error}
          </p>
        )}
      </form>
    </main>
  );
}
