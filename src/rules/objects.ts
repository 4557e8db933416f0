/**
 * R15–R17: objects as targets: whether an object saves and with what bonus, how energy damages it,
 * its hardness and hit points (SRD defaults), and whether it is broken or destroyed.
 */
import {
  optionalInteger,
  requireBoolean,
  requireFiniteNumber,
  requireInteger,
  requireObject,
  requireOneOf,
  requireString,
} from "./errors";

// ---------------------------------------------------------------------------------------------------
// R15–R16: the object's save

/**
 * R15–R16: an object's save bonus against a spell, or `null` when it gets no save.
 *
 * - R15: an unattended, non-magical object (`magic: false`, no `holderBonus`) gets no save: `null`;
 *   it takes the damage automatically.
 * - R16: a magic item's own bonus (Fortitude, Reflex and Will alike) is `2 + floor(casterLevel / 2)`;
 *   `casterLevel` is required for a magic item (no guess).
 * - R16: an attended object (worn, held or carried by a creature that resists the spell) uses
 *   `holderBonus`, the holder's bonus for that save, unless its own is higher.
 *
 * Pass `holderBonus` only for an attended object; it may be negative.
 */
export function objectSaveBonus(input: { magic: boolean; casterLevel?: number; holderBonus?: number }): number | null {
  const fn = "objectSaveBonus";
  requireObject(fn, "input", input);
  const magic = requireBoolean(fn, "magic", input.magic);
  const casterLevel = optionalInteger(fn, "casterLevel", input.casterLevel, { min: 0 });
  const holderBonus = optionalInteger(fn, "holderBonus", input.holderBonus);
  let own: number | undefined;
  if (magic) {
    if (casterLevel === undefined) {
      throw new TypeError(`${fn}: casterLevel is required for a magic item (its save is 2 + floor(CL/2))`);
    }
    own = 2 + Math.floor(casterLevel / 2);
  }
  if (holderBonus === undefined) return own ?? null;
  return own === undefined ? holderBonus : Math.max(holderBonus, own);
}

// ---------------------------------------------------------------------------------------------------
// R17: energy against objects

/** How an energy type damages an object (R17): the fraction it deals before hardness. */
export type ObjectEnergyRule = "full" | "half" | "quarter" | "none";

const ENERGY_RULES: ReadonlyMap<string, ObjectEnergyRule> = new Map<string, ObjectEnergyRule>([
  // R17: acid and sonic as normal
  ...["acid", "acide", "sonic", "sonique", "son"].map((n) => [n, "full"] as const),
  // not energy, or energy R17 gives no special rule: physical, force and untyped damage as normal
  ...[
    "",
    "untyped",
    "nontype",
    "sanstype",
    "force",
    "physical",
    "physique",
    "bludgeoning",
    "bludg",
    "contondant",
    "piercing",
    "perforant",
    "slashing",
    "tranchant",
  ].map((n) => [n, "full"] as const),
  // R17: fire and electricity half
  ...["fire", "feu", "electricity", "electric", "elec", "electricite", "electrique"].map(
    (n) => [n, "half"] as const,
  ),
  // R17: cold a quarter
  ...["cold", "froid"].map((n) => [n, "quarter"] as const),
  // Objects are immune to nonlethal damage (SRD "Attack an Object", Immunities). Positive and negative
  // energy harm only living and undead creatures, which an object is not: our reading, R17 is silent.
  ...["nonlethal", "nonletal", "nonletaux", "positive", "negative", "healing", "soins"].map(
    (n) => [n, "none"] as const,
  ),
]);

function foldEnergy(energy: string): string {
  return energy
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]/g, "")
    .replace(/^damage/, "")
    .replace(/energy|energie/g, "");
}

/**
 * R17: how an energy type damages objects, from English or French names and the systems' ids:
 * `"fire"`, `"Fire"`, `"energy-fire"`, `"feu"`, `"électricité"`, `"electric"`, `"energy-cold"`,
 * `"damage-bludg"`, `"Negative Energy"`… `undefined` (no energy, or `""`) is physical damage: `"full"`.
 * Returns `undefined` for a type this table does not know (e.g. D35E's `"Fire/Divine"`): the caller
 * must split the damage or ask the GM.
 */
export function objectEnergyRule(energy?: string): ObjectEnergyRule | undefined {
  if (energy === undefined) return "full";
  requireString("objectEnergyRule", "energy", energy);
  return ENERGY_RULES.get(foldEnergy(energy));
}

