/**
 * The shared readers and rules-facing helpers of src/systems/common.ts, and adapterFor.
 */
import { describe, expect, it } from "vitest";
import { adapterFor, d35eAdapter, pf1Adapter } from "../../src/systems";
import {
  actorIdOf,
  aimOf,
  at,
  dcFormulaTerms,
  evasionFrom,
  harmlessInText,
  num,
  saveKindFromWord,
  slotKind,
  srdDurability,
  str,
  text,
  tokenIdOf,
  type ItemFacts,
} from "../../src/systems/common";

describe("adapterFor", () => {
  it("has pf1 and D35E, by their exact Foundry system ids", () => {
    expect(adapterFor("pf1")).toBe(pf1Adapter);
    expect(adapterFor("D35E")).toBe(d35eAdapter);
    expect(adapterFor("d35e")).toBeUndefined();
    expect(adapterFor("dnd5e")).toBeUndefined();
    expect(adapterFor("toString")).toBeUndefined();
  });
});

describe("readers", () => {
  const data = { a: { b: [{ c: 3 }, { c: "4" }], s: "  x ", e: "", n: null, nan: Number.NaN } };
  it("walk dotted paths through objects and arrays", () => {
    expect(at(data, "a.b.0.c")).toBe(3);
    expect(at(data, "a.b.5.c")).toBeUndefined();
    expect(at(data, "a.n.x")).toBeUndefined();
    expect(at("not an object", "a")).toBeUndefined();
  });
  it("read numbers, numeric strings included, never NaN", () => {
    expect(num(data, "a.b.0.c")).toBe(3);
    expect(num(data, "a.b.1.c")).toBe(4);
    expect(num(data, "a.s")).toBeUndefined();
    expect(num(data, "a.nan")).toBeUndefined();
    expect(num({ v: "-2" }, "v")).toBe(-2);
  });
  it("read strings, and non-empty trimmed text", () => {
    expect(str(data, "a.e")).toBe("");
    expect(text(data, "a.e")).toBeUndefined();
    expect(text(data, "a.s")).toBe("x");
  });
});

describe("ids and words", () => {
  it("reads token and actor ids out of uuids", () => {
    expect(tokenIdOf("Scene.s1.Token.t1")).toBe("t1");
    expect(tokenIdOf("Scene.s1.Token.t1.Actor.a1")).toBeUndefined();
    expect(actorIdOf("Actor.a1")).toBe("a1");
    expect(actorIdOf("Scene.s1.Token.t1.Actor.a1")).toBe("a1");
    expect(actorIdOf(undefined)).toBeUndefined();
  });
  it("reads D35E's save enum words", () => {
    expect(saveKindFromWord("reflexhalf")).toBe("ref");
    expect(saveKindFromWord("fortitudepartial")).toBe("fort");
    expect(saveKindFromWord("willnegates")).toBe("will");
    expect(saveKindFromWord("")).toBeUndefined();
    expect(saveKindFromWord(undefined)).toBeUndefined();
  });
  it("finds (harmless) in English and French save lines (R8)", () => {
    expect(harmlessInText("Will negates (harmless)")).toBe(true);
    expect(harmlessInText("Volonté, annule (inoffensif)")).toBe(true);
    expect(harmlessInText("Will negates")).toBe(false);
  });
});

describe("R9 spellbook DC formula", () => {
  it("reads the standard formula as no term, a constant as a term, anything else as unread", () => {
    expect(dcFormulaTerms("10 + @sl + @ablMod")).toEqual({ terms: [] });
    expect(dcFormulaTerms("10+@sl+@ablMod")).toEqual({ terms: [] });
    expect(dcFormulaTerms("10 + @sl + @ablMod + 2 - 1")).toEqual({ terms: [{ label: "dcFormula", value: 1 }] });
    expect(dcFormulaTerms("10 + @sl + @ablMod + @cl")).toEqual({ terms: [], unread: "10 + @sl + @ablMod + @cl" });
    expect(dcFormulaTerms("15 + @sl")).toEqual({ terms: [], unread: "15 + @sl" });
    expect(dcFormulaTerms(undefined)).toEqual({ terms: [] });
  });
});

describe("R13 aim", () => {
  it("area for an area, effect or template; a ray is targeted", () => {
    expect(aimOf({ area: "20-ft.-radius spread" })).toBe("area");
    expect(aimOf({ template: "cone" })).toBe("area");
    expect(aimOf({ effect: "wall of fire up to 20 ft. long" })).toBe("area");
    expect(aimOf({ effect: "Ray" })).toBe("targeted");
    expect(aimOf({})).toBe("targeted");
  });
});

