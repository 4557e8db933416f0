/**
 * The D35E adapter on real D35E data: the reconstructed chat messages (../shared/data/messages), the
 * spell items D35E embeds in them, and the D35E bestiary / sample actors (stored with their totals).
 */
import { describe, expect, it } from "vitest";
import { spellSaveDC } from "../../src/rules/dc";
import { exposedItems } from "../../src/rules/items";
import type { ActorData, ItemData, MessageData } from "../../src/systems/adapter";
import { d35eAdapter as d35e } from "../../src/systems/d35e";
import { itemNamed, loadActor, makeItem } from "../fixtures/actors";
import { d35eMessageSpell, loadMessages, message } from "../fixtures/data";

const SCENE = "0fQLneYxsXX1kTsM";

function ctdOf(m: MessageData): Record<string, unknown> {
  return (m.flags as { D35E: { chatTemplateData: Record<string, unknown> } }).D35E.chatTemplateData;
}

function withItems(actor: ActorData, ...extra: ItemData[]): ActorData {
  return { ...actor, items: [...actor.items, ...extra] };
}

describe("D35E readCast", () => {
  it("reads the Fireball use: caster, spell, DC, save, text, levels, targets, template, damage", () => {
    expect(d35e.readCast(message("d35e-spell-message", 0))).toEqual({
      system: "D35E",
      casterActorId: "9zf6OY2i8DC4ry93",
      casterActorUuid: "Actor.9zf6OY2i8DC4ry93",
      sceneId: SCENE,
      casterTokenId: "yJfZUPTJMPDK8Yvl",
      spellItemId: "vzAe9Z55CiiaxxYs",
      spellName: "Fireball",
      printedDC: 17,
      printedSave: "ref",
      saveText: "Reflex half",
      casterLevel: 6,
      spellLevel: 3,
      targetTokenIds: ["CQEx67l7bLyybFfq", "KO22Cwn2MKMMIWua", "npAjFhW0b8X8jwvQ"],
      targetTokenUuids: [
        `Scene.${SCENE}.Token.CQEx67l7bLyybFfq`,
        `Scene.${SCENE}.Token.KO22Cwn2MKMMIWua`,
        `Scene.${SCENE}.Token.npAjFhW0b8X8jwvQ`,
      ],
      template: true,
      damage: { total: 21, types: ["fire"], healing: false, parts: [{ total: 21, types: ["fire"] }] },
    });
  });

  it("reads Hold Person: Will DC 17 from `willnegates`, the item's own save line, one target", () => {
    const cast = d35e.readCast(message("d35e-spell-message", 1));
    expect(cast).toMatchObject({
      spellName: "Hold Person",
      printedDC: 17,
      printedSave: "will",
      saveText: "Will negates; see text",
      targetTokenIds: ["yNZ9Pk6e388yiuiP"],
      template: false,
    });
    expect(cast?.damage).toBeUndefined();
  });

  it("reads Cure Light Wounds as healing 10 positive energy, cast by Jozan", () => {
    expect(d35e.readCast(message("d35e-spell-message", 2))).toMatchObject({
      casterActorId: "DgNWrV0ydgt4Q3e8",
      spellName: "Cure Light Wounds",
      printedDC: 14,
      printedSave: "will",
      saveText: "Will half (harmless); see text",
      spellLevel: 1,
      damage: { total: 10, types: ["positive"], healing: true },
    });
  });

  it("ignores the item card posted before each cast, save rolls and pf1 messages", () => {
    for (const m of loadMessages("d35e-item-card-message")) expect(d35e.readCast(m)).toBeNull();
    for (const m of loadMessages("d35e-save-roll-message")) expect(d35e.readCast(m)).toBeNull();
    for (const m of loadMessages("pf1-spell-message")) expect(d35e.readCast(m)).toBeNull();
    expect(d35e.readCast({})).toBeNull();
  });

  it("ignores an attack roll that is not a spell", () => {
    const m = structuredClone(message("d35e-spell-message", 0));
    ctdOf(m).isSpell = false;
    expect(d35e.readCast(m)).toBeNull();
  });

  it("reads no DC when D35E printed none (dc.dc null: a spell without a save)", () => {
    const m = structuredClone(message("d35e-spell-message", 1));
    ctdOf(m).dc = { dc: null, type: null, description: null, cl: 6 };
    const cast = d35e.readCast(m);
    expect(cast?.printedDC).toBeUndefined();
    expect(cast?.printedSave).toBeUndefined();
  });

  it("names an unlinked caster by its token actor uuid (`tokenId` is \"<scene>.<token>\")", () => {
    const m = structuredClone(message("d35e-spell-message", 0));
    ctdOf(m).tokenId = `${SCENE}.yJfZUPTJMPDK8Yvl`;
    expect(d35e.readCast(m)?.casterActorUuid).toBe(`Scene.${SCENE}.Token.yJfZUPTJMPDK8Yvl.Actor.9zf6OY2i8DC4ry93`);
  });

  it("counts hidden tokens in the area as targets", () => {
    const m = structuredClone(message("d35e-spell-message", 0));
    ctdOf(m).hiddenTargets = [{ id: "hiddenTokenId0001", name: "Lurker", img: "" }];
    expect(d35e.readCast(m)?.targetTokenIds).toContain("hiddenTokenId0001");
  });
});

