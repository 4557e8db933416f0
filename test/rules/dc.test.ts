import { readDataText } from "../fixtures/data";
import { describe, expect, it } from "vitest";
import {
  abilityModifier,
  casterClassId,
  castingAbility,
  DC_TERM,
  itemSpellDC,
  spellLevelFor,
  spellSaveDC,
} from "../../src/rules/dc";

interface SpellRow {
  name: string;
  levels: Record<string, number>;
  domains: Record<string, number> | null;
}

function readSpells(file: string): SpellRow[] {
  const text = readDataText(file);
  return text
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => JSON.parse(line) as SpellRow);
}

const d35e = readSpells("spells-d35e.jsonl");
const pf1 = readSpells("spells-pf1.jsonl");

describe("R9 abilityModifier: floor((score - 10) / 2)", () => {
  it.each([
    [0, -5],
    [1, -5],
    [3, -4],
    [8, -1],
    [9, -1],
    [10, 0],
    [11, 0],
    [16, 3],
    [17, 3],
    [18, 4],
    [25, 7],
    [45, 17],
  ])("R9 score %i → %i (rounded down, also below 10)", (score, mod) => {
    expect(abilityModifier(score)).toBe(mod);
  });

  it("R9 rejects scores that are not whole non-negative numbers", () => {
    expect(() => abilityModifier(-1)).toThrow(RangeError);
    expect(() => abilityModifier(-1)).toThrow(/abilityModifier: score must be an integer >= 0, got -1/);
    expect(() => abilityModifier(Number.NaN)).toThrow(RangeError);
    expect(() => abilityModifier(15.5)).toThrow(RangeError);
    expect(() => abilityModifier("16" as unknown as number)).toThrow(TypeError);
    expect(() => abilityModifier(null as unknown as number)).toThrow(TypeError);
  });
});

