/**
 * What the pf1 and D35E adapters share: small typed readers for unknown document data, the fields
 * both systems store at the same path (saves, SR, hit points, spellbooks), and the item and evasion
 * logic both apply to their own item shapes. Pure TypeScript: no Foundry globals, no DOM.
 */
import { castingAbility, type Edition } from "../rules/dc";
import type { ItemKind } from "../rules/items";
import { objectDefaults, type HardnessAndHp, type Size, type Substance, type WeaponOrShieldKind } from "../rules/objects";
import type { SaveKind } from "../rules/saveLine";
import { SYSTEM_DC_TERM, type ActorData, type CasterBook, type HitPoints, type ItemData, type MessageData, type SpellDamage, type TargetItem } from "./adapter";

// ---------------------------------------------------------------------------------------------------
// Readers: document data is `unknown` until proven otherwise

export type Data = Record<string, unknown>;

export function isRecord(value: unknown): value is Data {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The value at a dotted path (`"attributes.hp.value"`), or `undefined` when any step is missing. */
export function at(obj: unknown, path: string): unknown {
  let cur: unknown = obj;
  for (const key of path.split(".")) {
    if (Array.isArray(cur)) cur = /^\d+$/.test(key) ? cur[Number(key)] : undefined;
    else if (isRecord(cur)) cur = cur[key];
    else return undefined;
  }
  return cur;
}

const NUMERIC = /^\s*[+-]?\d+(\.\d+)?\s*$/;

/** A finite number at `path`; numeric strings count ("0", "20": both systems store some numbers as text). */
export function num(obj: unknown, path: string): number | undefined {
  const v = at(obj, path);
  if (typeof v === "number") return Number.isFinite(v) ? v : undefined;
  if (typeof v === "string" && NUMERIC.test(v)) return Number(v);
  return undefined;
}

/** A string at `path` (empty strings included). */
export function str(obj: unknown, path: string): string | undefined {
  const v = at(obj, path);
  return typeof v === "string" ? v : undefined;
}

/** A non-empty (after trimming) string at `path`. */
export function text(obj: unknown, path: string): string | undefined {
  const v = str(obj, path)?.trim();
  return v ? v : undefined;
}

export function bool(obj: unknown, path: string): boolean | undefined {
  const v = at(obj, path);
  return typeof v === "boolean" ? v : undefined;
}

export function list(obj: unknown, path: string): unknown[] {
  const v = at(obj, path);
  return Array.isArray(v) ? (v as unknown[]) : [];
}

export function rec(obj: unknown, path: string): Data | undefined {
  const v = at(obj, path);
  return isRecord(v) ? v : undefined;
}

/** Parses a JSON string that both systems nest inside their data (D35E damage cards, V13 `rolls`). */
export function parseJson(value: unknown): unknown {
  if (typeof value !== "string") return value;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return undefined;
  }
}

/** Lower case, accents removed, only letters, digits and single spaces: for comparing names. */
export function fold(name: string): string {
  return name
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, " ")
    .trim();
}

export function itemId(item: { _id?: string; id?: string }): string {
  return item._id ?? item.id ?? "";
}

export const SAVE_KINDS = ["fort", "ref", "will"] as const satisfies readonly SaveKind[];

export function isSaveKind(value: unknown): value is SaveKind {
  return typeof value === "string" && (SAVE_KINDS as readonly string[]).includes(value);
}

/** "fortitude…", "fort…", "reflex…", "ref…", "will…" (D35E's `reflexhalf`, `willnegates`) → the save. */
export function saveKindFromWord(word: string | undefined): SaveKind | undefined {
  const w = word?.toLowerCase() ?? "";
  if (w.startsWith("fort")) return "fort";
  if (w.startsWith("ref")) return "ref";
  if (w.startsWith("will")) return "will";
  return undefined;
}

// ---------------------------------------------------------------------------------------------------
// Messages

/** `Scene.<s>.Token.<t>` from a scene id and a token id. */
export function tokenUuid(sceneId: string, tokenId: string): string {
  return `Scene.${sceneId}.Token.${tokenId}`;
}

