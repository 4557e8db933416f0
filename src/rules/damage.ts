/**
 * R2–R5 (and R6) applied to damage: how much of a spell's damage a creature takes after its save,
 * with evasion and improved evasion (SRD class features) for Reflex half saves.
 */
import { optionalBoolean, optionalInteger, requireBoolean, requireInteger, requireObject, requireOneOf } from "./errors";
import type { SaveEffect, SaveKind } from "./saveLine";

const EFFECTS = ["negates", "partial", "half", "disbelief", "none", "special"] as const satisfies readonly SaveEffect[];
const SAVES = ["fort", "ref", "will"] as const satisfies readonly SaveKind[];
const EVASIONS = ["evasion", "improved"] as const;

export type Evasion = (typeof EVASIONS)[number];

/**
 * Damage a creature takes from a damaging spell after its save; `null` when the rules leave the number
 * to the GM (the UI then asks).
 *
 * - failed or waived save (R11): the full damage;
 * - R2 negates, success: 0;
 * - R4 half, success: `floor(damage / 2)`;
 * - R3 partial, success: `partialDamage` when the caller knows the lesser effect's damage (the spell
 *   text names it), else `null`;
 * - R6 disbelief, success: `partialDamage` if given, else `null`. Choice: a figment deals no damage at
 *   all, so a damaging spell with a disbelief save is a shadow (quasi-real) spell, and a creature that
 *   disbelieves it still takes a fraction named in the text (shadow evocation 1/5, greater shadow
 *   evocation 3/5). We do not guess that fraction. (Chained lines such as phantasmal killer's
 *   "Will disbelief, then Fortitude partial" deal their damage on the second save: call this for it.)
 * - R5 none: no save is allowed, the full damage applies whatever `success` says;
 * - special ("see text"): always `null`.
 *
 * Evasion (only for a Reflex half save, `save: "ref"`, `effect: "half"`): a success takes 0 with
 * evasion or improved evasion; a failure with improved evasion takes `floor(damage / 2)`. Whether the
 * creature may use evasion now (light or no armour, not helpless) is the caller's question. A waived
 * save (`waived: true`, R11) accepts the effect: no evasion, full damage; it cannot be a success.
 *
 * `damage` and `partialDamage` must be non-negative integers.
 */
export function damageAfterSave(input: {
  damage: number;
  effect: SaveEffect;
  success: boolean;
  save?: SaveKind;
  evasion?: Evasion;
  partialDamage?: number;
  waived?: boolean;
}): number | null {
  const fn = "damageAfterSave";
  requireObject(fn, "input", input);
  const damage = requireInteger(fn, "damage", input.damage, { min: 0 });
  const effect = requireOneOf(fn, "effect", input.effect, EFFECTS);
  const success = requireBoolean(fn, "success", input.success);
  const save = input.save === undefined ? undefined : requireOneOf(fn, "save", input.save, SAVES);
  const evasion = input.evasion === undefined ? undefined : requireOneOf(fn, "evasion", input.evasion, EVASIONS);
  const partialDamage = optionalInteger(fn, "partialDamage", input.partialDamage, { min: 0 });
  const waived = optionalBoolean(fn, "waived", input.waived, false);
  if (waived && success) throw new RangeError(`${fn}: a waived save (R11) cannot be a success`);

  if (effect === "special") return null;
  if (effect === "none") return damage; // R5: no save, the effect applies

  const evades = effect === "half" && save === "ref" && evasion !== undefined && !waived;
  if (!success) return evades && evasion === "improved" ? Math.floor(damage / 2) : damage;

  switch (effect) {
    case "negates": // R2
      return 0;
    case "half": // R4, rounded down; evasion: none at all
      return evades ? 0 : Math.floor(damage / 2);
    case "partial": // R3
    case "disbelief": // R6 (see above)
      return partialDamage ?? null;
  }
}
