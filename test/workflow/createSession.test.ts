import { describe, expect, it } from "vitest";
import { createSession, sessionDC } from "../../src/workflow/createSession";
import { chooseOption } from "../../src/workflow/transitions";
import {
  clericBook,
  cureLightWoundsSpell,
  fireballInput,
  fireballSession,
  fireballSpell,
  goblin,
  holdPersonSpell,
  sessionOf,
  tordek,
  wizardBook,
} from "./builders";

describe("createSession: the DC (R9)", () => {
  it("R9: a 5th-level wizard (Int 17) casting fireball has DC 16 = 10 + 3 (level) + 3 (Int), with named terms", () => {
    const session = fireballSession();
    expect(session.dc.value).toBe(16);
    expect(session.dc.terms).toEqual([
      { label: "base", value: 10 },
      { label: "spellLevel", value: 3 },
      { label: "ability.int", value: 3 },
    ]);
    expect(session.dc.terms.reduce((sum, t) => sum + t.value, 0)).toBe(session.dc.value);
  });

  it("R9: the ability modifier comes from the current score (Int 17 drained to 15 → +2, DC 15)", () => {
    const session = fireballSession({ book: wizardBook({ abilityScore: 15 }) });
    expect(session.dc.value).toBe(15);
    expect(session.dc.terms[2]).toEqual({ label: "ability.int", value: 2 });
  });

  it("R9: Spell Focus (evocation) +1 is its own term and adds up: 10 + 3 + 3 + 1 = 17", () => {
    const session = fireballSession({ book: wizardBook({ dcBonuses: [{ label: "Spell Focus", value: 1 }] }) });
    expect(session.dc.value).toBe(17);
    expect(session.dc.terms).toHaveLength(4);
    expect(session.dc.terms[3]).toEqual({ label: "Spell Focus", value: 1 });
  });

  it("R9: several bonuses each keep their term (Spell Focus +1, Greater Spell Focus +1 → 18)", () => {
    const dc = sessionDC(
      fireballInput({
        book: wizardBook({
          dcBonuses: [
            { label: "Spell Focus", value: 1 },
            { label: "Greater Spell Focus", value: 1 },
          ],
        }),
      }),
    );
    expect(dc.value).toBe(18);
    expect(dc.terms.map((t) => t.label)).toEqual(["base", "spellLevel", "ability.int", "Spell Focus", "Greater Spell Focus"]);
  });

  it("R9: cure light wounds is level 1 for a cleric (Wis 16 → DC 14)", () => {
    const session = sessionOf(
      fireballInput({ spell: cureLightWoundsSpell(), book: clericBook({ abilityScore: 16, casterLevel: 1 }), damage: undefined }),
    );
    expect(session.spell.level).toBe(1);
    expect(session.dc.value).toBe(14);
  });

  it("R9: cure light wounds is level 2 for a ranger (same Wis 16 → DC 15), even though the item stores level 1", () => {
    const input = fireballInput({
      spell: cureLightWoundsSpell({ level: 1 }),
      book: clericBook({ className: "ranger", abilityScore: 16, casterLevel: 2 }),
      damage: undefined,
    });
    const session = sessionOf(input);
    expect(session.spell.level).toBe(2);
    expect(session.dc.value).toBe(15);
    expect(session.dc.terms[1]).toEqual({ label: "spellLevel", value: 2 });
  });

  it("R9: the class is matched by name whatever the language or case (a French 'Prêtre' book finds 'Cleric')", () => {
    const session = sessionOf(
      fireballInput({ spell: cureLightWoundsSpell(), book: clericBook({ className: "Prêtre", abilityScore: 16 }), damage: undefined }),
    );
    expect(session.spell.level).toBe(1);
    expect(session.dc.value).toBe(14);
  });

  it("R9: a bard casts cure light wounds as 1st level (SRD: Brd 1) with Charisma", () => {
    const session = sessionOf(
      fireballInput({
        spell: cureLightWoundsSpell(),
        book: { className: "bard", ability: "cha", abilityScore: 14, casterLevel: 2, dcBonuses: [] },
        damage: undefined,
      }),
    );
    expect(session.dc.value).toBe(10 + 1 + 2);
  });

  it("R9: a class without the spell in its list falls back to the level the system recorded at cast time", () => {
    const session = sessionOf(
      fireballInput({ book: wizardBook({ className: "_hd" }), castSpellLevel: 4, spell: fireballSpell({ level: 2 }) }),
    );
    expect(session.spell.level).toBe(4);
    expect(session.dc.value).toBe(10 + 4 + 3);
  });

  it("R9 item DC: a wand of fireball (no spellbook) uses 10 + 3 + floor(3 / 2) = 14 as one 'item' term", () => {
    const session = fireballSession({ book: undefined, castSpellLevel: 3, castCasterLevel: 5 });
    expect(session.dc.value).toBe(14);
    expect(session.dc.terms).toEqual([{ label: "item", value: 14 }]);
    expect(session.spell.casterLevel).toBe(5);
  });

  it("R9 item DC: with no level recorded at cast time the spell item's own level is used (wand of hold person: 10 + 3 + 1)", () => {
    const session = sessionOf(fireballInput({ book: undefined, spell: holdPersonSpell({ level: 3 }), damage: undefined }));
    expect(session.spell.level).toBe(3);
    expect(session.dc.value).toBe(14);
  });

  it("R9 item DC: an item that records its own DC uses it (the DC the system printed) as the 'item' term", () => {
    const session = fireballSession({ book: undefined, castSpellLevel: 3, printedDC: 15 });
    expect(session.dc.value).toBe(15);
    expect(session.dc.terms).toEqual([{ label: "item", value: 15 }]);
    expect(session.dc.printed).toBe(15);
  });

  it("R9 item DC: a printed DC that is no DC (0, negative, fractional) falls back to 10 + level + floor(level / 2)", () => {
    for (const printedDC of [0, -3, 14.5, Number.NaN]) {
      expect(sessionDC(fireballInput({ book: undefined, castSpellLevel: 3, printedDC })).value, String(printedDC)).toBe(14);
    }
  });

  it("R9: a spellbook cast ignores the printed DC for its value (the card shows both)", () => {
    expect(fireballSession({ printedDC: 20 }).dc.value).toBe(16);
  });

  it("R9 Heighten: a fireball heightened to 5th keeps its class level term and adds 'heightened' +2 (DC 18)", () => {
    const session = fireballSession({ castSpellLevel: 5 });
    expect(session.dc.terms).toEqual([
      { label: "base", value: 10 },
      { label: "spellLevel", value: 3 },
      { label: "heightened", value: 2 },
      { label: "ability.int", value: 3 },
    ]);
    expect(session.dc.value).toBe(18);
    expect(session.spell.level).toBe(5);
  });

  it("R9 Heighten: a cast level equal to or below the class's adds no term (ranger's cure light wounds stored at 1st)", () => {
    expect(fireballSession({ castSpellLevel: 3 }).dc.terms.map((t) => t.label)).not.toContain("heightened");
    const ranger = sessionOf(
      fireballInput({
        spell: cureLightWoundsSpell({ level: 1 }),
        book: clericBook({ className: "ranger", abilityScore: 16 }),
        castSpellLevel: 1,
        damage: undefined,
      }),
    );
    expect(ranger.dc.terms.map((t) => t.label)).toEqual(["base", "spellLevel", "ability.wis"]);
    expect(ranger.dc.value).toBe(15);
    expect(ranger.spell.level).toBe(2);
  });

  it("R9 Heighten: with Spell Focus too, every term is its own and they add up (10 + 3 + 1 + 3 + 1 = 18)", () => {
    const dc = sessionDC(fireballInput({ castSpellLevel: 4, book: wizardBook({ dcBonuses: [{ label: "Spell Focus", value: 1 }] }) }));
    expect(dc.terms.map((t) => t.label)).toEqual(["base", "spellLevel", "heightened", "ability.int", "Spell Focus"]);
    expect(dc.value).toBe(18);
    expect(dc.terms.reduce((sum, t) => sum + t.value, 0)).toBe(dc.value);
  });

  it("R9 Heighten: a class without the spell takes the cast level as its level, with no heightened term", () => {
    const dc = sessionDC(fireballInput({ book: wizardBook({ className: "_hd" }), castSpellLevel: 5 }));
    expect(dc.terms).toContainEqual({ label: "spellLevel", value: 5 });
    expect(dc.terms.map((t) => t.label)).not.toContain("heightened");
  });

  it("R9: the system's own ability modifier wins over the score's (pf1 takes damage off the modifier: Int 15 but +3)", () => {
    const dc = sessionDC(fireballInput({ book: wizardBook({ abilityScore: 15, abilityModifier: 3 }) }));
    expect(dc.terms).toContainEqual({ label: "ability.int", value: 3 });
    expect(dc.value).toBe(16);
  });

  it("R9: a negative system modifier counts too, and a book whose score reads below 0 no longer throws", () => {
    const dc = sessionDC(fireballInput({ book: wizardBook({ abilityScore: -1, abilityModifier: -5 }) }));
    expect(dc.value).toBe(10 + 3 - 5);
    expect(dc.terms.reduce((sum, t) => sum + t.value, 0)).toBe(dc.value);
  });

  it("R9: without a system modifier the score's modifier is used, as before", () => {
    expect(sessionDC(fireballInput({ book: wizardBook({ abilityScore: 15 }) })).terms).toContainEqual({ label: "ability.int", value: 2 });
  });

  it("R9: a book formula the module cannot read reaches the session for the GM to check", () => {
    const session = fireballSession({ book: wizardBook({ unreadDCFormula: "12 + @sl + @cl" }) });
    expect(session.dc.formula).toBe("12 + @sl + @cl");
    expect(fireballSession().dc.formula).toBeUndefined();
    expect(fireballSession().dc).not.toHaveProperty("formula");
  });

  it("keeps the DC the system printed next to the computed one", () => {
    const session = fireballSession({ printedDC: 17 });
    expect(session.dc.printed).toBe(17);
    expect(session.dc.value).toBe(16);
  });

  it("has no printed DC when the system printed none", () => {
    expect(fireballSession().dc).not.toHaveProperty("printed");
  });
});