/** The token id of a token uuid (`Scene.<s>.Token.<t>` → `<t>`), or undefined. */
export function tokenIdOf(uuid: string): string | undefined {
  return /(?:^|\.)Token\.([^.]+)$/.exec(uuid)?.[1];
}

/** The actor id at the end of an actor uuid (`Actor.<a>`, `Scene.<s>.Token.<t>.Actor.<a>`). */
export function actorIdOf(uuid: string | undefined): string | undefined {
  return uuid ? /(?:^|\.)Actor\.([^.]+)$/.exec(uuid)?.[1] : undefined;
}

export function speakerOf(message: MessageData): { scene?: string; actor?: string; token?: string } {
  const s = message.speaker;
  return { scene: s?.scene ?? undefined, actor: s?.actor ?? undefined, token: s?.token ?? undefined };
}

/** Damage from rolled parts; undefined when nothing was rolled. */
export function damageFrom(parts: { total: number; types: string[] }[], healing: boolean): SpellDamage | undefined {
  if (parts.length === 0) return undefined;
  const types = [...new Set(parts.flatMap((p) => p.types))];
  return { total: parts.reduce((sum, p) => sum + p.total, 0), types, healing, parts };
}

// ---------------------------------------------------------------------------------------------------
// Actor fields both systems store at the same path

export function saveTotal(actor: ActorData, save: SaveKind): number {
  return num(actor.system, `attributes.savingThrows.${save}.total`) ?? 0;
}

export function spellResistanceTotal(actor: ActorData): number {
  return num(actor.system, "attributes.sr.total") ?? 0;
}

/** Hit points as both systems prepare them; `value` may be given by the caller (pf1's offset). */
export function hitPointsOf(actor: ActorData, value?: number): HitPoints {
  const hp = rec(actor.system, "attributes.hp");
  const max = num(hp, "max") ?? 0;
  return { value: value ?? num(hp, "value") ?? max, temp: num(hp, "temp") ?? 0, max };
}

export function spellbook(actor: ActorData, bookId: string): Data | undefined {
  return rec(actor.system, `attributes.spells.spellbooks.${bookId}`);
}

const STANDARD_DC_FORMULA = "10+@sl+@ablmod";

/**
 * R9 reads the DC as `10 + @sl + @ablMod`, the default formula of both systems' spellbooks. A formula
 * that adds constants to it (`10 + @sl + @ablMod + 1`) gives one more term; anything else is returned
 * as unread so that the GM checks the DC.
 */
export function dcFormulaTerms(formula: string | undefined): { terms: { label: string; value: number }[]; unread?: string } {
  if (formula === undefined || formula.trim() === "") return { terms: [] };
  const compact = formula.replace(/\s+/g, "").toLowerCase();
  if (!compact.startsWith(STANDARD_DC_FORMULA)) return { terms: [], unread: formula };
  const rest = compact.slice(STANDARD_DC_FORMULA.length);
  if (rest === "") return { terms: [] };
  if (!/^([+-]\d+)+$/.test(rest)) return { terms: [], unread: formula };
  const value = [...rest.matchAll(/[+-]\d+/g)].reduce((sum, m) => sum + Number(m[0]), 0);
  return { terms: value === 0 ? [] : [{ label: SYSTEM_DC_TERM.dcFormula, value }] };
}

/** The spellbook facts both systems share; each adapter supplies the ability score and its own bonuses. */
export function casterBookFrom(
  actor: ActorData,
  bookId: string | undefined,
  edition: Edition,
  read: { score: (ability: string) => number | undefined; modifier: (ability: string) => number | undefined },
  bonuses: { label: string; value: number }[],
): CasterBook | undefined {
  if (!bookId) return undefined;
  const book = spellbook(actor, bookId);
  if (!book) return undefined;
  const className = str(book, "class") ?? "";
  // R9: the system's spellbook setting wins over the class table.
  const ability = text(book, "ability") ?? (className ? castingAbility(className, edition) : undefined) ?? "";
  const formula = dcFormulaTerms(str(book, "baseDCFormula"));
  const result: CasterBook = {
    bookId,
    className,
    ability,
    abilityScore: ability ? (read.score(ability) ?? 10) : 10,
    casterLevel: num(book, "cl.total") ?? 0,
    dcBonuses: [...formula.terms, ...bonuses],
  };
  const modifier = ability ? read.modifier(ability) : undefined;
  if (modifier !== undefined) result.abilityModifier = modifier;
  if (formula.unread !== undefined) result.unreadDCFormula = formula.unread;
  return result;
}

