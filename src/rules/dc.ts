/**
 * R9: the saving throw DC of a spell.
 *
 *   DC = 10 + spell level (for the casting class) + the caster's ability modifier (+ feats and effects)
 *
 * Items (wands, scrolls, staffs, potions) use 10 + spell level + floor(spell level / 2) unless the item
 * records its own DC.
 */
import { requireInteger, requireObject, requireOneOf, requireString } from "./errors";

export type CastingAbility = "int" | "wis" | "cha";

/** Which rules a class's casting ability is read from; only the paladin differs (3.5 Wis, PF1 Cha). */
export type Edition = "3.5" | "pf1";
export const EDITIONS = ["3.5", "pf1"] as const satisfies readonly Edition[];

/** R9: ability modifier from the *current* score (damage and drain already applied): floor((score-10)/2). */
export function abilityModifier(score: number): number {
  requireInteger("abilityModifier", "score", score, { min: 0 });
  return Math.floor((score - 10) / 2);
}

/**
 * Folds a class name for comparison: lower case, accents removed, everything but letters and digits
 * dropped. "Prêtre combattant" → "pretrecombattant", "summonerUnchained" → "summonerunchained".
 */
function fold(name: string): string {
  return name
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]/g, "");
}

interface ClassEntry {
  /** R9 casting ability; `pf1` overrides it where Pathfinder differs. */
  ability: CastingAbility;
  pf1?: CastingAbility;
  /** Names this class goes by, already folded: English, French, data keys, SRD abbreviations. */
  names: readonly string[];
}

/**
 * R9 table, keyed by a canonical class id (the pf1 data key where there is one).
 * 3.5 SRD: wizard Int; bard, sorcerer Cha; cleric, druid, paladin, ranger Wis; the SRD prestige classes
 * with their own spell lists (assassin Int, blackguard Wis) and the NPC adept (Wis).
 * PF1 (RULES.md R9 plus the other pf1 spellcasting classes found in data/spells-pf1.jsonl).
 */
const CLASSES = {
  wizard: { ability: "int", names: ["wizard", "wiz", "magicien"] },
  sorcerer: { ability: "cha", names: ["sorcerer", "sor", "ensorceleur"] },
  bard: { ability: "cha", names: ["bard", "brd", "barde"] },
  cleric: { ability: "wis", names: ["cleric", "clr", "clerc", "pretre"] },
  druid: { ability: "wis", names: ["druid", "drd", "druide"] },
  // PF1 paladins cast with Charisma (Core Rulebook), 3.5 paladins with Wisdom.
  paladin: { ability: "wis", pf1: "cha", names: ["paladin", "pal"] },
  ranger: { ability: "wis", names: ["ranger", "rgr", "rodeur"] },
  assassin: { ability: "int", names: ["assassin"] },
  blackguard: { ability: "wis", names: ["blackguard", "chevaliernoir"] },
  adept: { ability: "wis", names: ["adept", "adepte"] },
  // Pathfinder 1e
  oracle: { ability: "cha", names: ["oracle"] },
  summoner: { ability: "cha", names: ["summoner", "conjurateur"] },
  summonerUnchained: {
    ability: "cha",
    names: ["summonerunchained", "unchainedsummoner", "conjurateurdechaine"],
  },
  bloodrager: { ability: "cha", names: ["bloodrager", "sanguin"] },
  witch: { ability: "int", names: ["witch", "sorciere"] },
  magus: { ability: "int", names: ["magus"] },
  alchemist: { ability: "int", names: ["alchemist", "alchimiste"] },
  arcanist: { ability: "int", names: ["arcanist", "arcaniste"] },
  investigator: { ability: "int", names: ["investigator", "enqueteur"] },
  inquisitor: { ability: "wis", names: ["inquisitor", "inquisiteur"] },
  shaman: { ability: "wis", names: ["shaman", "chaman"] },
  hunter: { ability: "wis", names: ["hunter", "chasseur"] },
  warpriest: { ability: "wis", names: ["warpriest", "pretrecombattant"] },
  skald: { ability: "cha", names: ["skald", "scalde"] },
  psychic: { ability: "int", names: ["psychic", "psychiste"] },
  mesmerist: { ability: "cha", names: ["mesmerist", "hypnotiseur"] },
  occultist: { ability: "int", names: ["occultist", "occultiste"] },
  spiritualist: { ability: "wis", names: ["spiritualist", "spiritualiste", "spirite"] },
  medium: { ability: "cha", names: ["medium"] },
  antipaladin: { ability: "cha", names: ["antipaladin"] },
} as const satisfies Record<string, ClassEntry>;

/** A canonical spellcasting class id, e.g. `"cleric"`, `"summonerUnchained"`. */
export type CasterClassId = keyof typeof CLASSES;

