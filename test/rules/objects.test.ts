import { describe, expect, it } from "vitest";
import {
  enhancedObject,
  objectCondition,
  objectDamage,
  objectDefaults,
  objectEnergyRule,
  objectSaveBonus,
  substanceHardness,
  SUBSTANCE_KINDS,
  WEAPON_OR_SHIELD_KINDS,
  type ObjectDefaultsInput,
} from "../../src/rules/objects";

describe("R15–R16 objectSaveBonus", () => {
  it("R15 an unattended, non-magical object gets no save", () => {
    expect(objectSaveBonus({ magic: false })).toBeNull();
  });

  it("R16 a magic item's own save is 2 + floor(CL / 2): +1 longsword (CL 3) +3, wand of fireball (CL 5) +4", () => {
    expect(objectSaveBonus({ magic: true, casterLevel: 3 })).toBe(3);
    expect(objectSaveBonus({ magic: true, casterLevel: 5 })).toBe(4);
    expect(objectSaveBonus({ magic: true, casterLevel: 12 })).toBe(8);
    expect(objectSaveBonus({ magic: true, casterLevel: 1 })).toBe(2);
  });

  it("R16 an attended object uses its holder's bonus unless its own is higher", () => {
    expect(objectSaveBonus({ magic: false, holderBonus: 5 })).toBe(5); // mundane shield of a fighter, Reflex +5
    expect(objectSaveBonus({ magic: false, holderBonus: -1 })).toBe(-1);
    expect(objectSaveBonus({ magic: true, casterLevel: 5, holderBonus: 7 })).toBe(7);
    expect(objectSaveBonus({ magic: true, casterLevel: 5, holderBonus: 2 })).toBe(4);
  });

  it("R16 a magic item needs its caster level; bad numbers throw", () => {
    expect(() => objectSaveBonus({ magic: true })).toThrow(/objectSaveBonus: casterLevel is required for a magic item/);
    expect(() => objectSaveBonus({ magic: true, casterLevel: -3 })).toThrow(RangeError);
    expect(() => objectSaveBonus({ magic: true, casterLevel: 4.5 })).toThrow(RangeError);
    expect(() => objectSaveBonus({ magic: false, holderBonus: Number.NaN })).toThrow(/holderBonus/);
    expect(() => objectSaveBonus({ magic: "yes" as unknown as boolean })).toThrow(TypeError);
  });
});

describe("R17 objectDamage: divide energy (rounding down), then subtract hardness", () => {
  it("R17 cold 20 on a steel item (hardness 10): floor(20/4) = 5, minus 10 → 0", () => {
    expect(objectDamage({ damage: 20, energy: "cold", hardness: 10 })).toBe(0);
  });

  it("R17 fire 30 on a +1 longsword (hardness 12, hp 15): 15 - 12 = 3", () => {
    expect(objectDamage({ damage: 30, energy: "fire", hardness: 12 })).toBe(3);
  });

  it("R17 electricity 25 on an iron door (hardness 10): floor(25/2) = 12 - 10 = 2", () => {
    expect(objectDamage({ damage: 25, energy: "electricity", hardness: 10 })).toBe(2);
  });

  it("R17 acid and sonic are full: acid 18 on a good wooden door (hardness 5) → 13", () => {
    expect(objectDamage({ damage: 18, energy: "acid", hardness: 5 })).toBe(13);
    expect(objectDamage({ damage: 18, energy: "sonic", hardness: 5 })).toBe(13);
  });

  it("R17 rounding is before hardness: fire 7 on rope (hardness 0) → 3; cold 7 → 1", () => {
    expect(objectDamage({ damage: 7, energy: "fire", hardness: 0 })).toBe(3);
    expect(objectDamage({ damage: 7, energy: "cold", hardness: 0 })).toBe(1);
  });

  it("R17 physical or untyped damage (no energy) is full; never below 0", () => {
    expect(objectDamage({ damage: 12, hardness: 5 })).toBe(7);
    expect(objectDamage({ damage: 3, hardness: 5 })).toBe(0);
    expect(objectDamage({ damage: 0, energy: "acid", hardness: 0 })).toBe(0);
  });

  it("R17 objects are immune to nonlethal damage and to positive and negative energy", () => {
    expect(objectDamage({ damage: 12, energy: "nonlethal", hardness: 0 })).toBe(0);
    expect(objectDamage({ damage: 12, energy: "energy-negative", hardness: 0 })).toBe(0);
  });

  it("R17 an unknown energy type throws rather than guessing", () => {
    expect(() => objectDamage({ damage: 12, energy: "Fire/Divine", hardness: 0 })).toThrow(
      /objectDamage: unknown energy type "Fire\/Divine"/,
    );
  });

  it("R17 bad numbers throw", () => {
    expect(() => objectDamage({ damage: -1, hardness: 5 })).toThrow(/objectDamage: damage must be an integer >= 0/);
    expect(() => objectDamage({ damage: 5, hardness: 2.5 })).toThrow(/hardness/);
    expect(() => objectDamage({ damage: 5, hardness: 2, energy: 3 as unknown as string })).toThrow(TypeError);
  });
});

