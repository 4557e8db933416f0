/**
 * The shape of a parsed "Saving Throw" line (R1–R8). The first five fields of each interface are the
 * public contract of DESIGN.md; the others are additions the UI can use.
 */

/** R1: which save bonus the target rolls with. */
export type SaveKind = "fort" | "ref" | "will";

/**
 * What a success does: R2 negates, R3 partial, R4 half, R6 disbelief, R5 none (no save is allowed, no
 * prompt). `special`: a save is rolled but the line does not say what a success does (a bare "Will",
 * "yes", "Will none"); the spell text decides, so the line is also marked `seeText`.
 */
export type SaveEffect = "negates" | "partial" | "half" | "disbelief" | "none" | "special";

export interface SaveOption {
  /** R1; `null` when the line names no save ("None", "yes"). */
  save: SaveKind | null;
  effect: SaveEffect;
  /** R8 "(harmless)" / "(inoffensif)". */
  harmless: boolean;
  /** R7 "(object)" / "(objet)". */
  object: boolean;
  /**
   * A chained save: it applies only to a creature that this one did not stop
   * ("Will disbelief, then Fortitude partial"; "Fortitude negates, Will partial").
   */
  then?: SaveOption;
  /**
   * Other parenthetical qualifiers of this option, as written: "if interacted with", "blinding only",
   * "en cas d'interaction", "negates" (in "Will half (negates)"). Several are joined with "; ".
   */
  note?: string;
}

export interface ParsedSaveLine {
  /** The alternatives the GM picks among (never duplicates). Empty: no save line, or nothing readable. */
  options: SaveOption[];
  /**
   * The line defers to the spell text: "see text", "see below", "voir description", "varies",
   * "special"…; or an option whose effect the line does not give (`special`, or a save-less effect);
   * or a non-empty line with no readable option at all.
   */
  seeText: boolean;
  /** The input exactly as given ("" for null/undefined). */
  raw: string;
  /** Parts of the line that could not be read, as written. Never silently dropped. */
  unknown: string[];
  /**
   * True when the line alone does not settle what to prompt: more than one option, parts joined by
   * "and" (`conjunction`), a deferral to the text (`seeText`), or an unreadable part (`unknown`).
   * False for no line at all, and for a line that reads as exactly one option with nothing left over
   * ("Will negates (harmless)", "None").
   */
  ambiguous: boolean;
  /** The line after cleanup (HTML, entities, whitespace, labels and trailing "Spell Resistance:" removed). */
  text: string;
  /**
   * The line joins parts with "and" / "et" ("Reflex half and Will negates", "none and Will negates
   * (object)"). The parts are returned as alternatives, but each may apply (to different targets, or
   * to different aspects of the spell), so the GM may have to run more than one of them.
   */
  conjunction: boolean;
  /** References to the text that say more than "see text": "see curse text", "see text for enervation". */
  references: string[];
}
