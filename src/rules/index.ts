/**
 * The public rules API (DESIGN.md): pure functions for R1–R18, with no Foundry and no DOM, so that
 * macros, other modules and plain Node can use them. Served as `game.modules.get("d20-spell-saves").api.rules`.
 */
export { parseSaveLine } from "./saveLine";
export type { ParsedSaveLine, SaveEffect, SaveKind, SaveOption } from "./saveLine";
export { abilityModifier, castingAbility, casterClassId, spellLevelFor, spellSaveDC, itemSpellDC, DC_TERM } from "./dc";
export type { CastingAbility, DcTerm, Edition } from "./dc";
export { resolveSave, rolledSave, waivedSave, saveSucceeded, overcomesSpellResistance, spellResistanceApplies } from "./roll";
export type { RolledSave, SaveOutcome, WaivedSave } from "./roll";
export { damageAfterSave } from "./damage";
export type { Evasion } from "./damage";
export { itemRank, exposedItems, pickExposedItem, exposesAnItem, ITEM_KINDS, EXPOSED_ITEM_COUNT } from "./items";
export type { ItemKind } from "./items";
export {
  objectSaveBonus,
  objectDamage,
  objectEnergyRule,
  objectDefaults,
  enhancedObject,
  objectCondition,
  substanceHardness,
} from "./objects";
export type { HardnessAndHp, ObjectCondition, ObjectDefaultsInput, ObjectEnergyRule } from "./objects";
