/**
 * R9 from each system's data to the session's DC: the adapters' machine labels (the card localises them),
 * pf1's own ability modifier, and a spellbook formula the module cannot read.
 */
import { describe, expect, it } from "vitest";
import type { CasterBook } from "../../src/systems/adapter";
import { d35eAdapter as d35e } from "../../src/systems/d35e";
import { pf1Adapter as pf1 } from "../../src/systems/pf1";
import { sessionDC } from "../../src/workflow/createSession";
import { itemNamed, loadActor, makeItem, type ActorSource } from "../fixtures/actors";
import { fireballInput, sessionOf } from "../workflow/builders";

function primaryBook(source: ActorSource): Record<string, unknown> {
  const attributes = (source.system.attributes ??= {}) as Record<string, unknown>;
  const spells = (attributes.spells ??= {}) as Record<string, unknown>;
  const books = (spells.spellbooks ??= {}) as Record<string, unknown>;
  return (books.primary ??= {}) as Record<string, unknown>;
}

function bookOf(book: CasterBook | undefined): CasterBook {
  if (!book) throw new Error("no spellbook");
  return book;
}

/** English words the adapters used to write into DC labels. */
const ENGLISH_LABEL = /DC bonus|DC formula|Spellbook/;

describe("pf1: DC term labels are machine labels; names from the user's data stay", () => {
  const mage = loadActor("pf1", "street-magician.json", (s) => {
    s.items.push(
      makeItem("feat", "Spell Focus (Enchantment)", { changes: [{ formula: "1", target: "dc.school.enc", type: "untyped" }] }),
      makeItem("feat", "Ioun Stone of DCs", { changes: [{ formula: "1", target: "dc", type: "untyped" }] }),
    );
    Object.assign(primaryBook(s), { baseDCFormula: "10 + @sl + @ablMod + 1" });
  });

  it("spellDC, schoolDC.<school id>, dcFormula; the spell's own save.dc keeps the spell's name", () => {
    const charm = { ...pf1.readSpell(itemNamed(mage, "Charm Person")), itemDCBonus: 2 };
    const labels = bookOf(pf1.casterBook(mage, charm)).dcBonuses.map((b) => b.label);
    expect(labels).toEqual(["dcFormula", "spellDC", "schoolDC.enc", "Charm Person"]);
    expect(labels.filter((l) => ENGLISH_LABEL.test(l))).toEqual([]);
  });

  it("the session keeps those labels, and its terms still add up to the DC (R9)", () => {
    const charm = pf1.readSpell(itemNamed(mage, "Charm Person"));
    const book = bookOf(pf1.casterBook(mage, charm));
    const dc = sessionDC(fireballInput({ book }));
    expect(dc.terms.map((t) => t.label)).toEqual(["base", "spellLevel", `ability.${book.ability}`, "dcFormula", "spellDC", "schoolDC.enc"]);
    expect(dc.terms.reduce((sum, t) => sum + t.value, 0)).toBe(dc.value);
  });
});

describe("D35E: DC term labels", () => {
  it("a feat's bonus keeps the feat's name (the user's data), a book formula constant is dcFormula", () => {
    const spellFocus = makeItem("feat", "Spell Focus (Enchantment)", {
      featType: "feat",
      combatChanges: [["spell", "", "'@item.school' === '@self.custom.spellschool'", "featSpellDCBonus", "1", ""]],
      customAttributes: { _6zv0nkvei: { id: "_6zv0nkvei", name: "Spell School", value: "enc" } },
    });
    const dryad = loadActor("D35E", "Dryad.json", (s) => {
      s.items.push(spellFocus);
      const books = (s.system.attributes as { spells: { spellbooks: Record<string, Record<string, unknown>> } }).spells.spellbooks;
      Object.assign(books.spelllike ?? {}, { baseDCFormula: "10 + @sl + @ablMod + 2" });
    });
    const suggestion = d35e.readSpell(itemNamed(dryad, "Suggestion"));
    const labels = bookOf(d35e.casterBook(dryad, suggestion)).dcBonuses.map((b) => b.label);
    expect(labels).toEqual(["dcFormula", "Spell Focus (Enchantment)"]);
    expect(labels.filter((l) => ENGLISH_LABEL.test(l))).toEqual([]);
  });
});

describe("R9: the ability term is the system's own modifier when it has one", () => {
  it("pf1 takes damage off the modifier: Int 17 drained 1 (16) with 1 damage keeps +3, where the score would give +2", () => {
    const mage = loadActor("pf1", "battle-mage.json", (s) => {
      Object.assign((s.system.abilities as Record<string, object>).int ?? {}, { damage: 1, drain: 1 });
    });
    const book = bookOf(pf1.casterBook(mage, pf1.readSpell(itemNamed(mage, "Scorching Ray"))));
    expect(book).toMatchObject({ ability: "int", abilityScore: 15, abilityModifier: 3 });
    const dc = sessionDC(fireballInput({ book }));
    expect(dc.terms).toContainEqual({ label: "ability.int", value: 3 });
    expect(dc.value).toBe(10 + 3 + 3);
  });

  it("D35E's modifier is floor((total - 10) / 2): the DC is the same as from the score (dryad's Cha 18: +4)", () => {
    const dryad = loadActor("D35E", "Dryad.json");
    const book = bookOf(d35e.casterBook(dryad, d35e.readSpell(itemNamed(dryad, "Suggestion"))));
    const fromModifier = sessionDC(fireballInput({ book }));
    const withoutModifier: CasterBook = { ...book };
    delete withoutModifier.abilityModifier;
    const fromScore = sessionDC(fireballInput({ book: withoutModifier }));
    expect(fromModifier).toEqual(fromScore);
    expect(fromModifier.terms).toContainEqual({ label: "ability.cha", value: 4 });
  });
});

describe("R9: a spellbook formula the module cannot read is carried to the GM", () => {
  it("pf1 '12 + @sl' reaches the session as its unread formula", () => {
    const odd = loadActor("pf1", "battle-mage.json", (s) => {
      Object.assign(primaryBook(s), { baseDCFormula: "12 + @sl" });
    });
    const book = bookOf(pf1.casterBook(odd, pf1.readSpell(itemNamed(odd, "Scorching Ray"))));
    expect(sessionOf(fireballInput({ book })).dc.formula).toBe("12 + @sl");
  });

  it("the usual formula leaves no warning", () => {
    const mage = loadActor("pf1", "battle-mage.json");
    const book = bookOf(pf1.casterBook(mage, pf1.readSpell(itemNamed(mage, "Scorching Ray"))));
    expect(sessionOf(fireballInput({ book })).dc.formula).toBeUndefined();
  });
});