// ---------------------------------------------------------------------------------------------------
// Spells

/** R8: "(harmless)" / "(inoffensif)" written in a save line. */
export function harmlessInText(saveText: string): boolean {
  return /\b(harmless|inoffensif)\b/i.test(fold(saveText));
}

/**
 * R13: an area, an effect or a measured template makes an "area" spell. A ray ("Effect: ray", "one or
 * more rays") is aimed at a creature like a targeted spell.
 */
export function aimOf(i: { area?: string; effect?: string; template?: string }): "area" | "targeted" {
  if (i.template) return "area";
  if (i.area) return "area";
  if (i.effect && !/\brays?\b/i.test(i.effect)) return "area";
  return "targeted";
}

// ---------------------------------------------------------------------------------------------------
// Evasion (neither system implements it: it is a class feature, feat or ring found by name)

const IMPROVED_EVASION = /^(improved evasion|evasion amelioree|esquive extraordinaire)\b/;
const EVASION = /^(evasion|esquive totale)\b/;
const EVASION_ITEM = /\b(ring of evasion|anneau d esquive totale|anneau d evasion)\b/;

/**
 * "improved" when an active item is named Improved Evasion (French: Esquive extraordinaire), "evasion"
 * for Evasion (Esquive totale) or a worn Ring of Evasion. `features` are the active feats and class
 * features, `worn` the equipped items; `ids` optional ids the system gives those features.
 */
export function evasionFrom(
  features: { name: string; uniqueId?: string }[],
  worn: { name: string }[],
): "evasion" | "improved" | undefined {
  let found: "evasion" | undefined;
  for (const f of features) {
    const name = fold(f.name);
    const id = f.uniqueId?.toLowerCase() ?? "";
    if (IMPROVED_EVASION.test(name) || id.startsWith("improved-evasion")) return "improved";
    if (EVASION.test(name) || id === "eva" || id === "evasion") found = "evasion";
  }
  if (worn.some((w) => EVASION_ITEM.test(fold(w.name)))) found = "evasion";
  return found;
}

// ---------------------------------------------------------------------------------------------------
// Items (R14–R17)

/** What an item is, in the words both systems can be mapped to. */
export type ItemCategory = "weapon" | "armor" | "shield" | "worn" | "clothing" | "other";

/** An adapter's reading of one physical item, before R14's kind and R17's defaults. */
export interface ItemFacts {
  id: string;
  name: string;
  category: ItemCategory;
  /** Wondrous slot (`head`, `shoulders`, `ring`…), when the item has one. */
  slot?: string;
  equipped: boolean;
  magic: boolean;
  casterLevel?: number;
  enhancement: number;
  hardness?: number;
  hp?: number;
  maxHp?: number;
  /** For R17's SRD defaults. */
  weaponHandling?: string;
  shieldType?: string;
  armorBonus?: number;
  material?: string;
  size?: string;
  /** Names, base types and groups to recognise blades and metal-hafted weapons. */
  hints?: string[];
}

/** R14: which kind an item is for the ranking. */
export function itemKind(f: ItemFacts): ItemKind {
  switch (f.category) {
    case "shield":
      return f.equipped ? "shield" : "other";
    case "armor":
      return f.equipped ? "armor" : "other";
    case "weapon":
      // An equipped weapon is in hand; one carried but not equipped is sheathed or slung.
      return f.equipped ? "held" : "sheathed";
    case "clothing":
      return f.equipped ? "clothing" : "other";
    case "worn":
      return f.equipped ? slotKind(f.slot, f.name) : "other";
    case "other":
      return "other";
  }
}

const JEWELRY_NAME = /\b(brooch|broche|amulet|amulette|periapt|medallion|medaillon|necklace|collier|pendant|pendentif)\b/;