describe("evasion", () => {
  it("prefers improved evasion, reads French names and worn rings", () => {
    expect(evasionFrom([{ name: "Evasion" }, { name: "Improved Evasion" }], [])).toBe("improved");
    expect(evasionFrom([{ name: "Improved Evasion" }, { name: "Evasion" }], [])).toBe("improved");
    expect(evasionFrom([{ name: "Esquive totale" }], [])).toBe("evasion");
    expect(evasionFrom([{ name: "Esquive extraordinaire" }], [])).toBe("improved");
    expect(evasionFrom([], [{ name: "Anneau d'esquive totale" }])).toBe("evasion");
    expect(evasionFrom([{ name: "Uncanny Dodge" }], [{ name: "Ring of Protection +1" }])).toBeUndefined();
  });
});

describe("R14 slots", () => {
  it("maps wondrous slots; a brooch on the chest is jewelry, a vest clothing", () => {
    expect(slotKind("head", "Hat")).toBe("headgear");
    expect(slotKind("headband", "Headband")).toBe("headgear");
    expect(slotKind("shoulders", "Cloak")).toBe("cloak");
    expect(slotKind("wrists", "Bracers")).toBe("bracers");
    expect(slotKind("body", "Robe")).toBe("clothing");
    expect(slotKind("chest", "Vest of Escape")).toBe("clothing");
    expect(slotKind("chest", "Brooch of Shielding")).toBe("jewelry");
    expect(slotKind("ring", "Ring")).toBe("jewelry");
    expect(slotKind("neck", "Amulet")).toBe("jewelry");
    expect(slotKind("feet", "Boots")).toBe("other");
    expect(slotKind(undefined, "Thing")).toBe("other");
  });
});

describe("R17 SRD durability from item facts", () => {
  const facts = (f: Partial<ItemFacts>): ItemFacts => ({
    id: "i",
    name: "Item",
    category: "weapon",
    equipped: true,
    magic: false,
    enhancement: 0,
    ...f,
  });
  it("weapons by blade / hafted / metal-hafted / projectile and handedness", () => {
    expect(srdDurability(facts({ name: "Dagger", weaponHandling: "light" }))).toEqual({ hardness: 10, hp: 2 });
    expect(srdDurability(facts({ name: "Longsword", weaponHandling: "1h" }))).toEqual({ hardness: 10, hp: 5 });
    expect(srdDurability(facts({ name: "Greatsword", weaponHandling: "2h" }))).toEqual({ hardness: 10, hp: 10 });
    expect(srdDurability(facts({ name: "Heavy Mace", weaponHandling: "1h" }))).toEqual({ hardness: 10, hp: 20 });
    expect(srdDurability(facts({ name: "Handaxe", weaponHandling: "light" }))).toEqual({ hardness: 5, hp: 2 });
    expect(srdDurability(facts({ name: "Light Crossbow", weaponHandling: "ranged" }))).toEqual({ hardness: 5, hp: 5 });
    expect(srdDurability(facts({ name: "Odd Thing", weaponHandling: "1h", hints: ["bladesLight"] }))).toEqual({ hardness: 10, hp: 5 });
  });
  it("enhancement adds 2 hardness and 10 hp per +1; small items have half the hit points", () => {
    expect(srdDurability(facts({ name: "Longsword", weaponHandling: "1h", enhancement: 2 }))).toEqual({ hardness: 14, hp: 25 });
    expect(srdDurability(facts({ name: "Longsword", weaponHandling: "1h", size: "sm" }))).toEqual({ hardness: 10, hp: 2 });
  });
  it("shields and armor", () => {
    expect(srdDurability(facts({ category: "shield", name: "Buckler", shieldType: "other" }))).toEqual({ hardness: 10, hp: 5 });
    expect(srdDurability(facts({ category: "shield", name: "Light Wooden Shield", shieldType: "lightShield" }))).toEqual({ hardness: 5, hp: 7 });
    expect(srdDurability(facts({ category: "shield", name: "Heavy Steel Shield", shieldType: "heavyShield" }))).toEqual({ hardness: 10, hp: 20 });
    expect(srdDurability(facts({ category: "shield", name: "Tower Shield", shieldType: "towerShield" }))).toEqual({ hardness: 5, hp: 20 });
    expect(srdDurability(facts({ category: "armor", name: "Leather Armor", armorBonus: 2 }))).toEqual({ hardness: 2, hp: 10 });
    expect(srdDurability(facts({ category: "armor", name: "Full Plate", armorBonus: 8 }))).toEqual({ hardness: 10, hp: 40 });
    expect(srdDurability(facts({ category: "armor", name: "Mithral Shirt", armorBonus: 4 }))).toEqual({ hardness: 15, hp: 20 });
    expect(srdDurability(facts({ category: "armor", name: "Bracers?", armorBonus: 0 }))).toEqual({ hardness: 0, hp: 10 });
  });
});
