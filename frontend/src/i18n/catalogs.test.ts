// The catalogs agree: every key of one is in the other (plural forms as each language's plural
// rules need them), the same {{placeholders}} and <tags>, and every Chinese text is Chinese.
import { describe, expect, it } from "vitest";
import en from "./locales/en.json";
import zh from "./locales/zh-CN.json";
import { pickLanguage } from "./index";

type Catalog = { [key: string]: string | Catalog };
const PLURAL = /_(zero|one|two|few|many|other)$/;
const HAN = /[\u3400-\u4dbf\u4e00-\u9fff]/;

function flatten(catalog: Catalog, prefix = ""): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(catalog)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === "string") out.set(path, value);
    else for (const [k, v] of flatten(value, path)) out.set(k, v);
  }
  return out;
}

/** key -> its plural categories ([] for a key without plural forms). */
function keys(flat: Map<string, string>): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const key of flat.keys()) {
    const base = key.replace(PLURAL, "");
    const forms = out.get(base) ?? [];
    if (PLURAL.test(key)) forms.push(PLURAL.exec(key)![1]);
    out.set(base, forms);
  }
  return out;
}

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)/g), ...text.matchAll(/<(\w+)>/g)].map((m) => m[0].replace(/\s/g, "")).sort();

const catalogs = { en: flatten(en as Catalog), "zh-CN": flatten(zh as Catalog) };

describe("the catalogs", () => {
  it("have the same keys", () => {
    const a = [...keys(catalogs.en).keys()].sort();
    const b = [...keys(catalogs["zh-CN"]).keys()].sort();
    expect(b.filter((k) => !a.includes(k)), "in zh-CN.json only").toEqual([]);
    expect(a.filter((k) => !b.includes(k)), "in en.json only").toEqual([]);
  });

  it.each(Object.keys(catalogs) as (keyof typeof catalogs)[])("%s has every plural form its language needs, and no other", (language) => {
    const needed = new Intl.PluralRules(language).resolvedOptions().pluralCategories.slice().sort();
    for (const [key, forms] of keys(catalogs[language])) {
      if (forms.length) expect(forms.slice().sort(), key).toEqual(needed);
    }
  });

  it("use the same placeholders and tags in both languages", () => {
    for (const [key, text] of catalogs.en) {
      const base = key.replace(PLURAL, "");
      const other = catalogs["zh-CN"].get(key) ?? catalogs["zh-CN"].get(`${base}_other`);
      if (other !== undefined) expect(placeholders(other), key).toEqual(placeholders(text));
    }
  });

  it("never name a <Trans> tag after an HTML void element (the parser drops its content: <link>text</link> lost its link)", () => {
    const VOID = /<(area|base|br|col|embed|hr|img|input|link|meta|source|track|wbr)>/;
    const broken = Object.values(catalogs).flatMap((c) => [...c].filter(([, text]) => VOID.test(text)).map(([key]) => key));
    expect(broken).toEqual([]);
  });

  it("say every Chinese text in Chinese", () => {
    const english = [...catalogs["zh-CN"]].filter(([, text]) => !HAN.test(text)).map(([key]) => key);
    expect(english).toEqual([]);
  });
});

describe("the browser's language", () => {
  it.each([
    [["zh-CN", "en"], "zh-CN"],
    [["zh-TW"], "zh-CN"],
    [["zh"], "zh-CN"],
    [["en-GB", "zh-CN"], "en"],
    [["fr-FR", "zh-Hans-CN"], "zh-CN"],
    [["fr-FR", "de"], "en"],
    [[], "en"],
  ])("%j reads %s", (preferred, language) => {
    expect(pickLanguage(preferred)).toBe(language);
  });
});