/** R14 by wondrous slot: head/headband → headgear, shoulders → cloak, wrists → bracers, body → clothing… */
export function slotKind(slot: string | undefined, name: string): ItemKind {
  switch (slot) {
    case "head":
    case "headband":
      return "headgear";
    case "shoulders":
      return "cloak";
    case "wrists":
      return "bracers";
    case "body":
    case "clothing":
      return "clothing";
    case "chest":
      // Vests, shirts and mantles are clothing; a brooch worn on the chest is jewelry.
      return JEWELRY_NAME.test(fold(name)) ? "jewelry" : "clothing";
    case "ring":
    case "neck":
      return "jewelry";
    default:
      return "other"; // eyes, hands, belt, feet, slotless
  }
}

/** Both systems' template default for a physical item that records nothing: hardness 0, 10 hp. */
const SYSTEM_DEFAULT_DURABILITY: HardnessAndHp = { hardness: 0, hp: 10 };

const SIZES: Record<string, Size> = {
  fine: "fine",
  dim: "diminutive",
  tiny: "tiny",
  sm: "small",
  med: "medium",
  lg: "large",
  huge: "huge",
  grg: "gargantuan",
  col: "colossal",
};

const BLADE = /\b(blade|blades(light|heavy)?|sword|shortsword|longsword|greatsword|dagger|rapier|scimitar|falchion|kukri|sickle|scythe|katana|wakizashi|glaive|epee|dague|cimeterre|faux|serpe|fauchon)\b/;
const METAL_HAFTED = /\b(mace|morningstar|flail|flails|hammer|hammers|warhammer|pick|masse|morgenstern|fleau|marteau|pic)\b/;

function weaponDefaults(f: ItemFacts): WeaponOrShieldKind {
  const hints = fold([f.name, ...(f.hints ?? [])].join(" "));
  const handling = f.weaponHandling ?? "";
  if (handling === "ranged") return "projectile";
  const size = handling === "light" ? "light" : handling === "2h" ? "twoHanded" : "oneHanded";
  if (BLADE.test(hints)) return size === "light" ? "lightBlade" : size === "twoHanded" ? "twoHandedBlade" : "oneHandedBlade";
  if (METAL_HAFTED.test(hints)) return size === "light" ? "lightMetalHafted" : "oneHandedMetalHafted";
  return size === "light" ? "lightHafted" : size === "twoHanded" ? "twoHandedHafted" : "oneHandedHafted";
}

function substanceOf(material: string | undefined, name: string): Substance {
  const m = fold(`${material ?? ""} ${name}`);
  if (/\badamantine\b/.test(m)) return "adamantine";
  if (/\bmithral\b/.test(m)) return "mithral";
  if (/\b(wood|darkwood|bois)\b/.test(m) && !material?.includes("steel")) return "wood";
  if (/\b(leather|hide|padded|studded|cuir|peau|matelassee|cloutee)\b/.test(m)) return "leatherOrHide";
  return "ironOrSteel";
}

function shieldDefaults(f: ItemFacts): WeaponOrShieldKind {
  const name = fold(f.name);
  if (f.shieldType === "towerShield" || /\b(tower|pavois)\b/.test(name)) return "towerShield";
  if (f.shieldType === "other" || /\b(buckler|targe|rondache)\b/.test(name)) return "buckler";
  const steel =
    /\b(steel|acier|metal|iron|fer)\b/.test(name) ||
    (!/\b(wood|wooden|bois)\b/.test(name) && /\b(steel|iron|mithral|adamantine)\b/.test(fold(f.material ?? "")));
  const heavy = f.shieldType === "heavyShield" || /\b(heavy|grand|lourd)\b/.test(name);
  if (steel) return heavy ? "heavySteelShield" : "lightSteelShield";
  return heavy ? "heavyWoodenShield" : "lightWoodenShield";
}

