/**
 * The pf1 adapter on real pf1 data: the reconstructed chat messages (../shared/data/messages) and the
 * pf1 bestiary / NPC actors (prepared by test/fixtures/pf1Prepare.ts, which emulates pf1's preparation).
 */
import { describe, expect, it } from "vitest";
import { exposedItems } from "../../src/rules/items";
import { spellSaveDC } from "../../src/rules/dc";
import type { ItemData, MessageData } from "../../src/systems/adapter";
import { pf1Adapter as pf1 } from "../../src/systems/pf1";
import { itemNamed, loadActor, makeItem, type ActorSource } from "../fixtures/actors";
import { loadMessages, loadRelated, message } from "../fixtures/data";

const EZREN = "Actor.fkQ1SBUJNoQXRsft";

/** The source data of an actor's primary spellbook, created when the source has none. */
function primaryBook(source: ActorSource): Record<string, unknown> {
  const attributes = (source.system.attributes ??= {}) as Record<string, unknown>;
  const spells = (attributes.spells ??= {}) as Record<string, unknown>;
  const books = (spells.spellbooks ??= {}) as Record<string, unknown>;
  return (books.primary ??= {}) as Record<string, unknown>;
}
const SCENE = "As9hUwQo672NdWBN";

function clone<T>(v: T): T {
  return structuredClone(v);
}

function metadataOf(m: MessageData): Record<string, unknown> {
  return (m.flags as { pf1: { metadata: Record<string, unknown> } }).pf1.metadata;
}