describe("R9 castingAbility", () => {
  it.each([
    ["Wizard", "int"],
    ["Sorcerer", "cha"],
    ["Bard", "cha"],
    ["Cleric", "wis"],
    ["Druid", "wis"],
    ["Paladin", "wis"],
    ["Ranger", "wis"],
    ["Assassin", "int"],
    ["Blackguard", "wis"],
    ["Adept", "wis"],
  ] as const)("R9 3.5 SRD: %s → %s", (name, ability) => {
    expect(castingAbility(name)).toBe(ability);
  });

  it.each([
    ["oracle", "cha"],
    ["summoner", "cha"],
    ["summonerUnchained", "cha"],
    ["bloodrager", "cha"],
    ["witch", "int"],
    ["magus", "int"],
    ["alchemist", "int"],
    ["arcanist", "int"],
    ["investigator", "int"],
    ["inquisitor", "wis"],
    ["shaman", "wis"],
    ["hunter", "wis"],
    ["warpriest", "wis"],
    ["skald", "cha"],
    ["psychic", "int"],
    ["mesmerist", "cha"],
    ["occultist", "int"],
    ["spiritualist", "wis"],
    ["medium", "cha"],
    ["antipaladin", "cha"],
    ["adept", "wis"],
  ] as const)("R9 PF1: %s → %s", (name, ability) => {
    expect(castingAbility(name, "pf1")).toBe(ability);
    expect(castingAbility(name)).toBe(ability); // PF1-only classes need no edition
  });

  it("R9 the paladin is the one class whose ability differs: Wis in 3.5, Cha in PF1", () => {
    expect(castingAbility("Paladin", "3.5")).toBe("wis");
    expect(castingAbility("paladin", "pf1")).toBe("cha");
    expect(castingAbility("Paladin")).toBe("wis"); // RULES.md R9 as written
    expect(castingAbility("ranger", "pf1")).toBe("wis");
  });

  it.each([
    ["Magicien", "int"],
    ["Ensorceleur", "cha"],
    ["Barde", "cha"],
    ["Prêtre", "wis"],
    ["Clerc", "wis"],
    ["Druide", "wis"],
    ["Paladin", "wis"],
    ["Rôdeur", "wis"],
    ["Chevalier noir", "wis"],
    ["Adepte", "wis"],
    ["Oracle", "cha"],
    ["Conjurateur", "cha"],
    ["Sanguin", "cha"],
    ["Sorcière", "int"],
    ["Magus", "int"],
    ["Alchimiste", "int"],
    ["Arcaniste", "int"],
    ["Enquêteur", "int"],
    ["Inquisiteur", "wis"],
    ["Chaman", "wis"],
    ["Chasseur", "wis"],
    ["Prêtre combattant", "wis"],
    ["Scalde", "cha"],
    ["Occultiste", "int"],
    ["Médium", "cha"],
  ] as const)("R9 French: %s → %s", (name, ability) => {
    expect(castingAbility(name)).toBe(ability);
  });

  it("R9 ignores case, accents, spaces and hyphens", () => {
    expect(castingAbility("WIZARD")).toBe("int");
    expect(castingAbility("  wizard ")).toBe("int");
    expect(castingAbility("pretre")).toBe("wis");
    expect(castingAbility("PRÊTRE-COMBATTANT")).toBe("wis");
    expect(castingAbility("rodeur")).toBe("wis");
    expect(castingAbility("ENQUETEUR")).toBe("int");
    expect(castingAbility("Summoner (Unchained)")).toBe("cha");
    expect(castingAbility("sorciere")).toBe("int"); // witch, not sorcerer
  });

  it("R9 unknown classes and non-casters are undefined (documented), not an error", () => {
    expect(castingAbility("Fighter")).toBeUndefined();
    expect(castingAbility("Guerrier")).toBeUndefined();
    expect(castingAbility("")).toBeUndefined();
    expect(castingAbility("Sorcerer/Wizard")).toBeUndefined(); // ambiguous: Cha or Int
    expect(casterClassId("Fighter")).toBeUndefined();
  });

  it("R9 rejects a class name that is not a string, and an unknown edition", () => {
    expect(() => castingAbility(undefined as unknown as string)).toThrow(/castingAbility: className must be a string/);
    expect(() => castingAbility("wizard", "5e" as unknown as "pf1")).toThrow(RangeError);
  });

  it("R9 every spellcasting class in the D35E data maps to an ability", () => {
    const keys = new Set(d35e.flatMap((s) => Object.keys(s.levels)));
    expect([...keys].sort()).toEqual([
      "Assassin",
      "Bard",
      "Blackguard",
      "Cleric",
      "Druid",
      "Paladin",
      "Ranger",
      "Sorcerer",
      "Wizard",
    ]);
    for (const key of keys) expect(castingAbility(key, "3.5"), key).toBeDefined();
  });

  it("R9 every spellcasting class in the pf1 data maps to an ability", () => {
    const keys = new Set(pf1.flatMap((s) => Object.keys(s.levels)));
    expect(keys.size).toBe(28);
    for (const key of keys) expect(castingAbility(key, "pf1"), key).toBeDefined();
  });

  it("R9 no domain of the data is mistaken for a class (domains are deliberately undefined)", () => {
    const domains = new Set([...d35e, ...pf1].flatMap((s) => Object.keys(s.domains ?? {})));
    expect(domains.size).toBeGreaterThan(10);
    for (const domain of domains) expect(castingAbility(domain), domain).toBeUndefined();
  });
});