describe("D35E readSpell (the items embedded in the spell messages, and bestiary spell-likes)", () => {
  it("reads Fireball: Reflex half as text only, SR, per-class levels, area", () => {
    expect(d35e.readSpell(d35eMessageSpell("Fireball"))).toEqual({
      name: "Fireball",
      saveText: "Reflex half",
      harmless: false,
      spellResistance: true,
      spellbook: "primary",
      level: 3,
      levelsByClass: { Wizard: 3, Sorcerer: 3 },
      aim: "area",
      school: "evo",
      actionType: "spellsave",
      healing: false,
    });
  });

  it("reads Hold Person's structured save (willnegates), targeted", () => {
    expect(d35e.readSpell(d35eMessageSpell("Hold Person"))).toMatchObject({
      saveKind: "will",
      saveText: "Will negates; see text",
      aim: "targeted",
      levelsByClass: { Bard: 2, Cleric: 2, Wizard: 3, Sorcerer: 3 },
    });
  });

  it("reads Cure Light Wounds: harmless from the text, healing action", () => {
    expect(d35e.readSpell(d35eMessageSpell("Cure Light Wounds"))).toMatchObject({
      harmless: true,
      healing: true,
      aim: "targeted",
      level: 1,
    });
  });

  it("reads the dryad's spell-likes: Deep Slumber is an area spell, Suggestion targeted; lines trimmed", () => {
    const dryad = loadActor("D35E", "Dryad.json");
    expect(d35e.readSpell(itemNamed(dryad, "Deep Slumber"))).toMatchObject({
      aim: "area",
      saveText: "Will negates",
      spellbook: "spelllike",
      level: 3,
    });
    expect(d35e.readSpell(itemNamed(dryad, "Suggestion"))).toMatchObject({ aim: "targeted", school: "enc" });
  });
});

describe("D35E casterBook", () => {
  it("dryad's Suggestion: spell-like book, Charisma 18, CL 4 → DC 17", () => {
    const dryad = loadActor("D35E", "Dryad.json");
    const spell = d35e.readSpell(itemNamed(dryad, "Suggestion"));
    const book = d35e.casterBook(dryad, spell);
    expect(book).toEqual({
      bookId: "spelllike",
      className: "_hd",
      ability: "cha",
      abilityScore: 18,
      abilityModifier: 4,
      casterLevel: 4,
      dcBonuses: [],
    });
    if (!book || spell.level === undefined) throw new Error("no book");
    expect(spellSaveDC({ spellLevel: spell.level, abilityScore: book.abilityScore }).dc).toBe(17);
  });

  it("reads a class book (the ability D35E copied from the class) and the item's own save.dc", () => {
    const gruk = loadActor("D35E", "Gruk_the_Barbarian.json", (s) => {
      const books = (s.system.attributes as { spells: { spellbooks: Record<string, Record<string, unknown>> } }).spells.spellbooks;
      Object.assign(books.primary ?? {}, { class: "wizard", ability: "int", cl: { total: 6 } });
    });
    const fireball = d35e.readSpell(d35eMessageSpell("Fireball"));
    expect(d35e.casterBook(gruk, fireball)).toMatchObject({ className: "wizard", ability: "int", abilityScore: 10, casterLevel: 6 });
    expect(d35e.casterBook(gruk, { ...fireball, itemDCBonus: 1 })?.dcBonuses).toEqual([{ label: "Fireball", value: 1 }]);
  });

  it("adds Spell Focus (D35E combat change featSpellDCBonus) for its school only", () => {
    const spellFocus = makeItem("feat", "Spell Focus (Enchantment)", {
      featType: "feat",
      combatChanges: [["spell", "", "'@item.school' === '@self.custom.spellschool'", "featSpellDCBonus", "1", ""]],
      customAttributes: { _6zv0nkvei: { id: "_6zv0nkvei", name: "Spell School", value: "enc" } },
    });
    const unknownCondition = makeItem("feat", "Odd Feat", {
      combatChanges: [["spell", "", "@item.level > 2", "featSpellDCBonus", "1", ""]],
    });
    const always = makeItem("buff", "Dark Pact", { active: true, combatChanges: [["spell", "", "", "featSpellDCBonus", "2", ""]] });
    const inactive = makeItem("buff", "Faded Pact", { active: false, combatChanges: [["spell", "", "", "featSpellDCBonus", "2", ""]] });
    const dryad = withItems(loadActor("D35E", "Dryad.json"), spellFocus, unknownCondition, always, inactive);
    expect(d35e.casterBook(dryad, d35e.readSpell(itemNamed(dryad, "Suggestion")))?.dcBonuses).toEqual([
      { label: "Spell Focus (Enchantment)", value: 1 },
      { label: "Dark Pact", value: 2 },
    ]);
    expect(d35e.casterBook(dryad, d35e.readSpell(itemNamed(dryad, "Entangle")))?.dcBonuses).toEqual([{ label: "Dark Pact", value: 2 }]);
  });
});

