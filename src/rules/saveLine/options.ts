/**
 * Turns clauses into the options the GM picks among (R1–R8).
 *
 * - "or", ";", "and", and a comma after "None" separate alternatives.
 * - "then", and a comma between two saves, chain the second save to the first: it applies only to a
 *   creature the first did not stop ("Will disbelief, then Fortitude partial"; "Fortitude negates, Will
 *   partial").
 * - "or" right after a chained save stays inside the chain: "Will disbelief, then Fortitude or Will
 *   negates" is Will disbelief then (Fortitude negates | Will negates), two options sharing their head.
 * - An effect alone takes the save before it ("Fortitude partial or negates" → Fortitude negates); a save
 *   alone takes the effect of the save after it when "or" joins them ("Fortitude or Will negates").
 * - "and" is read as alternatives too: in the compendia it joins parts that apply to different targets
 *   ("none and Will negates (object)": creatures get no save, attended objects Will negates) or to
 *   different aspects of the spell ("Reflex half and Will partial"). Returning them as alternatives lets
 *   the GM run each one that applies, and the line is flagged (`conjunction`, `ambiguous`) so the UI can
 *   say that more than one may apply, rather than pretending the parts are exclusive or merging them.
 * - Identical alternatives are merged ("Will half or Will half").
 */
import type { Clause } from "./clauses";
import type { NamedEffect } from "./lexicon";
import type { SaveEffect, SaveKind, SaveOption } from "./types";

export interface BuiltOptions {
  options: SaveOption[];
  /** Some option's effect is left to the text (`special`) or names no save. */
  defers: boolean;
  conjunction: boolean;
}

interface Resolved {
  option: SaveOption;
  defers: boolean;
}

function namedEffect(effect: Clause["effect"]): NamedEffect | null {
  return effect === null || effect === "none" ? null : effect;
}

/** The save of the nearest clause before `index` that names one ("Fortitude partial or negates"). */
function saveBefore(clauses: readonly Clause[], index: number): SaveKind | null {
  for (let i = index - 1; i >= 0; i -= 1) {
    const subject = clauses[i]?.subject;
    if (subject?.kind === "save") return subject.save;
  }
  return null;
}

/** The effect a bare save borrows from the next clause when "or" joins them ("Fortitude or Will negates"). */
function effectAfter(clauses: readonly Clause[], index: number): NamedEffect | null {
  const next = clauses[index + 1];
  if (next?.link !== "or" || next.subject?.kind !== "save") return null;
  return namedEffect(next.effect);
}

function makeOption(save: SaveKind | null, effect: SaveEffect, clause: Clause): SaveOption {
  const option: SaveOption = { save, effect, harmless: clause.harmless, object: clause.object };
  if (clause.notes.length > 0) option.note = clause.notes.join("; ");
  return option;
}

function resolveClause(clauses: readonly Clause[], clause: Clause, index: number): Resolved {
  const subject = clause.subject;
  if (subject?.kind === "none") return { option: makeOption(null, "none", clause), defers: false }; // R5
  // "yes": there is a save, the line does not say which; the text decides.
  if (subject?.kind === "yes") return { option: makeOption(null, "special", clause), defers: true };
  if (subject?.kind === "save") {
    // A bare save ("Will", "Fortitude (object)", "Will none"): rolled, but its effect is in the text.
    const effect = namedEffect(clause.effect) ?? effectAfter(clauses, index);
    return { option: makeOption(subject.save, effect ?? "special", clause), defers: effect === null };
  }
  const save = saveBefore(clauses, index);
  return { option: makeOption(save, namedEffect(clause.effect) ?? "special", clause), defers: save === null };
}

type Join = "then" | "or" | "new";

function joinOf(previous: Clause | undefined, clause: Clause): Join {
  if (clause.link === "then") return "then";
  if (clause.link === "or") return "or";
  const chainsSaves = previous?.subject?.kind === "save" && clause.subject?.kind === "save";
  if (clause.link === "comma" && chainsSaves) return "then"; // "Fortitude negates, Will partial"
  return "new";
}

/** Each path is one alternative: its head, then the saves chained after it. */
function alternativePaths(clauses: readonly Clause[], resolved: readonly SaveOption[]): SaveOption[][] {
  const paths: SaveOption[][] = [];
  let sharedHead = 0; // how many steps an "or" continuation shares with the path before
  resolved.forEach((option, i) => {
    const clause = clauses[i];
    const join = clause ? joinOf(clauses[i - 1], clause) : "new";
    const last = paths.at(-1);
    if (last && join === "then") {
      last.push(option);
      sharedHead = last.length - 1;
    } else if (last && join === "or" && sharedHead > 0) {
      paths.push([...last.slice(0, sharedHead), option]);
    } else {
      paths.push([option]);
      sharedHead = 0;
    }
  });
  return paths;
}

function chain(path: readonly SaveOption[]): SaveOption | null {
  const [head, ...rest] = path;
  if (!head) return null;
  const then = chain(rest);
  return then ? { ...head, then } : { ...head };
}

/** A key equal for equal options, whatever order their fields were set in. */
function optionKey(option: SaveOption | undefined): string {
  if (!option) return "";
  const { save, effect, harmless, object, note, then } = option;
  return JSON.stringify([save, effect, harmless, object, note ?? null, optionKey(then)]);
}

function withoutRepeats(options: readonly SaveOption[]): SaveOption[] {
  const seen = new Set<string>();
  return options.filter((option) => {
    const key = optionKey(option);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

export function buildOptions(clauses: readonly Clause[]): BuiltOptions {
  const resolved = clauses.map((clause, i) => resolveClause(clauses, clause, i));
  const paths = alternativePaths(
    clauses,
    resolved.map((r) => r.option),
  );
  const options = withoutRepeats(paths.map(chain).filter((o): o is SaveOption => o !== null));
  return {
    options,
    defers: resolved.some((r) => r.defers),
    conjunction: clauses.some((clause, i) => i > 0 && clause.link === "and"),
  };
}
