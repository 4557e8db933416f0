import { describe, expect, it } from "vitest";
import {
  EXPOSED_ITEM_COUNT,
  exposedItems,
  exposesAnItem,
  ITEM_KINDS,
  itemRank,
  pickExposedItem,
  type ItemKind,
} from "../../src/rules/items";
import { rolledSave, waivedSave } from "../../src/rules/roll";

interface Item {
  name: string;
  kind: ItemKind;
  magic: boolean;
}
const item = (name: string, kind: ItemKind, magic = false): Item => ({ name, kind, magic });

describe("R14 itemRank", () => {
  it.each<[ItemKind, number]>([
    ["shield", 1],
    ["armor", 2],
    ["headgear", 3],
    ["held", 4],
    ["cloak", 5],
    ["sheathed", 6],
    ["bracers", 7],
    ["clothing", 8],
    ["jewelry", 9],
    ["other", 10],
  ])("R14 a magic %s ranks %i", (kind, rank) => {
    expect(itemRank({ kind, magic: true })).toBe(rank);
  });

  it.each<[ItemKind, number]>([
    ["shield", 1],
    ["armor", 2],
    ["headgear", 10],
    ["held", 4],
    ["cloak", 10],
    ["sheathed", 6],
    ["bracers", 10],
    ["clothing", 10],
    ["jewelry", 10],
    ["other", 10],
  ])("R14 a mundane %s ranks %i (ranks 3, 5, 7, 8, 9 are magic only)", (kind, rank) => {
    expect(itemRank({ kind, magic: false })).toBe(rank);
  });

  it("R14 every kind is covered", () => {
    expect(ITEM_KINDS).toHaveLength(10);
  });

  it("R14 bad items throw", () => {
    expect(() => itemRank({ kind: "ring" as ItemKind, magic: true })).toThrow(/itemRank: kind must be one of/);
    expect(() => itemRank({ kind: "shield", magic: undefined as unknown as boolean })).toThrow(
      /itemRank: magic must be true or false, got undefined/,
    );
  });
});

describe("R14 exposedItems: the four highest-ranked", () => {
  // A 3.5 fighter: heavy steel shield, full plate, longsword in hand, dagger sheathed,
  // cloak of resistance +1, ring of protection +1, plain backpack, mundane traveler's outfit.
  const fighter = [
    item("backpack", "other"),
    item("ring of protection +1", "jewelry", true),
    item("cloak of resistance +1", "cloak", true),
    item("dagger", "sheathed"),
    item("longsword", "held"),
    item("full plate", "armor"),
    item("heavy steel shield", "shield"),
    item("traveler's outfit", "clothing"),
  ];

  it("R14 picks shield, armor, item in hand, magic cloak — in rank order", () => {
    expect(exposedItems(fighter).map((i) => i.name)).toEqual([
      "heavy steel shield",
      "full plate",
      "longsword",
      "cloak of resistance +1",
    ]);
    expect(EXPOSED_ITEM_COUNT).toBe(4);
  });

  it("R14 a mundane hat is 'anything else': a magic headband outranks the held item, a mundane hat does not", () => {
    const items = [item("hat", "headgear"), item("wand", "held"), item("headband of intellect +2", "headgear", true)];
    expect(exposedItems(items).map((i) => i.name)).toEqual(["headband of intellect +2", "wand", "hat"]);
  });

  it("R14 ties keep the input order (stable)", () => {
    const items = [
      item("rope", "other"),
      item("torch", "other"),
      item("rations", "other"),
      item("waterskin", "other"),
      item("bedroll", "other"),
    ];
    expect(exposedItems(items).map((i) => i.name)).toEqual(["rope", "torch", "rations", "waterskin"]);
    const twoHeld = [item("dagger", "held"), item("wand", "held", true)];
    expect(exposedItems(twoHeld).map((i) => i.name)).toEqual(["dagger", "wand"]);
  });

  it("R14 fewer than four items: all of them; none: empty; the input is not modified", () => {
    const two = [item("ring", "jewelry", true), item("shield", "shield")];
    const copy = [...two];
    expect(exposedItems(two).map((i) => i.name)).toEqual(["shield", "ring"]);
    expect(two).toEqual(copy);
    expect(exposedItems([])).toEqual([]);
  });

  it("R14 returns the caller's own objects (extra fields kept)", () => {
    const shield = { ...item("buckler", "shield"), id: "abc" };
    expect(exposedItems([shield])[0]).toBe(shield);
  });

  it("R14 bad arguments throw", () => {
    expect(() => exposedItems(undefined as unknown as Item[])).toThrow(/exposedItems: items must be an array/);
    expect(() => exposedItems([item("x", "belt" as ItemKind)])).toThrow(/itemRank: kind/);
  });
});

describe("R14 pickExposedItem: uniformly among the exposed four", () => {
  const items = [
    item("potion", "other"),
    item("shield", "shield"),
    item("armor", "armor"),
    item("sword", "held"),
    item("bracers of armor +2", "bracers", true),
    item("dagger", "sheathed"),
  ];

  it("R14 the random source selects by quarters: [0, .25) first … [.75, 1) last", () => {
    expect(pickExposedItem(items, () => 0)?.name).toBe("shield");
    expect(pickExposedItem(items, () => 0.25)?.name).toBe("armor");
    expect(pickExposedItem(items, () => 0.5)?.name).toBe("sword");
    expect(pickExposedItem(items, () => 0.74)?.name).toBe("sword");
    expect(pickExposedItem(items, () => 0.75)?.name).toBe("dagger");
    expect(pickExposedItem(items, () => 0.999999)?.name).toBe("dagger");
  });

  it("R14 only exposed items are ever picked; each about a quarter of the time", () => {
    let seed = 12345;
    const lcg = (): number => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed / 2147483648;
    };
    const counts = new Map<string, number>();
    for (let n = 0; n < 4000; n++) {
      const picked = pickExposedItem(items, lcg)?.name ?? "none";
      counts.set(picked, (counts.get(picked) ?? 0) + 1);
    }
    expect([...counts.keys()].sort()).toEqual(["armor", "dagger", "shield", "sword"]);
    for (const count of counts.values()) expect(count).toBeGreaterThan(850);
  });

  it("R14 no items: undefined, and the random source is not called", () => {
    let calls = 0;
    expect(
      pickExposedItem<Item>([], () => {
        calls++;
        return 0;
      }),
    ).toBeUndefined();
    expect(calls).toBe(0);
  });

  it("R14 defaults to Math.random", () => {
    expect(pickExposedItem([item("ring", "jewelry", true)])?.name).toBe("ring");
  });

  it("R14 a random source outside [0, 1) throws", () => {
    expect(() => pickExposedItem(items, () => 1)).toThrow(/pickExposedItem: random\(\) must return a number in \[0, 1\), got 1/);
    expect(() => pickExposedItem(items, () => -0.1)).toThrow(RangeError);
    expect(() => pickExposedItem(items, () => Number.NaN)).toThrow(RangeError);
  });
});

describe("R14 exposesAnItem", () => {
  it("R14 only a rolled natural 1 against a spell that can harm objects", () => {
    const nat1 = rolledSave({ natural: 1, total: 8, dc: 16 });
    const failed = rolledSave({ natural: 5, total: 9, dc: 16 });
    expect(exposesAnItem(nat1, true)).toBe(true);
    expect(exposesAnItem(nat1, false)).toBe(false);
    expect(exposesAnItem(failed, true)).toBe(false);
    expect(exposesAnItem(waivedSave(), true)).toBe(false); // R11: not a roll
  });
});