describe("R9 spellLevelFor: the level for the casting class", () => {
  const cureLightWounds = d35e.find((s) => s.name === "Cure Light Wounds");
  const pf1Clw = pf1.find((s) => s.name === "Cure Light Wounds");

  // RULES.md R9's example says "2nd for a bard"; the SRD and both data sets give Brd 1, Rgr 2.
  it("R9 cure light wounds (D35E data): cleric 1, bard 1, ranger 2; not a wizard spell", () => {
    expect(cureLightWounds).toBeDefined();
    const levels = cureLightWounds?.levels ?? {};
    expect(spellLevelFor(levels, "Cleric")).toBe(1);
    expect(spellLevelFor(levels, "Bard")).toBe(1);
    expect(spellLevelFor(levels, "Ranger")).toBe(2);
    expect(spellLevelFor(levels, "cleric")).toBe(1);
    expect(spellLevelFor(levels, "Prêtre")).toBe(1); // French name finds the English key
    expect(spellLevelFor(levels, "Rôdeur")).toBe(2);
    expect(spellLevelFor(levels, "Wizard")).toBeUndefined();
  });

  it("R9 hold person (D35E data): cleric and bard 2, wizard and sorcerer 3", () => {
    const holdPerson = d35e.find((s) => s.name === "Hold Person");
    const levels = holdPerson?.levels ?? {};
    expect(spellLevelFor(levels, "Cleric")).toBe(2);
    expect(spellLevelFor(levels, "Barde")).toBe(2);
    expect(spellLevelFor(levels, "Magicien")).toBe(3);
    expect(spellLevelFor(levels, "sorcerer")).toBe(3);
  });

  it("R9 cure light wounds in the pf1 data: cleric 1, bard 1, ranger 2; not a wizard spell", () => {
    expect(pf1Clw).toBeDefined();
    const levels = pf1Clw?.levels ?? {};
    expect(spellLevelFor(levels, "Cleric")).toBe(1);
    expect(spellLevelFor(levels, "bard")).toBe(1);
    expect(spellLevelFor(levels, "Ranger")).toBe(2);
    expect(spellLevelFor(levels, "wizard")).toBeUndefined();
  });

  it("R9 fireball: wizard 3, and 3 for sorcerer as well", () => {
    const fireball = d35e.find((s) => s.name === "Fireball");
    expect(spellLevelFor(fireball?.levels ?? {}, "Wizard")).toBe(3);
    expect(spellLevelFor(fireball?.levels ?? {}, "Magicien")).toBe(3);
    expect(spellLevelFor(fireball?.levels ?? {}, "Ensorceleur")).toBe(3);
  });

  it("R9 summoner and unchained summoner are different lists", () => {
    const levels = { summoner: 2, summonerUnchained: 3 };
    expect(spellLevelFor(levels, "summoner")).toBe(2);
    expect(spellLevelFor(levels, "Summoner (Unchained)")).toBe(3);
    expect(spellLevelFor({ summoner: 2 }, "summonerUnchained")).toBeUndefined();
  });

  it("R9 unknown classes match by folded name only", () => {
    expect(spellLevelFor({ "Shadow Caster": 4 }, "shadow caster")).toBe(4);
    expect(spellLevelFor({ "Shadow Caster": 4 }, "")).toBeUndefined();
    expect(spellLevelFor({}, "Cleric")).toBeUndefined();
  });

  it("R9 a bad level in the map or a bad argument throws", () => {
    expect(() => spellLevelFor({ Cleric: -1 }, "cleric")).toThrow(/spellLevelFor: levels\["Cleric"\] must be an integer >= 0/);
    expect(() => spellLevelFor({ Cleric: 1.5 }, "cleric")).toThrow(RangeError);
    expect(() => spellLevelFor(null as unknown as Record<string, number>, "cleric")).toThrow(TypeError);
    expect(() => spellLevelFor({}, 3 as unknown as string)).toThrow(TypeError);
  });
});

