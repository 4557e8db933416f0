/**
 * The inside of a parenthesised group after a save: R7 "(object)"/"(objet)", R8 "(harmless)"/
 * "(inoffensif)", references to the text, and any other qualifier, kept as a note:
 * "(harmless, object)", "(object; see text)", "(on hit; see below)", "(if interacted with)".
 */
import { HARMLESS_WORDS, OBJECT_WORDS, SEE_STARTERS, SEE_WORDS, fold, isStandardSeePhrase } from "./lexicon";

export interface Qualifiers {
  harmless: boolean;
  object: boolean;
  seeText: boolean;
  /** Other qualifiers, as written ("if interacted with", "blinding only"). */
  notes: string[];
  /** References that say more than "see text" ("see curse text"). */
  references: string[];
}

/** "and see below" → "see below"; "and Will special" → "Will special". */
const LEADING_FILLER = /^(?:and|but|et|mais)\s+/iu;

function isFlagWord(word: string): boolean {
  return HARMLESS_WORDS.has(word) || OBJECT_WORDS.has(word);
}

export function readQualifiers(content: string): Qualifiers {
  const read: Qualifiers = { harmless: false, object: false, seeText: false, notes: [], references: [] };
  for (const rawPart of content.split(/[,;]/u)) {
    const part = rawPart.trim().replace(LEADING_FILLER, "");
    const words = part.split(/\s+/u).filter((w) => w !== "").map(fold);
    const first = words[0];
    if (first === undefined) continue; // "(object," cut short: nothing after the comma
    if (words.every(isFlagWord)) {
      read.harmless ||= words.some((w) => HARMLESS_WORDS.has(w)); // R8
      read.object ||= words.some((w) => OBJECT_WORDS.has(w)); // R7
    } else if (SEE_STARTERS.has(first) || (words.length === 1 && SEE_WORDS.has(first))) {
      read.seeText = true;
      if (!isStandardSeePhrase(words.join(" "))) read.references.push(part);
    } else {
      read.notes.push(part);
    }
  }
  return read;
}