describe("pf1 readCast", () => {
  it("reads the Fireball use: caster, spell, action, DC, save, levels, targets, template, damage", () => {
    const cast = pf1.readCast(message("pf1-spell-message", 0));
    expect(cast).toEqual({
      system: "pf1",
      casterActorUuid: EZREN,
      casterActorId: "fkQ1SBUJNoQXRsft",
      sceneId: SCENE,
      casterTokenId: "QCZz3N8Uych4qAod",
      spellItemId: "3H3xTvc88xOy8QNW",
      spellName: "Fireball",
      actionId: "u5zwxkvmw4l9e0fd",
      printedDC: 17,
      printedSave: "ref",
      casterLevel: 6,
      spellLevel: 3,
      targetTokenUuids: [
        `Scene.${SCENE}.Token.5a7Tl59AMc6ROtsh`,
        `Scene.${SCENE}.Token.vZ8f4nRvF00vC4RO`,
        `Scene.${SCENE}.Token.kqh1zH8ivgqfVM2Y`,
      ],
      targetTokenIds: ["5a7Tl59AMc6ROtsh", "vZ8f4nRvF00vC4RO", "kqh1zH8ivgqfVM2Y"],
      template: true,
      damage: { total: 21, types: ["fire"], healing: false, parts: [{ total: 21, types: ["fire"] }] },
    });
  });

  it("reads Hold Person: Will DC 17, one target, no template, no damage", () => {
    const cast = pf1.readCast(message("pf1-spell-message", 1));
    expect(cast).toMatchObject({
      spellName: "Hold Person",
      spellItemId: "XEwM1jILUvUmmZfS",
      actionId: "zobx902zwnsq3934",
      printedDC: 17,
      printedSave: "will",
      template: false,
      targetTokenUuids: [`Scene.${SCENE}.Token.2wxGM4NMZaCpT47D`],
    });
    expect(cast?.damage).toBeUndefined();
    expect(cast?.saveText).toBeUndefined(); // pf1 keeps the save line on the item action
  });

  it("reads Cure Light Wounds as healing (the card's PF1.ApplyHealing link), positive energy 10", () => {
    const cast = pf1.readCast(message("pf1-spell-message", 2));
    expect(cast).toMatchObject({
      casterActorUuid: "Actor.kpxc77ruvSn4XNb6",
      spellName: "Cure Light Wounds",
      printedDC: 14,
      printedSave: "will",
      casterLevel: 6,
      spellLevel: 1,
      template: false,
      damage: { total: 10, types: ["positive"], healing: true },
    });
  });

  it("ignores a displayed card, save rolls and D35E messages", () => {
    expect(pf1.readCast(message("pf1-display-card-message", 0))).toBeNull();
    for (const m of loadMessages("pf1-save-roll-message")) expect(pf1.readCast(m)).toBeNull();
    for (const m of loadMessages("d35e-spell-message")) expect(pf1.readCast(m)).toBeNull();
    expect(pf1.readCast({})).toBeNull();
  });

  it("ignores an action use that is not a spell (no metadata.spell: a wand, a weapon)", () => {
    const m = clone(message("pf1-spell-message", 0));
    delete metadataOf(m).spell;
    expect(pf1.readCast(m)).toBeNull();
  });

  it("takes the actor id from a synthetic (unlinked token) actor uuid when the speaker has none", () => {
    const m = clone(message("pf1-spell-message", 0));
    metadataOf(m).actor = `Scene.${SCENE}.Token.QCZz3N8Uych4qAod.Actor.P0yuahyWB38pTvos`;
    m.speaker = { scene: SCENE, actor: null, token: "QCZz3N8Uych4qAod" };
    expect(pf1.readCast(m)).toMatchObject({
      casterActorUuid: `Scene.${SCENE}.Token.QCZz3N8Uych4qAod.Actor.P0yuahyWB38pTvos`,
      casterActorId: "P0yuahyWB38pTvos",
    });
  });

  it("reads damage rolls stored as JSON strings and sums several parts with their types", () => {
    const m = clone(message("pf1-spell-message", 0));
    const attack = (metadataOf(m).rolls as { attacks: { damage: unknown[] }[] }).attacks[0];
    if (!attack) throw new Error("fixture has no attack");
    attack.damage = [
      JSON.stringify({ class: "DamageRoll", options: { damageType: { values: ["fire"], custom: "" } }, total: 7 }),
      { class: "DamageRoll", options: { damageType: { values: [], custom: "Holy" } }, total: 4 },
    ];
    expect(pf1.readCast(m)?.damage).toEqual({
      total: 11,
      types: ["fire", "holy"],
      healing: false,
      parts: [
        { total: 7, types: ["fire"] },
        { total: 4, types: ["holy"] },
      ],
    });
  });

  it("reads no DC when pf1 recorded none (metadata.save is absent for DC 0)", () => {
    const m = clone(message("pf1-spell-message", 1));
    delete metadataOf(m).save;
    const cast = pf1.readCast(m);
    expect(cast?.printedDC).toBeUndefined();
    expect(cast?.printedSave).toBeUndefined();
  });
});

