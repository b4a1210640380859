// The browser app's languages (issue 32): English, bundled, and Simplified Chinese, a catalog of
// its own fetched the first time it is needed. Strings live in ./locales/<language>.json, read with
// react-i18next's `useTranslation()` / `t("area.key")`; docs/development.md, "Strings and translations".
// Kubernetes' own texts (event messages, reasons, kubectl output, object names, quantities such as
// 500m or 2Gi) are never translated: they are shown as the API gives them.
import i18n, { type BackendModule, type ResourceKey } from "i18next";
import { initReactI18next } from "react-i18next";
import en from "./locales/en.json";

export const LANGUAGES = ["en", "zh-CN"] as const;
export type Language = (typeof LANGUAGES)[number];
/** Each language named in itself, as a language switch lists them. */
export const LANGUAGE_NAMES: Record<Language, string> = { en: "English", "zh-CN": "简体中文" };
/** This browser's last choice, read before the server's answer arrives (the server's wins). */
export const STORAGE_KEY = "language";

export function isLanguage(value: unknown): value is Language {
  return typeof value === "string" && (LANGUAGES as readonly string[]).includes(value);
}

/** The first of the browser's preferred languages (navigator.languages) that we speak; any Chinese reads zh-CN. */
export function pickLanguage(preferred: readonly string[]): Language {
  for (const tag of preferred) {
    const lower = tag.toLowerCase();
    if (lower === "en" || lower.startsWith("en-")) return "en";
    if (lower === "zh" || lower.startsWith("zh-")) return "zh-CN";
  }
  return "en";
}

function storedLanguage(): Language | null {
  try {
    const stored = localStorage.getItem(STORAGE_KEY);
    return isLanguage(stored) ? stored : null;
  } catch {
    return null; // storage refused (a privacy mode): the browser's languages decide
  }
}

export function initialLanguage(): Language {
  return storedLanguage() ?? pickLanguage(typeof navigator === "undefined" ? [] : navigator.languages ?? [navigator.language]);
}

/** English comes with the app; every other catalog is a chunk fetched on first use. */
const lazyCatalogs: BackendModule = {
  type: "backend",
  init() {},
  read(language, _namespace, callback) {
    if (language === "zh-CN")
      import("./locales/zh-CN.json").then(
        (m) => callback(null, m.default as ResourceKey),
        (e: unknown) => callback(e instanceof Error ? e : new Error(String(e)), null),
      );
    else callback(null, language === "en" ? (en as ResourceKey) : {});
  },
};

void i18n
  .use(lazyCatalogs)
  .use(initReactI18next)
  .init({
    lng: initialLanguage(),
    fallbackLng: "en",
    supportedLngs: [...LANGUAGES],
    load: "currentOnly",
    resources: { en: { translation: en } },
    partialBundledLanguages: true,
    initAsync: false,
    interpolation: { escapeValue: false }, // React escapes
    react: { useSuspense: false }, // a switch keeps the old language on screen until the new catalog is here
  });

function markDocument(language: string): void {
  if (typeof document !== "undefined") document.documentElement.lang = language;
}
markDocument(i18n.language);
i18n.on("languageChanged", markDocument);

/** Resolves once the current language's catalog is loaded (main.tsx waits for it before the first paint). */
export function ready(): Promise<unknown> {
  return i18n.loadLanguages(i18n.language);
}

/** Switch the app's language (fetching its catalog first) and remember it on this browser. */
export async function switchLanguage(language: Language): Promise<void> {
  await i18n.changeLanguage(language);
  try {
    localStorage.setItem(STORAGE_KEY, language);
  } catch {
    // not remembered on this browser; the server still keeps the person's choice
  }
}

export default i18n;
