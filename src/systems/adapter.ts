import type { ItemKind } from "../rules/items";
import type { SaveKind } from "../rules/saveLine";

/** The game systems the module supports, by their Foundry system id. */
export type SystemId = "pf1" | "D35E";

/** Plain data of a chat message, as `ChatMessage#toObject()` gives it (V13 source shape). */
export interface MessageData {
  _id?: string;
  author?: string;
  content?: string;
  speaker?: { scene?: string | null; actor?: string | null; token?: string | null; alias?: string };
  whisper?: string[];
  flags?: Record<string, unknown>;
  rolls?: string[];
}

/** Plain data of an actor or item: what `document.toObject()` or the document itself exposes. */
export interface ItemData {
  _id?: string;
  id?: string;
  name: string;
  type: string;
  system: Record<string, unknown>;
}

export interface ActorData {
  _id?: string;
  id?: string;
  name: string;
  type: string;
  system: Record<string, unknown>;
  items: Iterable<ItemData>;
}

/** What a spell-use chat message tells about the cast, read from the message alone. */
export interface CastMessage {
  system: SystemId;
  /** Caster: an actor uuid (pf1, may be a synthetic token actor) or an actor id (D35E). */
  casterActorUuid?: string;
  casterActorId?: string;
  /** Scene and token of the speaker, when the message names them. */
  sceneId?: string;
  casterTokenId?: string;
  spellItemId: string;
  spellName: string;
  /** pf1 action id; D35E has one implicit action. */
  actionId?: string;
  /** The DC the system printed on its card (undefined when it printed none). */
  printedDC?: number;
  /** The save kind the system recorded, when it recorded one. */
  printedSave?: SaveKind;
  /** The save line, when the message carries it (D35E does; pf1 keeps it on the item action). */
  saveText?: string;
  casterLevel?: number;
  spellLevel?: number;
  /** Targets as token uuids (pf1) or token ids on `sceneId` (D35E). */
  targetTokenUuids: string[];
  targetTokenIds: string[];
  /** True when a measured template was placed: an area spell (R13). */
  template: boolean;
  damage?: SpellDamage;
}

export interface SpellDamage {
  total: number;
  /** Lower-case energy or damage type ids, e.g. ["fire"]. */
  types: string[];
  healing: boolean;
  /**
   * The rolled parts that add up to `total`, each with its own types (a spell may deal fire and
   * untyped damage: R17 divides each part by its own energy). Absent when the message names no parts.
   */
  parts?: { total: number; types: string[] }[];
}

/** What the spell item itself tells (read from the caster's owned spell item). */
export interface SpellData {
  name: string;
  saveText: string;
  /** Structured save kind, where the system stores one. */
  saveKind?: SaveKind;
  harmless: boolean;
  spellResistance: boolean;
  /** The spellbook (pf1, D35E) the spell belongs to. */
  spellbook?: string;
  /** The spell's level as stored on the item (for its spellbook's class). */
  level?: number;
  /** Per-class levels (English class names as the system writes them). */
  levelsByClass: Record<string, number>;
  /**
   * "area" when the spell has an area, an effect or a measured template, "targeted" otherwise (R13).
   * A ray ("Effect: ray") is aimed at its target like a targeted spell, so it reads "targeted".
   */
  aim: "area" | "targeted";
  /** The spell's school id as the system stores it ("evo", "enc"…): school DC bonuses depend on it. */
  school?: string;
  /** pf1: the action read (the one asked for, else the first with a save, else the first). */
  actionId?: string;
  /** The system's action type ("spellsave", "heal", "rsak"…). */
  actionType?: string;
  /** The spell heals (pf1 and D35E action type "heal"): its "damage" is healing. */
  healing?: boolean;
  /**
   * A constant the item adds to its DC (pf1 action `save.dc`, D35E `save.dc`, both added to the
   * spellbook's DC formula by the system). Already counted in `casterBook().dcBonuses`.
   */
  itemDCBonus?: number;
}

/**
 * Machine labels of the DC terms the adapters read from the system's data (the UI localises them).
 * A school bonus is `schoolDC.<school id>` ("schoolDC.evo"). Terms named after the user's own data (a
 * feat such as "Spell Focus", the spell's own DC bonus) keep that name as their label.
 */
export const SYSTEM_DC_TERM = { dcFormula: "dcFormula", spellDC: "spellDC", schoolDC: "schoolDC" } as const;

/** The caster's spellbook facts that the DC needs (R9). */
export interface CasterBook {
  /** The spellbook's id on the actor ("primary", "spelllike"…). */
  bookId?: string;
  /** The book's class as the system stores it: a class tag ("wizard"), or "_hd" for spell-like abilities. */
  className: string;
  /**
   * The book's casting ability, "int", "wis" or "cha" (the system's setting wins over R9's table; a
   * homebrew book may name another ability); "" when none is known.
   */
  ability: string;
  /** R9: the current score, damage and drain counted (10 when the book has no ability). */
  abilityScore: number;
  /**
   * The modifier the system itself computed for that ability, when it has one. pf1 takes ability damage
   * and penalties off the modifier (-1 per 2 points) rather than off the score, so for odd values it
   * can differ by one from `abilityModifier(abilityScore)`.
   */
  abilityModifier?: number;
  casterLevel: number;
  /** System-side DC bonuses, shown as separate terms (Spell Focus…). */
  dcBonuses: { label: string; value: number }[];
  /**
   * The book's DC formula, when it differs from `10 + @sl + @ablMod` in a way `dcBonuses` cannot
   * express (a homebrew formula): the DC must be checked by the GM.
   */
  unreadDCFormula?: string;
}

/** An item of a target, described for R14–R17. */
export interface TargetItem {
  id: string;
  name: string;
  kind: ItemKind;
  magic: boolean;
  hardness: number;
  hp: number;
  maxHp: number;
  /** The item's caster level (R16), when the data give one (or 3 × enhancement for arms and armor). */
  casterLevel?: number;
  /** Enhancement bonus (weapon or armor), 0 when none. Data hardness and hp are used as stored. */
  enhancement?: number;
  /** Where hardness and hp come from: the item's data, or the SRD tables (R17) because the data lack them. */
  durabilityFrom?: "data" | "srd";
}

export interface HitPoints {
  value: number;
  temp: number;
  max: number;
}

/** One adapter per game system: reads its data shapes, knows nothing of Foundry's runtime. */
export interface SystemAdapter {
  readonly id: SystemId;
  /** A real spell use (not a displayed card); null for anything else. */
  readCast(message: MessageData): CastMessage | null;
  readSpell(item: ItemData, actionId?: string): SpellData;
  casterBook(actor: ActorData, spell: SpellData): CasterBook | undefined;
  saveBonus(actor: ActorData, save: SaveKind): number;
  spellResistance(actor: ActorData): number;
  evasion(actor: ActorData): "evasion" | "improved" | undefined;
  hitPoints(actor: ActorData): HitPoints;
  /** The update data that sets these hit points, in the system's own paths. */
  hitPointsUpdate(actor: ActorData, hp: Pick<HitPoints, "value" | "temp">): Record<string, unknown>;
  items(actor: ActorData): TargetItem[];
}