describe("pf1 readSpell", () => {
  const fireball = loadRelated("pf1").spellItem_fireball_embedded_subset as ItemData;

  it("reads the Fireball item: Reflex half, SR, spellbook, level, area", () => {
    expect(pf1.readSpell(fireball, "u5zwxkvmw4l9e0fd")).toEqual({
      name: "Fireball",
      saveText: "Reflex half",
      saveKind: "ref",
      harmless: false,
      spellResistance: true,
      spellbook: "primary",
      level: 3,
      levelsByClass: {},
      aim: "area",
      school: "evo",
      actionId: "u5zwxkvmw4l9e0fd",
      actionType: "spellsave",
      healing: false,
    });
  });

  it("reads Cure Light Wounds: harmless flag, healing action, per-class levels, default level 1", () => {
    const acolyte = loadActor("pf1", "acolyte.json");
    const spell = pf1.readSpell(itemNamed(acolyte, "Cure Light Wounds"));
    expect(spell).toMatchObject({
      saveText: "Will half; see text",
      saveKind: "will",
      harmless: true,
      healing: true,
      level: 1,
      aim: "targeted",
      spellbook: "primary",
      actionId: "9p8s460qd2jgearg",
    });
    expect(spell.levelsByClass).toMatchObject({ cleric: 1, bard: 1, paladin: 1 });
  });

  it("tells area spells (area, template, effect) from targeted ones; a ray is targeted", () => {
    const mage = loadActor("pf1", "street-magician.json");
    const battle = loadActor("pf1", "battle-mage.json");
    const acolyte = loadActor("pf1", "acolyte.json");
    expect(pf1.readSpell(itemNamed(mage, "Color Spray")).aim).toBe("area");
    expect(pf1.readSpell(itemNamed(mage, "Sleep")).aim).toBe("area");
    expect(pf1.readSpell(itemNamed(mage, "Ghost Sound")).aim).toBe("area"); // Effect: illusory sounds
    expect(pf1.readSpell(itemNamed(mage, "Charm Person")).aim).toBe("targeted");
    expect(pf1.readSpell(itemNamed(acolyte, "Bless")).aim).toBe("area");
    expect(pf1.readSpell(itemNamed(acolyte, "Command")).aim).toBe("targeted");
    expect(pf1.readSpell(itemNamed(battle, "Scorching Ray")).aim).toBe("targeted"); // Effect: one or more rays
  });

  it("reads a spell without a save line as an empty one, with SR as stored", () => {
    const battle = loadActor("pf1", "battle-mage.json");
    expect(pf1.readSpell(itemNamed(battle, "Mirror Image"))).toMatchObject({
      saveText: "",
      harmless: false,
      spellResistance: false,
      level: 2,
    });
    expect(pf1.readSpell(itemNamed(battle, "Mirror Image")).saveKind).toBeUndefined();
  });

  it("picks the action asked for, else the first action with a save", () => {
    const item = makeItem("spell", "Two Actions", {
      spellbook: "primary",
      actions: [
        { _id: "aaaaaaaaaaaaaaaa", name: "Touch", actionType: "msak" },
        { _id: "bbbbbbbbbbbbbbbb", name: "Burst", save: { type: "fort", description: "Fortitude negates" } },
      ],
    });
    expect(pf1.readSpell(item).actionId).toBe("bbbbbbbbbbbbbbbb");
    expect(pf1.readSpell(item, "aaaaaaaaaaaaaaaa").actionId).toBe("aaaaaaaaaaaaaaaa");
    expect(pf1.readSpell(item, "unknown").saveKind).toBe("fort");
  });

  it("reads harmless from the text too, and the action's own DC bonus", () => {
    const item = makeItem("spell", "Blessed Ward", {
      actions: [{ _id: "cccccccccccccccc", save: { type: "will", description: "Will negates (harmless)", dc: "2" } }],
    });
    expect(pf1.readSpell(item)).toMatchObject({ harmless: true, itemDCBonus: 2 });
  });
});