/** R17: the SRD hardness and hp of an item whose data lack them, enhancement included. */
export function srdDurability(f: ItemFacts): HardnessAndHp {
  const size = f.size ? SIZES[f.size] : undefined;
  const enhancement = Math.max(0, Math.trunc(f.enhancement));
  const sized = size ? { size } : {};
  switch (f.category) {
    case "weapon":
      return objectDefaults({ kind: weaponDefaults(f), ...sized, enhancement });
    case "shield":
      return objectDefaults({ kind: shieldDefaults(f), ...sized, enhancement });
    case "armor": {
      const armorBonus = Math.trunc(f.armorBonus ?? 0);
      if (armorBonus < 1) return SYSTEM_DEFAULT_DURABILITY;
      return objectDefaults({ kind: "armor", armorBonus, material: substanceOf(f.material, f.name), ...sized, enhancement });
    }
    default:
      return SYSTEM_DEFAULT_DURABILITY;
  }
}

/** R14–R17: an adapter's item facts as the module's item: kind, magic, hardness and hit points. */
export function targetItem(f: ItemFacts): TargetItem {
  const dataHardness = f.hardness !== undefined && f.hardness >= 0 ? Math.trunc(f.hardness) : undefined;
  const dataMax = f.maxHp !== undefined && f.maxHp > 0 ? Math.trunc(f.maxHp) : undefined;
  const fromData = dataHardness !== undefined && dataMax !== undefined;
  const srd = fromData ? undefined : srdDurability(f);
  const maxHp = dataMax ?? srd?.hp ?? 0;
  const hp = f.hp !== undefined && dataMax !== undefined ? Math.trunc(f.hp) : maxHp;
  const item: TargetItem = {
    id: f.id,
    name: f.name,
    kind: itemKind(f),
    magic: f.magic,
    hardness: dataHardness ?? srd?.hardness ?? 0,
    hp,
    maxHp,
    enhancement: f.enhancement,
    durabilityFrom: fromData ? "data" : "srd",
  };
  const cl = f.casterLevel ?? (f.enhancement > 0 ? 3 * f.enhancement : undefined);
  if (cl !== undefined && cl > 0) item.casterLevel = cl;
  return item;
}

/** Consumable kinds that are magic by nature (pf1 `subType`, D35E `consumableType`). */
export const MAGIC_CONSUMABLES = new Set(["potion", "scroll", "wand", "rod", "staff", "dorje", "powerstone", "tattoo"]);

/** The item hardness/hp fields both systems store at the same paths. */
/** The item fields both systems keep at the same paths: for R14's kind and R17's SRD defaults. */
export function sharedItemFields(
  system: Data,
  paths: { size: string; material?: readonly string[] },
): Pick<ItemFacts, "slot" | "weaponHandling" | "shieldType" | "armorBonus" | "material" | "size"> {
  const out: Pick<ItemFacts, "slot" | "weaponHandling" | "shieldType" | "armorBonus" | "material" | "size"> = {};
  const slot = str(system, "slot");
  if (slot) out.slot = slot;
  const handling = str(system, "weaponSubtype");
  if (handling) out.weaponHandling = handling;
  const shieldType = str(system, "equipmentSubtype");
  if (shieldType) out.shieldType = shieldType;
  const armorBonus = num(system, "armor.value");
  if (armorBonus !== undefined) out.armorBonus = armorBonus;
  const material = (paths.material ?? []).map((p) => str(system, p)).find((m) => m);
  if (material) out.material = material;
  const size = str(system, paths.size);
  if (size) out.size = size;
  return out;
}

export function durabilityFields(system: Data): Pick<ItemFacts, "hardness" | "hp" | "maxHp"> {
  const out: Pick<ItemFacts, "hardness" | "hp" | "maxHp"> = {};
  const hardness = num(system, "hardness");
  const hp = num(system, "hp.value");
  const maxHp = num(system, "hp.max");
  if (hardness !== undefined) out.hardness = hardness;
  if (hp !== undefined) out.hp = hp;
  if (maxHp !== undefined) out.maxHp = maxHp;
  return out;
}

/** Items that are carried at all (a horse's saddlebags or a stash at home are not caught in the spell). */
export function isCarried(item: ItemData): boolean {
  return bool(item.system, "carried") !== false && (num(item.system, "quantity") ?? 1) > 0;
}