const DIVISOR: Record<ObjectEnergyRule, number> = { full: 1, half: 2, quarter: 4, none: Infinity };

/**
 * R17: hit points an object loses: divide energy damage (fire and electricity by 2, cold by 4, acid and
 * sonic not at all), rounding down, *then* subtract hardness; never below 0.
 * Cold 20 on steel (hardness 10): floor(20/4) = 5 - 10 → 0. Fire 30 on a +1 longsword (hardness 12):
 * 15 - 12 = 3. Throws for an energy type {@link objectEnergyRule} does not know.
 */
export function objectDamage(input: { damage: number; energy?: string; hardness: number }): number {
  const fn = "objectDamage";
  requireObject(fn, "input", input);
  const damage = requireInteger(fn, "damage", input.damage, { min: 0 });
  const hardness = requireInteger(fn, "hardness", input.hardness, { min: 0 });
  const rule = objectEnergyRule(input.energy);
  if (rule === undefined) {
    throw new RangeError(`${fn}: unknown energy type ${JSON.stringify(input.energy)}: split the damage or ask the GM`);
  }
  if (rule === "none") return 0;
  return Math.max(0, Math.floor(damage / DIVISOR[rule]) - hardness);
}

// ---------------------------------------------------------------------------------------------------
// R17: SRD hardness and hit points

export interface HardnessAndHp {
  hardness: number;
  hp: number;
}

/** SRD "Common Armor, Weapon, and Shield Hardness and Hit Points" (Medium items). */
const WEAPONS_AND_SHIELDS = {
  lightBlade: { hardness: 10, hp: 2 }, // short sword
  oneHandedBlade: { hardness: 10, hp: 5 }, // longsword
  twoHandedBlade: { hardness: 10, hp: 10 }, // greatsword
  lightMetalHafted: { hardness: 10, hp: 10 }, // light mace
  oneHandedMetalHafted: { hardness: 10, hp: 20 }, // heavy mace
  lightHafted: { hardness: 5, hp: 2 }, // handaxe
  oneHandedHafted: { hardness: 5, hp: 5 }, // battleaxe
  twoHandedHafted: { hardness: 5, hp: 10 }, // greataxe
  projectile: { hardness: 5, hp: 5 }, // crossbow
  buckler: { hardness: 10, hp: 5 },
  lightWoodenShield: { hardness: 5, hp: 7 },
  heavyWoodenShield: { hardness: 5, hp: 15 },
  lightSteelShield: { hardness: 10, hp: 10 },
  heavySteelShield: { hardness: 10, hp: 20 },
  towerShield: { hardness: 5, hp: 20 },
} as const satisfies Record<string, HardnessAndHp>;

export type WeaponOrShieldKind = keyof typeof WEAPONS_AND_SHIELDS;
export const WEAPON_OR_SHIELD_KINDS = Object.keys(WEAPONS_AND_SHIELDS) as WeaponOrShieldKind[];

/** SRD "Substance Hardness and Hit Points": hardness, and hit points per inch of thickness. */
const SUBSTANCES = {
  glass: { hardness: 1, hpPerInch: 1 },
  paperOrCloth: { hardness: 0, hpPerInch: 2 },
  rope: { hardness: 0, hpPerInch: 2 },
  ice: { hardness: 0, hpPerInch: 3 },
  leatherOrHide: { hardness: 2, hpPerInch: 5 },
  wood: { hardness: 5, hpPerInch: 10 },
  stone: { hardness: 8, hpPerInch: 15 },
  ironOrSteel: { hardness: 10, hpPerInch: 30 },
  mithral: { hardness: 15, hpPerInch: 30 },
  adamantine: { hardness: 20, hpPerInch: 40 },
} as const satisfies Record<string, { hardness: number; hpPerInch: number }>;

export type Substance = keyof typeof SUBSTANCES;
export const SUBSTANCE_KINDS = Object.keys(SUBSTANCES) as Substance[];

/** SRD size categories; the table's hit points are for Medium items. */
export const SIZES = ["fine", "diminutive", "tiny", "small", "medium", "large", "huge", "gargantuan", "colossal"] as const;
export type Size = (typeof SIZES)[number];

/** Hardness of a substance (armor's hardness is "special": that of its material). */
export function substanceHardness(material: Substance): number {
  return SUBSTANCES[requireOneOf("substanceHardness", "material", material, SUBSTANCE_KINDS)].hardness;
}

export type ObjectDefaultsInput =
  | { kind: WeaponOrShieldKind; size?: Size; enhancement?: number }
  | { kind: "armor"; armorBonus: number; material: Substance; size?: Size; enhancement?: number }
  | { kind: "substance"; material: Substance; thicknessInches: number; enhancement?: number };