describe("R17 objectEnergyRule: English, French and system ids", () => {
  it.each([
    // pf1 ids
    ["fire", "half"],
    ["electric", "half"],
    ["cold", "quarter"],
    ["acid", "full"],
    ["sonic", "full"],
    ["force", "full"],
    ["untyped", "full"],
    ["bludgeoning", "full"],
    ["slashing", "full"],
    ["piercing", "full"],
    ["negative", "none"],
    ["positive", "none"],
    // D35E ids and labels
    ["energy-fire", "half"],
    ["energy-electric", "half"],
    ["energy-cold", "quarter"],
    ["energy-acid", "full"],
    ["energy-sonic", "full"],
    ["energy-force", "full"],
    ["energy-negative", "none"],
    ["energy-positive", "none"],
    ["damage-untyped", "full"],
    ["damage-untyped-energy", "full"],
    ["damage-bludg", "full"],
    ["damage-piercing", "full"],
    ["damage-healing", "none"],
    ["Fire", "half"],
    ["Cold", "quarter"],
    ["Bludgeoning", "full"],
    ["Negative Energy", "none"],
    ["positive energy", "none"],
    ["", "full"],
    // French
    ["feu", "half"],
    ["électricité", "half"],
    ["Électricité", "half"],
    ["froid", "quarter"],
    ["acide", "full"],
    ["son", "full"],
    ["sonique", "full"],
    ["énergie négative", "none"],
    ["contondant", "full"],
  ] as const)("R17 %j → %s", (energy, rule) => {
    expect(objectEnergyRule(energy)).toBe(rule);
  });

  it("R17 no energy is physical damage; unknown names are undefined", () => {
    expect(objectEnergyRule()).toBe("full");
    expect(objectEnergyRule("Fire/Divine")).toBeUndefined();
    expect(objectEnergyRule("Negative Levels")).toBeUndefined();
  });
});