describe("createSession: reading the save line (R1–R8)", () => {
  it("R1/R4: 'Reflex half' → a Reflex save whose success halves the damage", () => {
    const session = fireballSession();
    expect(session.save).toBe("ref");
    expect(session.spell.option).toMatchObject({ save: "ref", effect: "half", harmless: false });
    expect(session.spell.options).toHaveLength(1);
  });

  it("R1/R4: the French line 'Réflexes, 1/2 dégâts' reads the same: Reflex half, DC 16", () => {
    const session = fireballSession({ spell: fireballSpell({ name: "Boule de feu", saveText: "Réflexes, 1/2 dégâts" }) });
    expect(session.save).toBe("ref");
    expect(session.spell.option.effect).toBe("half");
    expect(session.dc.value).toBe(16);
    expect(session.spell.saveText).toBe("Réflexes, 1/2 dégâts");
  });

  it("R5: 'None' (sleet storm) starts no workflow: noSave", () => {
    expect(createSession(fireballInput({ spell: fireballSpell({ name: "Sleet Storm", saveText: "None" }) }))).toBe("noSave");
  });

  it("R5: 'Aucun' (French) is noSave too", () => {
    expect(createSession(fireballInput({ spell: fireballSpell({ saveText: "Aucun" }) }))).toBe("noSave");
  });

  it("an empty save line is noSave, not unreadable", () => {
    expect(createSession(fireballInput({ spell: fireballSpell({ saveText: "" }) }))).toBe("noSave");
  });

  it("'see text' alone has no save to prompt for: unreadable", () => {
    expect(createSession(fireballInput({ spell: fireballSpell({ saveText: "see text" }) }))).toBe("unreadable");
  });

  it("'Voir description' alone is unreadable too", () => {
    expect(createSession(fireballInput({ spell: fireballSpell({ saveText: "Voir description" }) }))).toBe("unreadable");
  });

  it("'see text' with a save kind stored by the system starts a session with that save and a 'special' effect", () => {
    const session = sessionOf(fireballInput({ spell: fireballSpell({ saveText: "see text", saveKind: "will" }) }));
    expect(session.save).toBe("will");
    expect(session.spell.option).toMatchObject({ save: "will", effect: "special" });
  });

  it("no targets: noTargets", () => {
    expect(createSession(fireballInput({ targets: [] }))).toBe("noTargets");
  });

  it("a spell without a save and without targets says noSave (nothing to ask anyway)", () => {
    expect(createSession(fireballInput({ targets: [], spell: fireballSpell({ saveText: "None" }) }))).toBe("noSave");
  });

  it("R5/R2: 'None or Will negates; see text' (blasphemy) → the Will option is in force; options hold only saving alternatives", () => {
    const session = sessionOf(
      fireballInput({
        spell: fireballSpell({ name: "Blasphemy", saveText: "None or Will negates; see text", levelsByClass: { Cleric: 7 } }),
        book: clericBook({ casterLevel: 13 }),
      }),
    );
    expect(session.save).toBe("will");
    expect(session.spell.option).toMatchObject({ save: "will", effect: "negates" });
    expect(session.spell.options).toHaveLength(1);
    expect(session.spell.options.every((o) => o.save !== null)).toBe(true);
    expect(session.dc.value).toBe(10 + 7 + 4);
  });

  it("R1: 'Reflex half or Reflex negates; see text' (blade barrier) starts with the first alternative and keeps both", () => {
    const session = sessionOf(
      fireballInput({
        spell: fireballSpell({ name: "Blade Barrier", saveText: "Reflex half or Reflex negates; see text", levelsByClass: { Cleric: 6 } }),
        book: clericBook(),
      }),
    );
    expect(session.spell.option.effect).toBe("half");
    expect(session.spell.options.map((o) => o.effect)).toEqual(["half", "negates"]);
    expect(session.dc.value).toBe(20);
  });

  it("R8: the spell data's harmless flag wins: 'Will negates' + harmless → the option in force is harmless", () => {
    const session = sessionOf(fireballInput({ spell: holdPersonSpell({ name: "Heroism", saveText: "Will negates", harmless: true }) }));
    expect(session.spell.option.harmless).toBe(true);
  });

  it("R8: the harmless flag survives the GM re-picking an alternative (chooseOption keeps it)", () => {
    const session = sessionOf(fireballInput({ spell: holdPersonSpell({ name: "Heroism", saveText: "Will negates", harmless: true }) }));
    expect(chooseOption(session, 0).spell.option.harmless).toBe(true);
    expect(session.spell.options.every((o) => o.harmless)).toBe(true);
  });

  it("R8: '(harmless)' in the line is kept even when the data flag is false", () => {
    const session = sessionOf(fireballInput({ spell: cureLightWoundsSpell({ harmless: false }), book: clericBook(), damage: undefined }));
    expect(session.spell.option).toMatchObject({ save: "will", effect: "half", harmless: true });
  });

  it("a harmful spell stays not harmless", () => {
    expect(fireballSession().spell.option.harmless).toBe(false);
  });
});

