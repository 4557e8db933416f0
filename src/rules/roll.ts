/**
 * R10–R11 (the saving throw roll, a waived save) and R18 (spell resistance).
 */
import { optionalBoolean, requireBoolean, requireInteger, requireObject } from "./errors";

/** What a d20 can show. */
const D20 = { min: 1, max: 20 } as const;

/**
 * R10: `1d20 + save bonus` against the DC; success when total >= DC. A natural 1 always fails and a
 * natural 20 always succeeds (SRD "Automatic failures and successes").
 * `total` and `dc` may be any integer (a save total can be negative).
 */
export function resolveSave(input: { natural: number; total: number; dc: number }): {
  success: boolean;
  natural1: boolean;
  natural20: boolean;
} {
  const fn = "resolveSave";
  requireObject(fn, "input", input);
  const natural = requireInteger(fn, "natural", input.natural, D20);
  const total = requireInteger(fn, "total", input.total);
  const dc = requireInteger(fn, "dc", input.dc);
  const natural1 = natural === 1;
  const natural20 = natural === 20;
  return { success: natural20 || (!natural1 && total >= dc), natural1, natural20 };
}

/** A save that was rolled (R10). */
export interface RolledSave {
  kind: "rolled";
  natural: number;
  total: number;
  dc: number;
  success: boolean;
  natural1: boolean;
  natural20: boolean;
}

/**
 * R11: a save the creature declined (échec volontaire). It is *not* a roll: it has no natural or total,
 * so it can never be a natural 1 (no item is exposed, R14). It counts as a failure: the creature takes
 * the full effect (no evasion either: see `damageAfterSave`'s `waived`).
 */
export interface WaivedSave {
  kind: "waived";
  success: false;
}

/** The outcome of one creature's save: rolled (R10) or waived (R11). */
export type SaveOutcome = RolledSave | WaivedSave;

/** R10: a rolled save's outcome, with the roll kept for the record. */
export function rolledSave(input: { natural: number; total: number; dc: number }): RolledSave {
  const { success, natural1, natural20 } = resolveSave(input);
  return { kind: "rolled", natural: input.natural, total: input.total, dc: input.dc, success, natural1, natural20 };
}

/** R11: the creature declines to save and takes the effect. */
export function waivedSave(): WaivedSave {
  return { kind: "waived", success: false };
}

/** R10/R11: did the creature resist? A waived save never does. */
export function saveSucceeded(outcome: SaveOutcome): boolean {
  return outcome.kind === "rolled" && outcome.success;
}

/** R10/R14: a rolled natural 1 (a waived save is not a roll, so never). */
export function rolledNatural1(outcome: SaveOutcome): boolean {
  return outcome.kind === "rolled" && outcome.natural1;
}

/**
 * R18: the caster's spell resistance check, `1d20 + caster level >= SR`.
 *
 * No automatic success or failure: the SRD grants those to attack rolls and saving throws only
 * ("Automatic failures and successes"); a caster level check is neither, so a natural 20 against
 * SR 32 with caster level 5 still fails, and a natural 1 with caster level 20 against SR 15 succeeds.
 */
export function overcomesSpellResistance(input: {
  natural: number;
  casterLevel: number;
  spellResistance: number;
}): boolean {
  const fn = "overcomesSpellResistance";
  requireObject(fn, "input", input);
  const natural = requireInteger(fn, "natural", input.natural, D20);
  const casterLevel = requireInteger(fn, "casterLevel", input.casterLevel, { min: 0 });
  const spellResistance = requireInteger(fn, "spellResistance", input.spellResistance, { min: 0 });
  return natural + casterLevel >= spellResistance;
}

/**
 * R18 (with R8 and R11): must the caster roll against this target's spell resistance?
 *
 * - only if the spell allows SR (`Spell Resistance: Yes`) and the target has SR (> 0; 0 means none);
 * - not if the target lowered its SR voluntarily (R11);
 * - a `(harmless)` spell does not test SR unless the target chooses to resist it (R8, R18).
 *
 * `targetResists` (default false) matters only for harmless spells: a hostile spell is resisted anyway.
 * `loweredVoluntarily` defaults to false.
 */
export function spellResistanceApplies(input: {
  srAllowed: boolean;
  targetSR: number;
  harmless: boolean;
  targetResists?: boolean;
  loweredVoluntarily?: boolean;
}): boolean {
  const fn = "spellResistanceApplies";
  requireObject(fn, "input", input);
  const srAllowed = requireBoolean(fn, "srAllowed", input.srAllowed);
  const targetSR = requireInteger(fn, "targetSR", input.targetSR, { min: 0 });
  const harmless = requireBoolean(fn, "harmless", input.harmless);
  const targetResists = optionalBoolean(fn, "targetResists", input.targetResists, false);
  const lowered = optionalBoolean(fn, "loweredVoluntarily", input.loweredVoluntarily, false);
  if (!srAllowed || targetSR === 0 || lowered) return false;
  return !harmless || targetResists;
}
