/**
 * The words of a "Saving Throw" line, English and French SRD (RULES.md R1–R8), folded by {@link fold}:
 * lower case, no accents, no trailing full stop ("Réflexes" → "reflexes", "Fort." → "fort").
 */
import type { SaveEffect, SaveKind } from "./types";

/** The effects a line can name after a save; R5 "none" is read separately (it is also a subject). */
export type NamedEffect = Exclude<SaveEffect, "none" | "special">;

/** Words that join the parts of a line. "but" is filler ("Will negates, but see below"). */
export type LinkWord = "or" | "and" | "then" | "but";

export function fold(word: string): string {
  return word
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/\.$/u, "");
}

/** R1: the three saves, with the SRD abbreviations. */
export const SAVE_WORDS: ReadonlyMap<string, SaveKind> = new Map<string, SaveKind>([
  ["fortitude", "fort"],
  ["fort", "fort"],
  ["vigueur", "fort"],
  ["vig", "fort"],
  ["reflex", "ref"],
  ["reflexes", "ref"],
  ["reflexe", "ref"],
  ["ref", "ref"],
  ["will", "will"],
  ["volonte", "will"],
  ["vol", "will"],
]);

/**
 * R2 negates, R3 partial, R4 half, R6 disbelief, as phrases of one or more folded words. Typos seen in
 * the compendia ("halfes", "negate") are listed on purpose.
 */
export const EFFECT_PHRASES: readonly (readonly [string, NamedEffect])[] = [
  ["negates", "negates"],
  ["negate", "negates"],
  ["negated", "negates"],
  ["annule", "negates"],
  ["annulation", "negates"],
  ["partial", "partial"],
  ["partiel", "partial"],
  ["partielle", "partial"],
  ["half", "half"],
  ["halves", "half"],
  ["halfes", "half"],
  ["halve", "half"],
  ["for half", "half"],
  ["half damage", "half"],
  ["1/2", "half"],
  ["½", "half"],
  ["1/2 damage", "half"],
  ["½ damage", "half"],
  ["1/2 degats", "half"],
  ["½ degats", "half"],
  ["degats reduits de moitie", "half"],
  ["reduits de moitie", "half"],
  ["reduit de moitie", "half"],
  ["moitie", "half"],
  ["disbelief", "disbelief"],
  ["disbelieve", "disbelief"],
  ["disbelieves", "disbelief"],
  ["devoile", "disbelief"],
  ["devoilement", "disbelief"],
];

/** R5: no save is allowed. */
export const NONE_WORDS: ReadonlySet<string> = new Set(["none", "no", "aucun", "aucune", "non"]);

/** "yes": the line says there is a save but not which one. */
export const YES_WORDS: ReadonlySet<string> = new Set(["yes", "oui"]);

export const LINK_PHRASES: readonly (readonly [string, LinkWord])[] = [
  ["or", "or"],
  ["ou", "or"],
  ["and", "and"],
  ["&", "and"],
  ["et", "and"],
  ["then", "then"],
  ["and then", "then"],
  ["puis", "then"],
  ["et puis", "then"],
  ["ensuite", "then"],
  ["but", "but"],
  ["mais", "but"],
];

/** A word that starts a reference to the spell text: "see text", "voir description", "cf. texte". */
export const SEE_STARTERS: ReadonlySet<string> = new Set(["see", "voir", "cf"]);

/**
 * The usual ways to defer to the spell text. Any other reference ("see curse text") also defers, and is
 * kept in `references` so that the GM sees where to look.
 */
export const STANDARD_SEE_PHRASES: ReadonlySet<string> = new Set([
  "see text",
  "see the text",
  "see below",
  "see above",
  "see description",
  "see the description",
  "see spell description",
  "voir texte",
  "voir le texte",
  "voir description",
  "voir la description",
  "voir ci-dessous",
  "voir ci-dessus",
  "voir plus bas",
  "cf texte",
  "cf description",
  "cf ci-dessous",
]);

/** Single words that mean "the text decides". */
export const SEE_WORDS: ReadonlySet<string> = new Set(["varies", "variable", "special", "speciale"]);

/** R8 and R7 inside parentheses. */
export const HARMLESS_WORDS: ReadonlySet<string> = new Set(["harmless", "inoffensif", "inoffensive", "inoffensifs"]);
export const OBJECT_WORDS: ReadonlySet<string> = new Set(["object", "objects", "objet", "objets"]);

/** Whether a phrase of folded words defers to the text (a standard phrase or a see-word). */
export function isStandardSeePhrase(folded: string): boolean {
  return STANDARD_SEE_PHRASES.has(folded) || SEE_WORDS.has(folded);
}