describe("pf1 casterBook", () => {
  it("battle mage (elf wizard 3, Int 15 + 2): wizard, Int 17, CL 3", () => {
    const mage = loadActor("pf1", "battle-mage.json");
    const spell = pf1.readSpell(itemNamed(mage, "Scorching Ray"));
    expect(pf1.casterBook(mage, spell)).toEqual({
      bookId: "primary",
      className: "wizard",
      ability: "int",
      abilityScore: 17,
      abilityModifier: 3,
      casterLevel: 3,
      dcBonuses: [],
    });
  });

  it("street magician's Charm Person: DC 13 as the NPC Codex prints it", () => {
    const mage = loadActor("pf1", "street-magician.json");
    const spell = pf1.readSpell(itemNamed(mage, "Charm Person"));
    const book = pf1.casterBook(mage, spell);
    expect(book).toMatchObject({ className: "wizard", ability: "int", abilityScore: 15, casterLevel: 2 });
    if (!book || spell.level === undefined) throw new Error("no book");
    expect(spellSaveDC({ spellLevel: spell.level, abilityScore: book.abilityScore, bonuses: book.dcBonuses }).dc).toBe(13);
  });

  it("acolyte: the book's Wisdom setting; spell-like book: hit dice and Charisma", () => {
    const acolyte = loadActor("pf1", "acolyte.json");
    expect(pf1.casterBook(acolyte, pf1.readSpell(itemNamed(acolyte, "Command")))).toMatchObject({
      className: "cleric",
      ability: "wis",
      abilityScore: 15,
      casterLevel: 1,
    });
    const mage = loadActor("pf1", "street-magician.json");
    expect(pf1.casterBook(mage, pf1.readSpell(itemNamed(mage, "Speak with Animals")))).toMatchObject({
      bookId: "spelllike",
      className: "_hd",
      ability: "cha",
      abilityScore: 12, // gnome: 10 + 2
      casterLevel: 2,
    });
  });

  it("counts ability damage and penalties against the score (R9), and keeps pf1's own modifier", () => {
    const mage = loadActor("pf1", "battle-mage.json", (s) => {
      Object.assign((s.system.abilities as Record<string, object>).int ?? {}, { damage: 3, drain: 2 });
    });
    const book = pf1.casterBook(mage, pf1.readSpell(itemNamed(mage, "Scorching Ray")));
    // total 17 - drain 2 = 15; damage 3 off the score: 12. pf1: floor((15 - 10) / 2) - floor(3 / 2) = 1.
    expect(book).toMatchObject({ abilityScore: 12, abilityModifier: 1 });
  });

  it("names pf1's spell DC bonuses with machine labels (the card localises them): change targets dc and dc.school.<id>, the action's own save.dc", () => {
    const mage = loadActor("pf1", "street-magician.json", (s) => {
      s.items.push(
        makeItem("feat", "Spell Focus (Enchantment)", { changes: [{ formula: "1", target: "dc.school.enc", type: "untyped" }] }),
        makeItem("feat", "Ioun Stone of DCs", { changes: [{ formula: "1", target: "dc", type: "untyped" }] }),
      );
    });
    const charm = pf1.readSpell(itemNamed(mage, "Charm Person"));
    expect(pf1.casterBook(mage, charm)?.dcBonuses).toEqual([
      { label: "spellDC", value: 1 },
      { label: "schoolDC.enc", value: 1 },
    ]);
    const grease = pf1.readSpell(itemNamed(mage, "Grease")); // conjuration: no school bonus
    expect(pf1.casterBook(mage, grease)?.dcBonuses).toEqual([{ label: "spellDC", value: 1 }]);
    expect(pf1.casterBook(mage, { ...charm, itemDCBonus: 2 })?.dcBonuses).toContainEqual({ label: "Charm Person", value: 2 });
  });

  it("reads a constant added to the book's DC formula, and flags a formula it cannot read", () => {
    const plusOne = loadActor("pf1", "battle-mage.json", (s) => {
      Object.assign(primaryBook(s), { baseDCFormula: "10 + @sl + @ablMod + 1" });
    });
    const ray = pf1.readSpell(itemNamed(plusOne, "Scorching Ray"));
    expect(pf1.casterBook(plusOne, ray)?.dcBonuses).toEqual([{ label: "dcFormula", value: 1 }]);
    const odd = loadActor("pf1", "battle-mage.json", (s) => {
      Object.assign(primaryBook(s), { baseDCFormula: "12 + @sl" });
    });
    expect(pf1.casterBook(odd, ray)?.unreadDCFormula).toBe("12 + @sl");
  });

  it("falls back to R9's class table when the book has no ability; no spellbook: undefined", () => {
    const acolyte = loadActor("pf1", "acolyte.json", (s) => {
      Object.assign(primaryBook(s), { ability: "" });
    });
    const command = pf1.readSpell(itemNamed(acolyte, "Command"));
    expect(pf1.casterBook(acolyte, command)?.ability).toBe("wis");
    const loose = { ...command };
    delete loose.spellbook;
    expect(pf1.casterBook(acolyte, loose)).toBeUndefined();
    expect(pf1.casterBook(acolyte, { ...command, spellbook: "tertiary-missing" })).toBeUndefined();
  });
});

