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
  /** "area" when the spell has an area or effect, "targeted" otherwise (R13). */
  aim: "area" | "targeted";
}

/** The caster's spellbook facts that the DC needs (R9). */
export interface CasterBook {
  className: string;
  ability: "int" | "wis" | "cha" | string;
  abilityScore: number;
  casterLevel: number;
  /** System-side DC bonuses, shown as separate terms (Spell Focus…). */
  dcBonuses: { label: string; value: number }[];
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
  casterLevel?: number;
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