/**
 * R17: SRD hardness and hit points for an item whose data lack them.
 *
 * - weapons and shields: the SRD table (light blade 10/2 … tower shield 5/20);
 * - armor: hardness of its material (the table says "special"; leather 2, steel 10, mithral 15,
 *   adamantine 20), hit points `5 × armorBonus` (the armor's base bonus, without enhancement);
 * - any other object: hardness of its substance and hit points per inch of thickness,
 *   `floor(hpPerInch × thicknessInches)` but at least 1 (a thin sheet still has a hit point to lose).
 *
 * `size` (weapons, shields, armor; default Medium): the table is for Medium items; hit points halve per
 * size smaller and double per size larger (rounded down, at least 1), as the table's note says.
 * `enhancement` (default 0) is then applied by {@link enhancedObject}.
 */
export function objectDefaults(input: ObjectDefaultsInput): HardnessAndHp {
  const fn = "objectDefaults";
  requireObject(fn, "input", input);
  const enhancement = optionalInteger(fn, "enhancement", input.enhancement, { min: 0 }) ?? 0;
  const kind = requireOneOf(fn, "kind", input.kind, [...WEAPON_OR_SHIELD_KINDS, "armor", "substance"] as const);
  let base: HardnessAndHp;
  if (kind === "substance") {
    const i = input as Extract<ObjectDefaultsInput, { kind: "substance" }>;
    const material = SUBSTANCES[requireOneOf(fn, "material", i.material, SUBSTANCE_KINDS)];
    const inches = requireFiniteNumber(fn, "thicknessInches", i.thicknessInches, { min: 0 });
    if (inches === 0) throw new RangeError(`${fn}: thicknessInches must be more than 0, got 0`);
    base = { hardness: material.hardness, hp: Math.max(1, Math.floor(material.hpPerInch * inches)) };
  } else {
    const sized = input as Exclude<ObjectDefaultsInput, { kind: "substance" }>;
    const size = sized.size === undefined ? "medium" : requireOneOf(fn, "size", sized.size, SIZES);
    if (kind === "armor") {
      const i = input as Extract<ObjectDefaultsInput, { kind: "armor" }>;
      const material = requireOneOf(fn, "material", i.material, SUBSTANCE_KINDS);
      const armorBonus = requireInteger(fn, "armorBonus", i.armorBonus, { min: 1 });
      base = { hardness: SUBSTANCES[material].hardness, hp: 5 * armorBonus };
    } else {
      base = { ...WEAPONS_AND_SHIELDS[kind] };
    }
    const steps = SIZES.indexOf(size) - SIZES.indexOf("medium");
    base.hp = Math.max(1, Math.floor(base.hp * 2 ** steps));
  }
  return enhancedObject({ ...base, enhancement });
}

/** R17: each +1 of enhancement adds 2 hardness and 10 hit points. */
export function enhancedObject(input: { hardness: number; hp: number; enhancement: number }): HardnessAndHp {
  const fn = "enhancedObject";
  requireObject(fn, "input", input);
  const hardness = requireInteger(fn, "hardness", input.hardness, { min: 0 });
  const hp = requireInteger(fn, "hp", input.hp, { min: 0 });
  const enhancement = requireInteger(fn, "enhancement", input.enhancement, { min: 0 });
  return { hardness: hardness + 2 * enhancement, hp: hp + 10 * enhancement };
}

// ---------------------------------------------------------------------------------------------------
// R17: the object's state

export type ObjectCondition = "intact" | "broken" | "destroyed";

/**
 * R17: at 0 hit points (or fewer) an object is destroyed. PF1 (`pf1: true`) adds the broken condition at
 * half its maximum hit points or less (`hp <= maxHp / 2`, so 7 of 15 is broken, 8 of 15 is not); the
 * 3.5 rules have no hit-point threshold for broken.
 */
export function objectCondition(input: { hp: number; maxHp: number; pf1: boolean }): ObjectCondition {
  const fn = "objectCondition";
  requireObject(fn, "input", input);
  const hp = requireInteger(fn, "hp", input.hp);
  const maxHp = requireInteger(fn, "maxHp", input.maxHp, { min: 1 });
  const pf1 = requireBoolean(fn, "pf1", input.pf1);
  if (hp <= 0) return "destroyed";
  if (pf1 && hp * 2 <= maxHp) return "broken";
  return "intact";
}