describe("pf1 actors: saves, SR, hit points, evasion", () => {
  it.each([
    ["goblin.json", [3, 2, -1]],
    ["orc.json", [3, 0, -1]],
    ["human-bandit.json", [3, 2, -1]],
    ["acolyte.json", [3, 0, 4]],
    ["battle-mage.json", [2, 3, 3]],
    ["street-magician.json", [2, 1, 2]],
  ] as const)("%s saves as printed in its book", (file, [fort, ref, will]) => {
    const actor = loadActor("pf1", file);
    expect([pf1.saveBonus(actor, "fort"), pf1.saveBonus(actor, "ref"), pf1.saveBonus(actor, "will")]).toEqual([fort, ref, will]);
  });

  it("adds save changes (Great Fortitude, allSavingThrows) through pf1's preparation", () => {
    const goblin = loadActor("pf1", "goblin.json", (s) => {
      s.items.push(
        makeItem("feat", "Great Fortitude", { changes: [{ formula: "2", target: "fort", type: "untyped" }] }),
        makeItem("buff", "Resistance", { active: true, changes: [{ formula: "1", target: "allSavingThrows", type: "resistance" }] }),
      );
    });
    expect([pf1.saveBonus(goblin, "fort"), pf1.saveBonus(goblin, "ref"), pf1.saveBonus(goblin, "will")]).toEqual([6, 3, 0]);
  });

  it("reads spell resistance (formula and changes)", () => {
    expect(pf1.spellResistance(loadActor("pf1", "orc.json"))).toBe(0);
    const drow = loadActor("pf1", "orc.json", (s) => {
      (s.system.attributes as Record<string, unknown>).sr = { formula: "7" };
    });
    expect(pf1.spellResistance(drow)).toBe(7);
  });

  it("reads hit points as max + offset, with temporary hit points", () => {
    expect(pf1.hitPoints(loadActor("pf1", "goblin.json"))).toEqual({ value: 6, temp: 0, max: 6 });
    const hurt = loadActor("pf1", "goblin.json", (s) => {
      (s.system.attributes as Record<string, unknown>).hp = { offset: -4, temp: 3 };
    });
    expect(pf1.hitPoints(hurt)).toEqual({ value: 2, temp: 3, max: 6 });
  });

  it("writes hit points as pf1 stores them: the offset from the maximum", () => {
    const bandit = loadActor("pf1", "human-bandit.json");
    expect(pf1.hitPointsUpdate(bandit, { value: 4, temp: 0 })).toEqual({
      "system.attributes.hp.offset": -7,
      "system.attributes.hp.temp": 0,
    });
    expect(pf1.hitPointsUpdate(bandit, { value: -2, temp: 5 })).toEqual({
      "system.attributes.hp.offset": -13,
      "system.attributes.hp.temp": 5,
    });
  });

  it("finds Evasion and Improved Evasion by name (English and French), not when disabled", () => {
    const withFeat = (name: string, extra: Record<string, unknown> = {}): ReturnType<typeof pf1.evasion> =>
      pf1.evasion(loadActor("pf1", "human-bandit.json", (s) => s.items.push(makeItem("feat", name, { subType: "classFeat", ...extra }))));
    expect(pf1.evasion(loadActor("pf1", "human-bandit.json"))).toBeUndefined();
    expect(withFeat("Evasion")).toBe("evasion");
    expect(withFeat("Evasion (Trick)")).toBe("evasion");
    expect(withFeat("Improved Evasion (ROG)")).toBe("improved");
    expect(withFeat("Esquive totale")).toBe("evasion");
    expect(withFeat("Esquive extraordinaire")).toBe("improved");
    expect(withFeat("Aerial Evasion")).toBeUndefined();
    expect(withFeat("Evasion", { disabled: true })).toBeUndefined();
  });

  it("finds a worn Ring of Evasion, not one in the pack", () => {
    const ring = (equipped: boolean): ReturnType<typeof pf1.evasion> =>
      pf1.evasion(
        loadActor("pf1", "human-bandit.json", (s) =>
          s.items.push(makeItem("equipment", "Ring of Evasion", { subType: "wondrous", slot: "ring", cl: 7, equipped })),
        ),
      );
    expect(ring(true)).toBe("evasion");
    expect(ring(false)).toBeUndefined();
  });
});

