// English / 简体中文 in the header of every page: switches at once, and keeps the choice with the
// person on the server (a visitor becomes a guest to keep it), so it follows them to other browsers.
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "@/lib/api";
import { saveLanguage, type Me } from "@/lib/session";
import { isLanguage, LANGUAGE_NAMES, LANGUAGES, switchLanguage, type Language } from "@/i18n";

interface Props {
  me: Me | null;
  onSaved(me: Me): void;
}

export function LanguageSwitch({ me, onSaved }: Props) {
  const { t, i18n } = useTranslation();
  const [error, setError] = useState<string | null>(null);
  useServersChoice(me?.language ?? null);
  const choose = async (language: Language) => {
    setError(null);
    await switchLanguage(language);
    try {
      onSaved(await saveLanguage(language));
    } catch (e) {
      setError(t("shell.languageNotSaved", { error: e instanceof ApiError ? e.message : String(e) }));
    }
  };
  const current = isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : "en";
  return (
    <span className="language-switch">
      <select aria-label={t("shell.language")} value={current} onChange={(e) => isLanguage(e.target.value) && void choose(e.target.value)}>
        {LANGUAGES.map((language) => (
          <option key={language} value={language} lang={language}>
            {LANGUAGE_NAMES[language]}
          </option>
        ))}
      </select>
      {error && <span role="alert">{error}</span>}
    </span>
  );
}

/** The person's stored choice wins over this browser's guess: applied when it arrives or changes
 * (signing in on a new browser), not on every refetch (a switch in progress is not undone). */
function useServersChoice(chosen: Language | null): void {
  const seen = useRef<Language | null>(null);
  useEffect(() => {
    if (chosen === null || chosen === seen.current) return;
    seen.current = chosen;
    void switchLanguage(chosen);
  }, [chosen]);
}
