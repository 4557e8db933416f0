/**
 * Groups tokens into clauses: one save with its effect and qualifiers ("Will negates (harmless)"), or one
 * "None" (R5), each with the link that joins it to the clause before. References to the text are not
 * clauses: they only mark the line `seeText`.
 */
import type { NamedEffect } from "./lexicon";
import { readQualifiers } from "./qualifiers";
import type { Token } from "./tokens";
import type { SaveKind } from "./types";

/**
 * How a clause is joined to the one before: `first` (none before), a link word, a stop, or `adjacent`
 * (nothing between, "Will negates half").
 */
export type Link = "first" | "or" | "and" | "then" | "comma" | "semicolon" | "adjacent";

export type Subject = { kind: "save"; save: SaveKind } | { kind: "none" } | { kind: "yes" } | null;

export interface Clause {
  link: Link;
  /** `null` for an effect alone ("Fortitude partial or negates": the second clause). */
  subject: Subject;
  /** `"none"` only after a save ("Will none"); `null` when the clause names no effect ("Will"). */
  effect: NamedEffect | "none" | null;
  harmless: boolean;
  object: boolean;
  notes: string[];
}

export interface ClauseReading {
  clauses: Clause[];
  seeText: boolean;
  references: string[];
  unknown: string[];
}

type TokenOf<K extends Token["kind"]> = Extract<Token, { kind: K }>;

class ClauseReader implements ClauseReading {
  readonly clauses: Clause[] = [];
  seeText = false;
  readonly references: string[] = [];
  readonly unknown: string[] = [];
  /** The last clause may still take its effect after a comma (French "Volonté, annule"). */
  private open = false;
  /** The link read since the last clause, for the next one. */
  private pending: Link | null = null;
  private previousWasUnknown = false;

  read(token: Token): void {
    switch (token.kind) {
      case "save":
        this.start({ kind: "save", save: token.save }, null);
        break;
      case "effect":
        this.readEffect(token);
        break;
      case "none":
        this.readNone();
        break;
      case "yes":
        this.start({ kind: "yes" }, null);
        break;
      case "see":
        this.readSee(token);
        break;
      case "link":
        if (token.link !== "but") this.pending = token.link; // "but see below": filler
        break;
      case "stop":
        this.readStop(token);
        break;
      case "paren":
        this.readParen(token);
        break;
      case "word":
        this.readUnknown(token.text);
        break;
    }
    this.previousWasUnknown = token.kind === "word";
  }

  private get last(): Clause | undefined {
    return this.clauses.at(-1);
  }

  private start(subject: Subject, effect: Clause["effect"]): void {
    const link = this.pending ?? (this.clauses.length === 0 ? "first" : "adjacent");
    this.clauses.push({ link, subject, effect, harmless: false, object: false, notes: [] });
    this.open = true;
    this.pending = null;
  }

  /** An effect completes the save before it ("Will negates", "Réflexes, 1/2 dégâts"), else stands alone. */
  private readEffect(token: TokenOf<"effect">): void {
    const last = this.last;
    const completes = this.open && last?.subject?.kind === "save" && last.effect === null;
    if (last && completes && (this.pending === null || this.pending === "comma")) {
      last.effect = token.effect;
      this.pending = null;
    } else {
      this.start(null, token.effect);
    }
  }

  /** R5 "None" starts a clause; right after a bare save ("Will none") it is that save's effect. */
  private readNone(): void {
    const last = this.last;
    if (last && this.open && this.pending === null && last.subject?.kind === "save" && last.effect === null) {
      last.effect = "none";
    } else {
      this.start({ kind: "none" }, null);
    }
  }

  private readSee(token: TokenOf<"see">): void {
    this.seeText = true;
    if (token.reference !== null) this.references.push(token.reference);
    this.open = false;
    this.pending = null; // "Will negates; see text or none": the ";" belonged to "see text"
  }

  private readStop(token: TokenOf<"stop">): void {
    if (token.stop === ";") {
      const isWord = this.pending === "or" || this.pending === "and" || this.pending === "then";
      if (!isWord) this.pending = "semicolon";
      this.open = false;
    } else {
      this.pending ??= "comma";
    }
  }

  /** R7, R8 and other qualifiers belong to the clause before them. */
  private readParen(token: TokenOf<"paren">): void {
    const q = readQualifiers(token.content);
    this.seeText ||= q.seeText;
    this.references.push(...q.references);
    const last = this.last;
    if (last) {
      last.harmless ||= q.harmless;
      last.object ||= q.object;
      last.notes.push(...q.notes);
    } else if (q.harmless || q.object || q.notes.length > 0) {
      this.unknown.push(token.text); // qualifiers with no save to qualify
    }
  }

  /** Consecutive unknown words are reported together: "blorp blah", not "blorp", "blah". */
  private readUnknown(text: string): void {
    const index = this.unknown.length - 1;
    const previous = this.unknown[index];
    if (this.previousWasUnknown && previous !== undefined) this.unknown[index] = `${previous} ${text}`;
    else this.unknown.push(text);
  }
}

export function readClauses(tokens: readonly Token[]): ClauseReading {
  const reader = new ClauseReader();
  for (const token of tokens) reader.read(token);
  return reader;
}
