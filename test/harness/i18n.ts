import { readFileSync, existsSync } from "node:fs";
import { join } from "node:path";
import { flattenObject, getProperty, str, type Data } from "./utils";

export type Translations = Record<string, Record<string, string>>;

/** The few core keys the harness's own CONFIG refers to. */
const CORE: Translations = {
  en: { "CHAT.RollPublic": "Public Roll", "CHAT.RollPrivate": "Private GM Roll", "CHAT.RollBlind": "Blind GM Roll", "CHAT.RollSelf": "Self Roll" },
  fr: { "CHAT.RollPublic": "Jet public", "CHAT.RollPrivate": "Jet privé (MJ)", "CHAT.RollBlind": "Jet aveugle (MJ)", "CHAT.RollSelf": "Jet personnel" },
};

/** Load lang/<lang>.json of the module (nested keys flattened, as Foundry does) over a few core keys. */
export function loadTranslations(root: string, langs: string[]): Translations {
  const out: Translations = {};
  for (const lang of langs) {
    const path = join(root, "lang", `${lang}.json`);
    const raw = existsSync(path) ? (JSON.parse(readFileSync(path, "utf8")) as Data) : {};
    out[lang] = { ...(CORE[lang] ?? {}), ...Object.fromEntries(Object.entries(flattenObject(raw)).map(([k, v]) => [k, str(v)])) };
  }
  return out;
}

/**
 * One client's `game.i18n`: `localize` and `format` read the client's language, falling back to English,
 * and return the key itself when it is missing (recorded in `missing`, shared by the world, so a test can
 * assert that no key of the module is missing).
 */
export class I18n {
  constructor(
    readonly lang: string,
    private readonly translations: Translations,
    private readonly missing: Set<string>,
  ) {}

  private lookup(key: string): string | undefined {
    return this.translations[this.lang]?.[key] ?? this.translations.en?.[key];
  }

  has(key: string, fallback = true): boolean {
    return (fallback ? this.lookup(key) : this.translations[this.lang]?.[key]) !== undefined;
  }

  localize(key: string): string {
    const value = this.lookup(key);
    if (value === undefined) {
      this.missing.add(key);
      return key;
    }
    return value;
  }

  format(key: string, data: Data = {}): string {
    const template = this.localize(key);
    return template.replace(/{([^}]+)}/g, (match, name: string) => {
      const value = getProperty(data, name);
      return value === undefined ? match : str(value);
    });
  }
}