describe("D35E actors: saves, SR, hit points, evasion", () => {
  it.each([
    ["Gruk_the_Barbarian.json", [4, 1, -1]],
    ["Bugbear.json", [2, 4, 1]],
    ["Derro.json", [2, 5, 6]],
    ["Dryad.json", [3, 8, 6]],
  ] as const)("%s: the stored save totals", (file, [fort, ref, will]) => {
    const actor = loadActor("D35E", file);
    expect([d35e.saveBonus(actor, "fort"), d35e.saveBonus(actor, "ref"), d35e.saveBonus(actor, "will")]).toEqual([fort, ref, will]);
  });

  it("reads spell resistance: derro 15, Gruk none", () => {
    expect(d35e.spellResistance(loadActor("D35E", "Derro.json"))).toBe(15);
    expect(d35e.spellResistance(loadActor("D35E", "Gruk_the_Barbarian.json"))).toBe(0);
  });

  it("reads hit points (temp null as 0) and writes value and temp where D35E keeps them", () => {
    const gruk = loadActor("D35E", "Gruk_the_Barbarian.json");
    expect(d35e.hitPoints(gruk)).toEqual({ value: 14, temp: 0, max: 14 });
    expect(d35e.hitPointsUpdate(gruk, { value: 3, temp: 0 })).toEqual({
      "system.attributes.hp.value": 3,
      "system.attributes.hp.temp": 0,
    });
  });

  it("finds Evasion by name or D35E's uniqueId, Improved Evasion first, a worn Ring of Evasion", () => {
    const gruk = loadActor("D35E", "Gruk_the_Barbarian.json");
    expect(d35e.evasion(gruk)).toBeUndefined();
    expect(d35e.evasion(withItems(gruk, makeItem("feat", "Evasion", { featType: "classFeat", uniqueId: "eva" })))).toBe("evasion");
    expect(d35e.evasion(withItems(gruk, makeItem("feat", "Class feature", { uniqueId: "eva" })))).toBe("evasion");
    expect(
      d35e.evasion(
        withItems(
          gruk,
          makeItem("feat", "Evasion", { uniqueId: "eva" }),
          makeItem("feat", "Improved Evasion", { uniqueId: "improved-evasion-v2" }),
        ),
      ),
    ).toBe("improved");
    expect(d35e.evasion(withItems(gruk, makeItem("feat", "Esquive extraordinaire", {})))).toBe("improved");
    const ring = (equipped: boolean): ItemData =>
      makeItem("equipment", "Ring of Evasion", { equipmentType: "misc", equipmentSubtype: "wondrous", slot: "ring", equipped });
    expect(d35e.evasion(withItems(gruk, ring(true)))).toBe("evasion");
    expect(d35e.evasion(withItems(gruk, ring(false)))).toBeUndefined();
  });
});