const BY_NAME: ReadonlyMap<string, CasterClassId> = new Map(
  (Object.entries(CLASSES) as [CasterClassId, ClassEntry][]).flatMap(([id, entry]) =>
    entry.names.map((name): [string, CasterClassId] => [name, id]),
  ),
);

/**
 * The canonical id of a spellcasting class from any of its names (English or French, any case or
 * accents, pf1 data keys like `"summonerUnchained"`), or `undefined` for a name this table does not know
 * (a domain, a non-caster, a homebrew class).
 */
export function casterClassId(className: string): CasterClassId | undefined {
  requireString("casterClassId", "className", className);
  return BY_NAME.get(fold(className));
}

/**
 * R9: the ability a class casts with: Int, Wis or Cha.
 *
 * Returns `undefined` for an unknown class (documented, not an error): the caller then needs the
 * system's spellbook setting, which wins over this table anyway. `edition` matters only for the paladin
 * (Wis in 3.5, Cha in PF1); it defaults to the 3.5 SRD, as RULES.md R9 states it.
 */
export function castingAbility(className: string, edition: Edition = "3.5"): CastingAbility | undefined {
  requireString("castingAbility", "className", className);
  requireOneOf("castingAbility", "edition", edition, EDITIONS);
  const id = BY_NAME.get(fold(className));
  if (id === undefined) return undefined;
  const entry: ClassEntry = CLASSES[id];
  return edition === "pf1" ? (entry.pf1 ?? entry.ability) : entry.ability;
}

/**
 * R9: the level of a spell for the class that casts it, from a per-class level map such as the
 * `levels` of data/spells-*.jsonl (`{ Cleric: 1, Bard: 2 }`: cure light wounds).
 * Keys and `className` are compared by class (so "Prêtre" finds "Cleric"), or, for classes this module
 * does not know, by name ignoring case and accents. Returns `undefined` when the class does not have it.
 */
export function spellLevelFor(levels: Readonly<Record<string, number>>, className: string): number | undefined {
  const fn = "spellLevelFor";
  requireObject(fn, "levels", levels);
  requireString(fn, "className", className);
  const key = (name: string): string => BY_NAME.get(fold(name)) ?? `?${fold(name)}`;
  const wanted = key(className);
  if (wanted === "?") return undefined;
  for (const [name, level] of Object.entries(levels)) {
    if (key(name) === wanted) return requireInteger(fn, `levels[${JSON.stringify(name)}]`, level, { min: 0 });
  }
  return undefined;
}

/** A term of a DC. The built-in terms use the machine labels of {@link DC_TERM} (the UI localises them). */
export interface DcTerm {
  label: string;
  value: number;
}

/** Stable labels of the built-in R9 terms. */
export const DC_TERM = { base: "base", spellLevel: "spellLevel", ability: "ability" } as const;

/**
 * R9: `10 + spell level + ability modifier + bonuses`, with every term kept so the GM can see
 * `10 + 3 (level) + 4 (Int) + 1 (Spell Focus) = 18`. `dc` is the sum of `terms`.
 *
 * `spellLevel` has no upper bound: epic metamagic (Improved Heighten Spell) can exceed 9th level.
 * Bonuses keep their own labels and may be negative (a penalty).
 */
export function spellSaveDC(input: {
  spellLevel: number;
  abilityScore: number;
  bonuses?: readonly DcTerm[];
}): { dc: number; terms: DcTerm[] } {
  const fn = "spellSaveDC";
  requireObject(fn, "input", input);
  const spellLevel = requireInteger(fn, "spellLevel", input.spellLevel, { min: 0 });
  requireInteger(fn, "abilityScore", input.abilityScore, { min: 0 });
  const bonuses: unknown = input.bonuses ?? [];
  if (!Array.isArray(bonuses)) throw new TypeError(`${fn}: bonuses must be an array of { label, value }`);
  const terms: DcTerm[] = [
    { label: DC_TERM.base, value: 10 },
    { label: DC_TERM.spellLevel, value: spellLevel },
    { label: DC_TERM.ability, value: abilityModifier(input.abilityScore) },
  ];
  bonuses.forEach((bonus: unknown, i) => {
    const b = requireObject(fn, `bonuses[${i}]`, bonus);
    terms.push({
      label: requireString(fn, `bonuses[${i}].label`, b.label),
      value: requireInteger(fn, `bonuses[${i}].value`, b.value),
    });
  });
  return { dc: terms.reduce((sum, t) => sum + t.value, 0), terms };
}

/**
 * R9: the DC of a spell cast from an item (wand, scroll, staff, potion):
 * `10 + spell level + floor(spell level / 2)`, i.e. with the least ability modifier able to cast that
 * level. Use the item's own recorded DC instead when it has one.
 */
export function itemSpellDC(spellLevel: number): number {
  requireInteger("itemSpellDC", "spellLevel", spellLevel, { min: 0 });
  return 10 + spellLevel + Math.floor(spellLevel / 2);
}