describe("createSession: the cast's damage", () => {
  it("healing: a 'heal' spell heals even when the message did not say so", () => {
    const session = sessionOf(
      fireballInput({ spell: cureLightWoundsSpell(), book: clericBook(), damage: { total: 9, types: [], healing: false } }),
    );
    expect(session.damage).toEqual({ total: 9, types: [], healing: true });
  });

  it("healing: the message's healing flag holds when the spell data do not say so", () => {
    const session = fireballSession({ spell: fireballSpell({ healing: false }), damage: { total: 9, types: ["positive"], healing: true } });
    expect(session.damage?.healing).toBe(true);
  });

  it("a damaging spell stays damage", () => {
    expect(fireballSession().damage?.healing).toBe(false);
  });

  it("R4 needs whole hit points: a fractional total is rounded down, a negative one is 0", () => {
    expect(fireballSession({ damage: { total: 21.7, types: ["fire"], healing: false } }).damage?.total).toBe(21);
    expect(fireballSession({ damage: { total: -4, types: ["fire"], healing: false } }).damage?.total).toBe(0);
  });

  it("a total that is not a number (NaN, Infinity) is no damage at all", () => {
    expect(fireballSession({ damage: { total: Number.NaN, types: ["fire"], healing: false } })).not.toHaveProperty("damage");
    expect(fireballSession({ damage: { total: Number.POSITIVE_INFINITY, types: ["fire"], healing: false } })).not.toHaveProperty("damage");
  });

  it("parts are made whole too, and a part that is not a number is left out", () => {
    const session = fireballSession({
      damage: {
        total: 12.5,
        types: ["fire", "untyped"],
        healing: false,
        parts: [
          { total: 9.5, types: ["fire"] },
          { total: -1, types: ["untyped"] },
          { total: Number.NaN, types: ["cold"] },
        ],
      },
    });
    expect(session.damage).toEqual({
      total: 12,
      types: ["fire", "untyped"],
      healing: false,
      parts: [
        { total: 9, types: ["fire"] },
        { total: 0, types: ["untyped"] },
      ],
    });
  });
});