describe("D35E items", () => {
  it("classifies Gruk's gear: studded leather armor, greataxe, shortbow and dagger in hand, the rest other", () => {
    const gruk = loadActor("D35E", "Gruk_the_Barbarian.json");
    const items = d35e.items(gruk);
    expect(Object.fromEntries(items.map((i) => [i.name, i.kind]))).toEqual({
      "Flint and steel": "other",
      "Rations, Trail": "other",
      Bedroll: "other",
      "Backpack, Common": "other",
      Arrow: "other",
      "Studded Leather Armor": "armor",
      Greataxe: "held",
      Shortbow: "held",
      Dagger: "held",
      Waterskin: "other",
    });
    expect(items.find((i) => i.name === "Greataxe")).toMatchObject({ hardness: 5, hp: 10, maxHp: 10, magic: false, durabilityFrom: "data" });
    expect(items.find((i) => i.name === "Studded Leather Armor")).toMatchObject({ hardness: 2, hp: 15 });
    // Attacks, feats, the class and the race are not physical items.
    expect(items).toHaveLength(10);
    expect(exposedItems(items).map((i) => i.name)).toEqual(["Studded Leather Armor", "Greataxe", "Shortbow", "Dagger"]);
  });

  it("reads the bugbear's wooden shield and the derro's buckler as shields", () => {
    expect(d35e.items(loadActor("D35E", "Bugbear.json")).find((i) => i.name === "Light Wooden Shield")).toMatchObject({
      kind: "shield",
      hardness: 5,
      hp: 7,
    });
    expect(d35e.items(loadActor("D35E", "Derro.json")).find((i) => i.name === "Buckler")).toMatchObject({ kind: "shield", hardness: 10, hp: 5 });
  });

  it("infers magic from wondrous items, enhancement and enhancement items; maps slots to R14 kinds", () => {
    const wondrous = (name: string, slot: string, extra: Record<string, unknown> = {}): ItemData =>
      makeItem("equipment", name, { equipmentType: "misc", equipmentSubtype: "wondrous", slot, equipped: true, ...extra });
    const gruk = withItems(
      loadActor("D35E", "Gruk_the_Barbarian.json"),
      wondrous("Cloak of Resistance +1", "shoulders"),
      wondrous("Ring of Protection +1", "ring"),
      wondrous("Bracers of Armor +1", "wrists"),
      wondrous("Headband of Intellect +2", "headband"),
      makeItem("equipment", "Hat", { equipmentType: "misc", equipmentSubtype: "other", slot: "head", equipped: true }),
      makeItem("equipment", "Peasant's Outfit", { equipmentType: "misc", equipmentSubtype: "clothing", slot: "body", equipped: true }),
      makeItem("weapon", "Longsword +1", { weaponSubtype: "1h", enh: 1, equipped: false, hardness: 12, hp: { max: 15, value: 15 } }),
      makeItem("weapon", "Flaming Longsword", { weaponSubtype: "1h", enh: null, enhancements: { items: [{ name: "Flaming" }] } }),
      makeItem("consumable", "Wand of Magic Missile", { consumableType: "wand", hardness: 5, hp: { max: 5, value: 5 } }),
      makeItem("weapon", "Melded Axe", { weaponSubtype: "1h", melded: true }),
      makeItem("loot", "Stashed Gold", { carried: false }),
    );
    const byName = Object.fromEntries(d35e.items(gruk).map((i) => [i.name, i]));
    expect(byName["Cloak of Resistance +1"]).toMatchObject({ kind: "cloak", magic: true });
    expect(byName["Ring of Protection +1"]).toMatchObject({ kind: "jewelry", magic: true });
    expect(byName["Bracers of Armor +1"]).toMatchObject({ kind: "bracers", magic: true });
    expect(byName["Headband of Intellect +2"]).toMatchObject({ kind: "headgear", magic: true });
    expect(byName.Hat).toMatchObject({ kind: "headgear", magic: false }); // R14 ranks a mundane hat 10
    expect(byName["Peasant's Outfit"]).toMatchObject({ kind: "clothing", magic: false });
    expect(byName["Longsword +1"]).toMatchObject({ kind: "sheathed", magic: true, casterLevel: 3, hardness: 12 });
    expect(byName["Flaming Longsword"]).toMatchObject({ kind: "held", magic: true });
    expect(byName["Wand of Magic Missile"]).toMatchObject({ kind: "other", magic: true });
    expect(byName["Melded Axe"]).toBeUndefined();
    expect(byName["Stashed Gold"]).toBeUndefined();
  });

  it("falls back to the SRD table (R17) when the data lack hardness or hit points", () => {
    const gruk = loadActor("D35E", "Gruk_the_Barbarian.json", (s) => {
      for (const item of s.items) {
        if (item.name === "Greataxe" || item.name === "Studded Leather Armor") {
          delete item.system.hardness;
          delete item.system.hp;
        }
      }
    });
    const items = d35e.items(gruk);
    expect(items.find((i) => i.name === "Greataxe" && i.kind === "held")).toMatchObject({ hardness: 5, hp: 10, durabilityFrom: "srd" });
    expect(items.find((i) => i.name === "Studded Leather Armor")).toMatchObject({ hardness: 2, hp: 15, durabilityFrom: "srd" });
  });
});
