/**
 * R1–R8: reading a spell's "Saving Throw" line, English or French SRD, into the options the GM picks
 * among. The parser returns every alternative it finds, says when the line defers to the spell text
 * (`seeText`) or is ambiguous, and reports what it could not read (`unknown`); it never guesses silently.
 *
 *   "Will negates (harmless, object)"   → [{ will, negates, harmless, object }]
 *   "Réflexes, 1/2 dégâts"              → [{ ref, half }]
 *   "Fortitude negates, Will partial"   → [{ fort, negates, then: { will, partial } }]
 *   "None or Will negates (see text)"   → [{ null, none }, { will, negates }], seeText
 *
 * The steps, one file each under saveLine/: clean (HTML, labels) → tokens (words, phrases) →
 * qualifiers (parentheses) → clauses (one save each) → options (alternatives, chains, merging).
 */
import { describeValue } from "./errors";
import { buildOptions } from "./saveLine/options";
import { cleanSaveText } from "./saveLine/clean";
import { readClauses } from "./saveLine/clauses";
import { tokenize } from "./saveLine/tokens";
import type { ParsedSaveLine } from "./saveLine/types";

export type { ParsedSaveLine, SaveEffect, SaveKind, SaveOption } from "./saveLine/types";

/** No save line at all (null, empty, only whitespace or HTML): nothing to prompt, nothing to defer to. */
function noLine(raw: string, text: string): ParsedSaveLine {
  return { options: [], seeText: false, raw, unknown: [], ambiguous: false, text, conjunction: false, references: [] };
}

/**
 * Reads a "Saving Throw" line. `null`/`undefined` (a spell without the field) read as no line at all;
 * any other non-string is a programming error and throws a `TypeError`.
 */
export function parseSaveLine(text: string | null | undefined): ParsedSaveLine {
  if (text === null || text === undefined) return noLine("", "");
  if (typeof text !== "string") {
    throw new TypeError(`parseSaveLine: text must be a string, null or undefined, got ${describeValue(text)}`);
  }
  const clean = cleanSaveText(text);
  if (clean === "") return noLine(text, clean);

  const reading = readClauses(tokenize(clean));
  const built = buildOptions(reading.clauses);
  // A line with words but no readable option defers to the text rather than meaning "no save" (R5 needs
  // an explicit "None").
  const seeText = reading.seeText || built.defers || built.options.length === 0;
  const ambiguous = seeText || built.options.length > 1 || built.conjunction || reading.unknown.length > 0;
  return {
    options: built.options,
    seeText,
    raw: text,
    unknown: reading.unknown,
    ambiguous,
    text: clean,
    conjunction: built.conjunction,
    references: reading.references,
  };
}