describe("createSession: the session data", () => {
  it("every target starts waiting, with no save and no damage", () => {
    const session = fireballSession();
    expect(session.targets.map((t) => t.id)).toEqual(["goblin", "tordek", "lidda"]);
    for (const target of session.targets) {
      expect(target.status).toBe("waiting");
      expect(target).not.toHaveProperty("save");
      expect(target).not.toHaveProperty("damage");
    }
  });

  it("keeps the targets' save bonuses, evasion and owners", () => {
    const session = fireballSession();
    const lidda = session.targets[2];
    expect(lidda?.saveBonuses).toEqual({ fort: 2, ref: 8, will: 2 });
    expect(lidda?.evasion).toBe("evasion");
    expect(lidda?.ownerIds).toEqual(["user-bob"]);
  });

  it("records the spell's aim, level, caster level, damage and the messages; the session is open", () => {
    const session = fireballSession();
    expect(session.open).toBe(true);
    expect(session.spell.aim).toBe("area");
    expect(session.spell.level).toBe(3);
    expect(session.spell.casterLevel).toBe(5);
    expect(session.damage).toEqual({ total: 21, types: ["fire"], healing: false });
    expect(session.messages).toEqual({ gm: "session-fireball", public: "msg-public", owners: {} });
    expect(session.castMessageId).toBe("msg-cast");
    expect(session.spell.itemUuid).toBe("Actor.mialee.Item.fireball");
  });

  it("a targeted spell without damage has aim 'targeted' and no damage", () => {
    const session = sessionOf(fireballInput({ spell: holdPersonSpell(), damage: undefined, targets: [goblin(), tordek()] }));
    expect(session.spell.aim).toBe("targeted");
    expect(session).not.toHaveProperty("damage");
  });

  it("leaves out castMessageId when the cast came from elsewhere (a macro)", () => {
    expect(fireballSession({ castMessageId: undefined })).not.toHaveProperty("castMessageId");
  });

  it("does not share the input's target objects (a later change to the session leaves the input alone)", () => {
    const input = fireballInput();
    const session = sessionOf(input);
    expect(session.targets[0]).not.toBe(input.targets[0]);
    expect(input.targets[0]).not.toHaveProperty("status");
  });
});
