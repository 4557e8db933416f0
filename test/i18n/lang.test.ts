import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

type Tree = { [key: string]: string | Tree };

function load(lang: string): Tree {
  return JSON.parse(readFileSync(join("lang", `${lang}.json`), "utf8")) as Tree;
}

function flatten(tree: Tree, prefix = ""): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    if (typeof value === "string") out.set(prefix + key, value);
    else for (const [k, v] of flatten(value, `${prefix}${key}.`)) out.set(k, v);
  }
  return out;
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && /\.(ts|hbs)$/.test(e.name))
    .map((e) => join(e.parentPath, e.name));
}

const en = flatten(load("en"));
const fr = flatten(load("fr"));

/** Keys the code builds from a variable: every member of each family must exist. */
const FAMILIES: Record<string, readonly string[]> = {
  "D20SS.Save": ["fort", "ref", "will"],
  "D20SS.SaveRoll": ["fort", "ref", "will"],
  "D20SS.Effect": ["negates", "partial", "half", "disbelief", "none", "special"],
  "D20SS.OnSuccess": ["negates", "partial", "half", "disbelief", "none", "special"],
  "D20SS.Status": ["waiting", "done", "saved", "failed", "waived", "gone"],
  "D20SS.DcTerm": ["base", "spellLevel", "ability", "item", "heightened", "dcFormula", "spellDC", "schoolDC"],
  "D20SS.Ability": ["str", "dex", "con", "int", "wis", "cha"],
  "D20SS.School": ["abj", "con", "div", "enc", "evo", "ill", "nec", "trs", "uni", "misc"],
  "D20SS.DamageType": [
    "acid",
    "cold",
    "electricity",
    "fire",
    "sonic",
    "force",
    "positive",
    "negative",
    "untyped",
    "bludgeoning",
    "piercing",
    "slashing",
    "nonlethal",
    "healing",
  ],
  "D20SS.Refusal": ["closed", "unknownTarget", "alreadySaved", "notOwner", "notApplied", "alreadyApplied", "invalidReport", "gone", "promptOpen", "notAsked"],
  "D20SS.NoSession": ["noTargets", "unreadable"],
};

describe("translations", () => {
  it("English and French have exactly the same keys", () => {
    expect([...fr.keys()].sort()).toEqual([...en.keys()].sort());
  });

  it("no translation is empty, and placeholders match between the languages", () => {
    for (const [key, text] of en) {
      expect(text.trim(), key).not.toBe("");
      const placeholders = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
      expect(placeholders(fr.get(key) ?? ""), key).toEqual(placeholders(text));
    }
  });

  it("every key written in the code and templates exists", () => {
    const used = new Set<string>();
    for (const file of [...filesUnder("src"), ...filesUnder("templates")]) {
      const text = readFileSync(file, "utf8");
      for (const m of text.matchAll(/"(D20SS\.[A-Za-z]+(?:\.[A-Za-z]+)+)"/g)) used.add(m[1] ?? "");
      for (const m of text.matchAll(/\bt\("([A-Z][A-Za-z]+\.[A-Za-z.]+)"/g)) used.add(`D20SS.${m[1] ?? ""}`);
      for (const m of text.matchAll(/key: "([A-Z][A-Za-z]+\.[A-Za-z.]+)"/g)) used.add(`D20SS.${m[1] ?? ""}`);
    }
    for (const [family, members] of Object.entries(FAMILIES)) for (const m of members) used.add(`${family}.${m}`);
    expect(used.size).toBeGreaterThan(60);
    const missing = [...used].filter((key) => !en.has(key));
    expect(missing).toEqual([]);
  });
});
