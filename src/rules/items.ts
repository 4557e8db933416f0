/**
 * R14: items caught in the spell. Carried and worn items survive a magical attack, except that a
 * creature rolling a natural 1 on its save against a spell that can harm objects exposes one item:
 * take its four highest-ranked items, pick one at random; that item saves (R16) and may be damaged (R17).
 */
import { requireBoolean, requireObject, requireOneOf } from "./errors";
import { rolledNatural1, type SaveOutcome } from "./roll";

export type ItemKind =
  | "shield"
  | "armor"
  | "headgear"
  | "held"
  | "cloak"
  | "sheathed"
  | "bracers"
  | "clothing"
  | "jewelry"
  | "other";

export const ITEM_KINDS = [
  "shield",
  "armor",
  "headgear",
  "held",
  "cloak",
  "sheathed",
  "bracers",
  "clothing",
  "jewelry",
  "other",
] as const satisfies readonly ItemKind[];

/** Number of items R14 draws from. */
export const EXPOSED_ITEM_COUNT = 4;

/** R14 table: the rank of each kind, and whether it holds that rank only when magic. */
const RANKS: Record<ItemKind, { rank: number; magicOnly: boolean }> = {
  shield: { rank: 1, magicOnly: false }, // bouclier
  armor: { rank: 2, magicOnly: false }, // armure
  headgear: { rank: 3, magicOnly: true }, // casque magique, couvre-chef ou serre-tête
  held: { rank: 4, magicOnly: false }, // objet tenu en main (arme, baguette…)
  cloak: { rank: 5, magicOnly: true }, // cape magique
  sheathed: { rank: 6, magicOnly: false }, // arme rangée au fourreau ou portée en bandoulière
  bracers: { rank: 7, magicOnly: true }, // bracelets magiques
  clothing: { rank: 8, magicOnly: true }, // vêtements magiques
  jewelry: { rank: 9, magicOnly: true }, // bijoux magiques (anneaux inclus)
  other: { rank: 10, magicOnly: false }, // tout le reste
};

/** The lowest rank: "anything else", where mundane hats, cloaks, bracers, clothes and rings also go. */
const LAST_RANK = 10;

/**
 * R14: an item's rank, 1 (first exposed: the shield) to 10 (anything else). Ranks 3, 5, 7, 8 and 9 are
 * for magic items only: a mundane hat, cloak, pair of bracers, garment or ring ranks 10.
 */
export function itemRank(item: { kind: ItemKind; magic: boolean }): number {
  const fn = "itemRank";
  requireObject(fn, "item", item);
  const kind = requireOneOf(fn, "kind", item.kind, ITEM_KINDS);
  const magic = requireBoolean(fn, "magic", item.magic);
  const { rank, magicOnly } = RANKS[kind];
  return magicOnly && !magic ? LAST_RANK : rank;
}

/**
 * R14: the (at most) four highest-ranked items (lowest rank numbers), best first. Ties keep the input
 * order (a stable sort), so the same inventory always gives the same four. The input is not modified.
 * The caller passes only the items the creature carries or wears.
 */
export function exposedItems<T extends { kind: ItemKind; magic: boolean }>(items: readonly T[]): T[] {
  const given: unknown = items; // callers from plain JS (macros) may pass anything
  if (!Array.isArray(given)) throw new TypeError("exposedItems: items must be an array");
  return items
    .map((item, index) => ({ item, index, rank: itemRank(item) }))
    .sort((a, b) => a.rank - b.rank || a.index - b.index)
    .slice(0, EXPOSED_ITEM_COUNT)
    .map(({ item }) => item);
}

/**
 * R14: one of the exposed items, chosen uniformly at random; `undefined` when the creature has none.
 * `random` returns a number in [0, 1) like `Math.random` (inject a fixed source in tests, or Foundry's
 * dice for a logged roll); anything else throws.
 */
export function pickExposedItem<T extends { kind: ItemKind; magic: boolean }>(
  items: readonly T[],
  random: () => number = Math.random,
): T | undefined {
  const exposed = exposedItems(items);
  if (exposed.length === 0) return undefined;
  const r = random();
  if (typeof r !== "number" || !(r >= 0 && r < 1)) {
    throw new RangeError(`pickExposedItem: random() must return a number in [0, 1), got ${String(r)}`);
  }
  return exposed[Math.floor(r * exposed.length)];
}

/**
 * R14: does this save expose an item? Only a *rolled* natural 1 (a waived save is not a roll, R11), and
 * only when the spell can harm objects (damage or an effect that the text says affects objects).
 */
export function exposesAnItem(outcome: SaveOutcome, spellHarmsObjects: boolean): boolean {
  requireBoolean("exposesAnItem", "spellHarmsObjects", spellHarmsObjects);
  return spellHarmsObjects && rolledNatural1(outcome);
}