describe("R17 objectDefaults: SRD hardness and hit points", () => {
  it.each<[ObjectDefaultsInput["kind"], number, number]>([
    ["lightBlade", 10, 2],
    ["oneHandedBlade", 10, 5],
    ["twoHandedBlade", 10, 10],
    ["lightMetalHafted", 10, 10],
    ["oneHandedMetalHafted", 10, 20],
    ["lightHafted", 5, 2],
    ["oneHandedHafted", 5, 5],
    ["twoHandedHafted", 5, 10],
    ["projectile", 5, 5],
    ["buckler", 10, 5],
    ["lightWoodenShield", 5, 7],
    ["heavyWoodenShield", 5, 15],
    ["lightSteelShield", 10, 10],
    ["heavySteelShield", 10, 20],
    ["towerShield", 5, 20],
  ])("R17 %s: hardness %i, %i hp", (kind, hardness, hp) => {
    expect(objectDefaults({ kind } as ObjectDefaultsInput)).toEqual({ hardness, hp });
  });

  it("R17 the table has 15 weapon and shield rows and 10 substances", () => {
    expect(WEAPON_OR_SHIELD_KINDS).toHaveLength(15);
    expect(SUBSTANCE_KINDS).toHaveLength(10);
  });

  it("R17 a +1 longsword: hardness 12, 15 hp", () => {
    expect(objectDefaults({ kind: "oneHandedBlade", enhancement: 1 })).toEqual({ hardness: 12, hp: 15 });
  });

  it("R17 armor: material hardness, 5 × armor bonus hit points", () => {
    expect(objectDefaults({ kind: "armor", armorBonus: 8, material: "ironOrSteel" })).toEqual({ hardness: 10, hp: 40 }); // full plate
    expect(objectDefaults({ kind: "armor", armorBonus: 2, material: "leatherOrHide" })).toEqual({ hardness: 2, hp: 10 }); // leather
    expect(objectDefaults({ kind: "armor", armorBonus: 4, material: "mithral", enhancement: 1 })).toEqual({
      hardness: 17,
      hp: 30,
    }); // +1 mithral chain shirt
    expect(objectDefaults({ kind: "armor", armorBonus: 1, material: "paperOrCloth" })).toEqual({ hardness: 0, hp: 5 }); // padded
  });

  it.each<[ObjectDefaultsInput & { kind: "substance" }, number, number]>([
    [{ kind: "substance", material: "ironOrSteel", thicknessInches: 2 }, 10, 60], // iron door (2 in.): SRD 10 / 60
    [{ kind: "substance", material: "wood", thicknessInches: 1 }, 5, 10], // simple wooden door: SRD 5 / 10
    [{ kind: "substance", material: "rope", thicknessInches: 1 }, 0, 2], // rope (1 in.): SRD 0 / 2
    [{ kind: "substance", material: "glass", thicknessInches: 0.25 }, 1, 1], // thin glass: at least 1 hp
    [{ kind: "substance", material: "ice", thicknessInches: 1.5 }, 0, 4],
    [{ kind: "substance", material: "adamantine", thicknessInches: 1 }, 20, 40],
    [{ kind: "substance", material: "stone", thicknessInches: 3 }, 8, 45],
  ])("R17 substance %j: hardness %i, %i hp", (input, hardness, hp) => {
    expect(objectDefaults(input)).toEqual({ hardness, hp });
  });

  it("R17 substanceHardness", () => {
    expect(substanceHardness("mithral")).toBe(15);
    expect(substanceHardness("leatherOrHide")).toBe(2);
    expect(() => substanceHardness("bronze" as "wood")).toThrow(/substanceHardness: material/);
  });

  it("R17 hit points are for Medium items: halve per size smaller, double per size larger", () => {
    expect(objectDefaults({ kind: "oneHandedBlade", size: "small" })).toEqual({ hardness: 10, hp: 2 });
    expect(objectDefaults({ kind: "oneHandedBlade", size: "large" })).toEqual({ hardness: 10, hp: 10 });
    expect(objectDefaults({ kind: "lightBlade", size: "tiny" })).toEqual({ hardness: 10, hp: 1 }); // at least 1
    expect(objectDefaults({ kind: "armor", armorBonus: 8, material: "ironOrSteel", size: "huge" })).toEqual({
      hardness: 10,
      hp: 160,
    });
    expect(objectDefaults({ kind: "oneHandedBlade", size: "small", enhancement: 1 })).toEqual({ hardness: 12, hp: 12 });
  });

  it("R17 bad arguments throw", () => {
    expect(() => objectDefaults({ kind: "katana" } as unknown as ObjectDefaultsInput)).toThrow(/objectDefaults: kind/);
    expect(() => objectDefaults({ kind: "armor", armorBonus: 0, material: "ironOrSteel" })).toThrow(/armorBonus/);
    expect(() => objectDefaults({ kind: "armor", armorBonus: 4 } as unknown as ObjectDefaultsInput)).toThrow(/material/);
    expect(() => objectDefaults({ kind: "substance", material: "wood", thicknessInches: 0 })).toThrow(/thicknessInches/);
    expect(() => objectDefaults({ kind: "substance", material: "wood", thicknessInches: Number.NaN })).toThrow(RangeError);
    expect(() => objectDefaults({ kind: "lightBlade", enhancement: -1 })).toThrow(/enhancement/);
    expect(() => objectDefaults({ kind: "lightBlade", size: "medium-ish" as "medium" })).toThrow(/size/);
  });
});

