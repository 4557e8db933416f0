/**
 * Splits a cleaned "Saving Throw" line into tokens: saves (R1), effects (R2–R4, R6), "none" (R5),
 * references to the text, links ("or", "then"…), stops (";" ","), parenthesised groups (R7, R8 and
 * other qualifiers) and unknown words.
 */
import type { SaveKind } from "./types";
import {
  EFFECT_PHRASES,
  LINK_PHRASES,
  NONE_WORDS,
  SAVE_WORDS,
  SEE_STARTERS,
  SEE_WORDS,
  YES_WORDS,
  fold,
  isStandardSeePhrase,
  type LinkWord,
  type NamedEffect,
} from "./lexicon";

export type Token =
  | { kind: "save"; save: SaveKind; text: string }
  | { kind: "effect"; effect: NamedEffect; text: string }
  | { kind: "none"; text: string }
  | { kind: "yes"; text: string }
  /** `reference`: the wording when it says more than a standard "see text". */
  | { kind: "see"; reference: string | null; text: string }
  | { kind: "link"; link: LinkWord; text: string }
  | { kind: "stop"; stop: ";" | ","; text: string }
  /** A parenthesised group; an unclosed one ("(object,") runs to the end of the line. */
  | { kind: "paren"; content: string; text: string }
  | { kind: "word"; text: string };

type Piece = Extract<Token, { kind: "word" | "stop" | "paren" }>;

/**
 * The pieces of a line: a parenthesised group, a stop, a word, or a stray ")" (read as an unknown word).
 * Every character but white space belongs to one of them, so nothing is skipped.
 */
const PIECES = /\(([^()]*)\)?|([;,:])|([^\s();,:]+|\))/gu;

function splitPieces(text: string): Piece[] {
  const pieces: Piece[] = [];
  for (const [whole, content, stop, word] of text.matchAll(PIECES)) {
    if (content !== undefined) {
      pieces.push({ kind: "paren", content: content.trim(), text: whole });
    } else if (stop !== undefined) {
      // A colon parts a French save from its effect ("Volonté : annule") as a comma does.
      pieces.push({ kind: "stop", stop: stop === ";" ? ";" : ",", text: stop });
    } else if (word !== undefined) {
      pieces.push({ kind: "word", text: word });
    }
  }
  return pieces;
}

interface Phrase<T> {
  words: readonly string[];
  value: T;
}

/** Phrases as word lists, longest first, so that "for half" wins over "half". */
function phraseTable<T>(entries: readonly (readonly [string, T])[]): Phrase<T>[] {
  return entries
    .map(([phrase, value]) => ({ words: phrase.split(" "), value }))
    .sort((a, b) => b.words.length - a.words.length);
}

const EFFECTS = phraseTable(EFFECT_PHRASES);
const LINKS = phraseTable(LINK_PHRASES);
const LINK_START_WORDS: ReadonlySet<string> = new Set(LINK_PHRASES.map(([phrase]) => phrase.split(" ")[0] ?? phrase));

function matchPhrase<T>(table: readonly Phrase<T>[], folded: readonly string[], at: number): Phrase<T> | undefined {
  return table.find((phrase) => phrase.words.every((word, i) => folded[at + i] === word));
}

/**
 * A reference to the text starts with "see"/"voir"/"cf" and runs to the next link word:
 * "see text", "see text for enervation", but "see text | or none (object)".
 */
function seeLength(folded: readonly string[], at: number): number {
  let end = at + 1;
  while (end < folded.length && !LINK_START_WORDS.has(folded[end] ?? "")) end += 1;
  return end - at;
}

/** Reads the token that starts at `at` in a run of words; returns it with the number of words used. */
function readWordAt(words: readonly string[], folded: readonly string[], at: number): [Token, number] {
  const word = folded[at] ?? "";
  const text = (length: number) => words.slice(at, at + length).join(" ");
  if (SEE_STARTERS.has(word)) {
    const length = seeLength(folded, at);
    const phrase = folded.slice(at, at + length).join(" ");
    return [{ kind: "see", reference: isStandardSeePhrase(phrase) ? null : text(length), text: text(length) }, length];
  }
  if (SEE_WORDS.has(word)) return [{ kind: "see", reference: null, text: text(1) }, 1];
  const link = matchPhrase(LINKS, folded, at);
  if (link) return [{ kind: "link", link: link.value, text: text(link.words.length) }, link.words.length];
  const effect = matchPhrase(EFFECTS, folded, at);
  if (effect) return [{ kind: "effect", effect: effect.value, text: text(effect.words.length) }, effect.words.length];
  const save = SAVE_WORDS.get(word);
  if (save) return [{ kind: "save", save, text: text(1) }, 1];
  if (NONE_WORDS.has(word)) return [{ kind: "none", text: text(1) }, 1];
  if (YES_WORDS.has(word)) return [{ kind: "yes", text: text(1) }, 1];
  return [{ kind: "word", text: text(1) }, 1];
}

/** Reads a run of consecutive words (phrases never cross a stop or a parenthesis). */
function readWords(words: readonly string[]): Token[] {
  const folded = words.map(fold);
  const tokens: Token[] = [];
  let at = 0;
  while (at < words.length) {
    const [token, length] = readWordAt(words, folded, at);
    tokens.push(token);
    at += length;
  }
  return tokens;
}

export function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let run: string[] = [];
  const flush = () => {
    tokens.push(...readWords(run));
    run = [];
  };
  for (const piece of splitPieces(text)) {
    if (piece.kind === "word") {
      run.push(piece.text);
      continue;
    }
    flush();
    tokens.push(piece);
  }
  flush();
  return tokens;
}