describe("R9 spellSaveDC", () => {
  it("R9 a 5th-level wizard, Int 17, casting fireball (3rd): 10 + 3 + 3 = 16", () => {
    const { dc, terms } = spellSaveDC({ spellLevel: 3, abilityScore: 17 });
    expect(dc).toBe(16);
    expect(terms).toEqual([
      { label: DC_TERM.base, value: 10 },
      { label: DC_TERM.spellLevel, value: 3 },
      { label: DC_TERM.ability, value: 3 },
    ]);
  });

  it("R9 a cleric, Wis 16, casting hold person (2nd): DC 15", () => {
    expect(spellSaveDC({ spellLevel: 2, abilityScore: 16 }).dc).toBe(15);
  });

  it("R9 the level is the casting class's: cure light wounds from a cleric (1st) vs a ranger (2nd), Wis 14", () => {
    const levels = d35e.find((s) => s.name === "Cure Light Wounds")?.levels ?? {};
    const cleric = spellLevelFor(levels, "Cleric") ?? -1;
    const ranger = spellLevelFor(levels, "Ranger") ?? -1;
    expect(spellSaveDC({ spellLevel: cleric, abilityScore: 14 }).dc).toBe(13);
    expect(spellSaveDC({ spellLevel: ranger, abilityScore: 14 }).dc).toBe(14);
  });

  it("R9 hold person from a cleric (2nd, Wis 16) is DC 15, from a wizard (3rd, Int 16) DC 16", () => {
    expect(spellSaveDC({ spellLevel: 2, abilityScore: 16 }).dc).toBe(15);
    expect(spellSaveDC({ spellLevel: 3, abilityScore: 16 }).dc).toBe(16);
  });

  it("R9 feats are separate terms: 10 + 3 (level) + 4 (Int 18) + 1 (Spell Focus) = 18", () => {
    const { dc, terms } = spellSaveDC({
      spellLevel: 3,
      abilityScore: 18,
      bonuses: [{ label: "Spell Focus (Evocation)", value: 1 }],
    });
    expect(dc).toBe(18);
    expect(terms.map((t) => t.label)).toEqual(["base", "spellLevel", "ability", "Spell Focus (Evocation)"]);
    expect(terms.reduce((sum, t) => sum + t.value, 0)).toBe(dc);
  });

  it("R9 Spell Focus and Greater Spell Focus stack, a penalty may be negative", () => {
    const { dc } = spellSaveDC({
      spellLevel: 1,
      abilityScore: 8,
      bonuses: [
        { label: "Spell Focus", value: 1 },
        { label: "Greater Spell Focus", value: 1 },
        { label: "penalty", value: -2 },
      ],
    });
    expect(dc).toBe(10 + 1 - 1 + 1 + 1 - 2);
  });

  it("R9 cantrips are level 0: Wis 10 gives DC 10", () => {
    expect(spellSaveDC({ spellLevel: 0, abilityScore: 10 }).dc).toBe(10);
  });

  it("R9 the input terms are not shared with the caller's bonuses array", () => {
    const bonuses = [{ label: "Heighten", value: 0 }];
    const { terms } = spellSaveDC({ spellLevel: 1, abilityScore: 12, bonuses });
    terms.push({ label: "x", value: 1 });
    expect(bonuses).toHaveLength(1);
  });

  it("R9 bad arguments throw a clear error, never a wrong DC", () => {
    expect(() => spellSaveDC({ spellLevel: -1, abilityScore: 16 })).toThrow(
      /spellSaveDC: spellLevel must be an integer >= 0, got -1/,
    );
    expect(() => spellSaveDC({ spellLevel: 2.5, abilityScore: 16 })).toThrow(RangeError);
    expect(() => spellSaveDC({ spellLevel: 2, abilityScore: Number.NaN })).toThrow(/abilityScore/);
    expect(() => spellSaveDC({ spellLevel: 2, abilityScore: 16, bonuses: [{ label: "x", value: 0.5 }] })).toThrow(
      /bonuses\[0\]\.value/,
    );
    expect(() =>
      spellSaveDC({ spellLevel: 2, abilityScore: 16, bonuses: [{ label: 1, value: 1 } as unknown as { label: string; value: number }] }),
    ).toThrow(/bonuses\[0\]\.label must be a string/);
    expect(() => spellSaveDC(undefined as unknown as { spellLevel: number; abilityScore: number })).toThrow(TypeError);
  });
});

describe("R9 itemSpellDC: 10 + spell level + floor(spell level / 2)", () => {
  it.each([
    [0, 10],
    [1, 11],
    [2, 13],
    [3, 14], // wand of fireball: 10 + 3 + 1
    [4, 16],
    [9, 23],
  ])("R9 spell level %i → DC %i", (level, dc) => {
    expect(itemSpellDC(level)).toBe(dc);
  });

  it("R9 rejects bad spell levels", () => {
    expect(() => itemSpellDC(-1)).toThrow(/itemSpellDC: spellLevel/);
    expect(() => itemSpellDC(Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });
});