describe("R17 enhancedObject: +2 hardness and +10 hp per +1", () => {
  it("R17 +1 longsword 10/5 → 12/15; +5 heavy steel shield 10/20 → 20/70; +0 unchanged", () => {
    expect(enhancedObject({ hardness: 10, hp: 5, enhancement: 1 })).toEqual({ hardness: 12, hp: 15 });
    expect(enhancedObject({ hardness: 10, hp: 20, enhancement: 5 })).toEqual({ hardness: 20, hp: 70 });
    expect(enhancedObject({ hardness: 5, hp: 7, enhancement: 0 })).toEqual({ hardness: 5, hp: 7 });
  });

  it("R17 bad arguments throw", () => {
    expect(() => enhancedObject({ hardness: 10, hp: 5, enhancement: -1 })).toThrow(
      /enhancedObject: enhancement must be an integer >= 0, got -1/,
    );
    expect(() => enhancedObject({ hardness: 10, hp: 5, enhancement: 1.5 })).toThrow(RangeError);
  });
});

describe("R17 objectCondition", () => {
  it("R17 fire 30 on a +1 longsword (12/15): 3 damage leaves 12 hp, intact", () => {
    const { hardness, hp } = objectDefaults({ kind: "oneHandedBlade", enhancement: 1 });
    const left = hp - objectDamage({ damage: 30, energy: "fire", hardness });
    expect(left).toBe(12);
    expect(objectCondition({ hp: left, maxHp: hp, pf1: true })).toBe("intact");
  });

  it("R17 PF1: at half its hit points or less the object is broken (7 of 15 yes, 8 of 15 no, 10 of 20 yes)", () => {
    expect(objectCondition({ hp: 7, maxHp: 15, pf1: true })).toBe("broken");
    expect(objectCondition({ hp: 8, maxHp: 15, pf1: true })).toBe("intact");
    expect(objectCondition({ hp: 10, maxHp: 20, pf1: true })).toBe("broken");
    expect(objectCondition({ hp: 1, maxHp: 2, pf1: true })).toBe("broken");
  });

  it("R17 3.5: no broken threshold, only destroyed at 0", () => {
    expect(objectCondition({ hp: 1, maxHp: 20, pf1: false })).toBe("intact");
    expect(objectCondition({ hp: 0, maxHp: 20, pf1: false })).toBe("destroyed");
  });

  it("R17 at 0 hp or below the object is destroyed", () => {
    expect(objectCondition({ hp: 0, maxHp: 15, pf1: true })).toBe("destroyed");
    expect(objectCondition({ hp: -4, maxHp: 15, pf1: false })).toBe("destroyed");
  });

  it("R17 bad arguments throw", () => {
    expect(() => objectCondition({ hp: 5, maxHp: 0, pf1: true })).toThrow(/objectCondition: maxHp must be an integer >= 1/);
    expect(() => objectCondition({ hp: Number.NaN, maxHp: 5, pf1: true })).toThrow(RangeError);
    expect(() => objectCondition({ hp: 5, maxHp: 5 } as unknown as { hp: number; maxHp: number; pf1: boolean })).toThrow(
      /pf1 must be true or false/,
    );
  });
});