describe("pf1 items", () => {
  it("classifies the bandit's gear: armor, shield, weapons in hand; the horse is not carried", () => {
    const bandit = loadActor("pf1", "human-bandit.json");
    const items = pf1.items(bandit);
    const kinds = Object.fromEntries(items.map((i) => [i.name, i.kind]));
    expect(kinds).toEqual({
      "Studded Leather Armor": "armor",
      Buckler: "shield",
      Arrow: "other",
      Rapier: "held",
      Sap: "held",
      "Composite Longbow (+1 Str)": "held",
    });
    expect(items.every((i) => !i.magic && i.durabilityFrom === "data")).toBe(true);
    expect(items.find((i) => i.name === "Buckler")).toMatchObject({ hardness: 10, hp: 5, maxHp: 5 });
    // R14: the four exposed items, shield first.
    expect(exposedItems(items).map((i) => i.name)).toEqual(["Buckler", "Studded Leather Armor", "Rapier", "Sap"]);
  });

  it("classifies the battle mage's rapier and bow as held, potions, scrolls and wand as magic", () => {
    const mage = loadActor("pf1", "battle-mage.json");
    const items = pf1.items(mage);
    expect(items.find((i) => i.name === "Masterwork Rapier")).toMatchObject({ kind: "held", magic: false, hardness: 10, hp: 5 });
    expect(items.find((i) => i.name === "Masterwork Longbow")).toMatchObject({ kind: "held", magic: false });
    expect(items.find((i) => i.name === "Wand of Mage Armor")).toMatchObject({ kind: "other", magic: true, casterLevel: 1, hardness: 5, hp: 5 });
    expect(items.find((i) => i.name === "Potion of Cure Moderate Wounds")).toMatchObject({ magic: true, casterLevel: 3 });
    // Spells, feats, classes, attacks, buffs and races are not items that can be caught in a spell.
    const names = items.map((i) => i.name);
    for (const notPhysical of ["Scorching Ray", "Combat Casting", "Wizard", "Rapier", "Mage Armor", "Elf"]) {
      expect(names).not.toContain(notPhysical);
    }
  });

  it("reads the street magician's Brooch of Shielding as magic jewelry (chest slot, CL 1)", () => {
    const mage = loadActor("pf1", "street-magician.json");
    expect(pf1.items(mage).find((i) => i.name === "Brooch of Shielding")).toMatchObject({ kind: "jewelry", magic: true, casterLevel: 1 });
  });

  it("maps wondrous slots to R14 kinds and tells sheathed weapons from held ones", () => {
    const extra: ItemData[] = [
      makeItem("equipment", "Headband of Vast Intelligence", { subType: "wondrous", slot: "headband", cl: 8 }),
      makeItem("equipment", "Hat of Disguise", { subType: "wondrous", slot: "head", cl: 1 }),
      makeItem("equipment", "Cloak of Resistance", { subType: "wondrous", slot: "shoulders", cl: 5 }),
      makeItem("equipment", "Bracers of Armor", { subType: "wondrous", slot: "wrists", cl: 7 }),
      makeItem("equipment", "Robe of Bones", { subType: "wondrous", slot: "body", cl: 6 }),
      makeItem("equipment", "Ring of Protection", { subType: "wondrous", slot: "ring", cl: 5 }),
      makeItem("equipment", "Amulet of Natural Armor", { subType: "wondrous", slot: "neck", cl: 5 }),
      makeItem("equipment", "Boots of Elvenkind", { subType: "wondrous", slot: "feet", cl: 5 }),
      makeItem("equipment", "Traveler's Outfit", { subType: "clothing", slot: "clothing" }),
      makeItem("equipment", "Ring in the pack", { subType: "wondrous", slot: "ring", cl: 5, equipped: false }),
      makeItem("weapon", "Longsword", { weaponSubtype: "1h", equipped: false, hardness: 10, hp: { max: 5, value: 5 } }),
    ];
    const bandit = loadActor("pf1", "human-bandit.json", (s) => s.items.push(...extra));
    const kinds = Object.fromEntries(pf1.items(bandit).map((i) => [i.name, [i.kind, i.magic]]));
    expect(kinds).toMatchObject({
      "Headband of Vast Intelligence": ["headgear", true],
      "Hat of Disguise": ["headgear", true],
      "Cloak of Resistance": ["cloak", true],
      "Bracers of Armor": ["bracers", true],
      "Robe of Bones": ["clothing", true],
      "Ring of Protection": ["jewelry", true],
      "Amulet of Natural Armor": ["jewelry", true],
      "Boots of Elvenkind": ["other", true],
      "Traveler's Outfit": ["clothing", false],
      "Ring in the pack": ["other", true],
      Longsword: ["sheathed", false],
    });
  });

  it("infers magic from enhancement (caster level 3 × enhancement) and aura", () => {
    const bandit = loadActor("pf1", "human-bandit.json", (s) =>
      s.items.push(
        makeItem("weapon", "+1 Longsword", { weaponSubtype: "1h", enh: 1, hardness: 12, hp: { max: 15, value: 15 } }),
        makeItem("equipment", "+2 Chain Shirt", { slot: "armor", armor: { value: 4, enh: 2 } }),
        makeItem("loot", "Strange Idol", { aura: { school: "nec" } }),
      ),
    );
    const items = pf1.items(bandit);
    expect(items.find((i) => i.name === "+1 Longsword")).toMatchObject({ magic: true, casterLevel: 3, enhancement: 1, hardness: 12, hp: 15 });
    expect(items.find((i) => i.name === "+2 Chain Shirt")).toMatchObject({ kind: "armor", magic: true, casterLevel: 6, enhancement: 2 });
    expect(items.find((i) => i.name === "Strange Idol")).toMatchObject({ magic: true });
  });

  it("falls back to the SRD table (R17) when the data lack hardness or hit points", () => {
    const bare = (type: string, name: string, system: Record<string, unknown>) => {
      const item = makeItem(type, name, system);
      return pf1.items({ name: "x", type: "npc", system: {}, items: [item] })[0];
    };
    expect(bare("weapon", "Dagger", { weaponSubtype: "light" })).toMatchObject({ hardness: 10, hp: 2, maxHp: 2, durabilityFrom: "srd" });
    expect(bare("weapon", "Greataxe", { weaponSubtype: "2h", enh: 1 })).toMatchObject({ hardness: 7, hp: 20, durabilityFrom: "srd" });
    expect(bare("equipment", "Heavy Steel Shield", { slot: "shield", subType: "shield", equipmentSubtype: "heavyShield" })).toMatchObject({
      kind: "shield",
      hardness: 10,
      hp: 20,
    });
    expect(bare("equipment", "Chain Shirt", { slot: "armor", armor: { value: 4, material: { base: { value: "steel" } } } })).toMatchObject({
      hardness: 10,
      hp: 20,
    });
    expect(bare("loot", "Rope", {})).toMatchObject({ hardness: 0, hp: 10, durabilityFrom: "srd" });
  });
});
