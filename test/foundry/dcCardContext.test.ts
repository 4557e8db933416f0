/**
 * What the GM card's template receives for the DC and the damage: lang keys for the module's own words,
 * the raw label or id where the module has no word (a feat's name, a homebrew school or damage type).
 * The contexts are built on a GM's client of the harness (the GM card reads who is online).
 */
import { beforeAll, describe, expect, it } from "vitest";
import { createWorld, type Client } from "../harness";
import { registerModule } from "../../src/main";
import { gmCardContext as gmCardContextOnClient, publicCardContext } from "../../src/foundry/presenters";
import { publicCard } from "../../src/workflow/views";
import type { SaveSession } from "../../src/workflow/session";
import { fireballSession, wizardBook } from "../workflow/builders";

let gm: Client;

beforeAll(async () => {
  const world = createWorld({ system: "D35E" }).boot(registerModule);
  world.addUser({ id: "GMuser0000000001", name: "Gamemaster", role: "GAMEMASTER" });
  gm = await world.addClient("GMuser0000000001");
});

function gmCardContext(session: SaveSession) {
  return gm.run(() => gmCardContextOnClient(session));
}

function withTerms(terms: { label: string; value: number }[]) {
  return gmCardContext(fireballSession({ book: wizardBook({ dcBonuses: terms }) })).terms.slice(3);
}

describe("GM card context: DC terms", () => {
  it("built-in terms are lang keys; the ability names its ability (str, dex and con too)", () => {
    const context = gmCardContext(fireballSession({ castSpellLevel: 4 }));
    expect(context.terms).toEqual([
      { value: 10, labelKey: "D20SS.DcTerm.base" },
      { value: 3, labelKey: "D20SS.DcTerm.spellLevel" },
      { value: 1, labelKey: "D20SS.DcTerm.heightened" },
      { value: 3, labelKey: "D20SS.Ability.int" },
    ]);
    for (const ability of ["str", "dex", "con"]) {
      const terms = gmCardContext(fireballSession({ book: wizardBook({ ability }) })).terms;
      expect(terms[2]).toEqual({ value: 3, labelKey: `D20SS.Ability.${ability}` });
    }
  });

  it("a homebrew ability shows its own id", () => {
    expect(gmCardContext(fireballSession({ book: wizardBook({ ability: "san" }) })).terms[2]).toEqual({ value: 3, label: "san" });
  });

  it("the systems' machine labels become lang keys; a school is a lang key too, or its raw id", () => {
    expect(
      withTerms([
        { label: "dcFormula", value: 1 },
        { label: "spellDC", value: 1 },
        { label: "schoolDC.evo", value: 1 },
        { label: "schoolDC.tel", value: 2 },
      ]),
    ).toEqual([
      { value: 1, labelKey: "D20SS.DcTerm.dcFormula" },
      { value: 1, labelKey: "D20SS.DcTerm.spellDC" },
      { value: 1, labelKey: "D20SS.DcTerm.schoolDC", schoolKey: "D20SS.School.evo" },
      { value: 2, labelKey: "D20SS.DcTerm.schoolDC", school: "tel" },
    ]);
  });

  it("names from the user's own data stay as they are (a feat's name)", () => {
    expect(withTerms([{ label: "Spell Focus (Evocation)", value: 1 }])).toEqual([{ value: 1, label: "Spell Focus (Evocation)" }]);
  });

  it("an item's DC is the 'item' term", () => {
    expect(gmCardContext(fireballSession({ book: undefined, printedDC: 15 })).terms).toEqual([{ value: 15, labelKey: "D20SS.DcTerm.item" }]);
  });

  it("an unread book formula is passed to the card; none otherwise", () => {
    expect(gmCardContext(fireballSession({ book: wizardBook({ unreadDCFormula: "12 + @sl" }) })).dcFormula).toBe("12 + @sl");
    expect(gmCardContext(fireballSession()).dcFormula).toBeUndefined();
  });
});

describe("GM card context: damage", () => {
  it("damage types are lang keys (pf1 'electric' and D35E 'electricity' alike, once), unknown ones raw", () => {
    const session = fireballSession({ damage: { total: 12, types: ["fire", "electric", "electricity", "fire/divine"], healing: false } });
    expect(gmCardContext(session).damage?.typeLabels).toEqual([
      { labelKey: "D20SS.DamageType.fire" },
      { labelKey: "D20SS.DamageType.electricity" },
      { label: "fire/divine" },
    ]);
  });

  it("healing rolled is labelled as healing", () => {
    const session = fireballSession({ damage: { total: 9, types: ["positive"], healing: true } });
    expect(gmCardContext(session).damage).toMatchObject({ labelKey: "D20SS.Card.Healing", total: 9 });
  });
});

describe("card rows: hit points applied", () => {
  function applied(value: number): SaveSession {
    const session = fireballSession();
    const [first, ...rest] = session.targets;
    if (!first) throw new Error("no target");
    return { ...session, targets: [{ ...first, status: "waived", save: { kind: "waived" }, damage: { proposed: 21, taken: { value, temp: 0 } } }, ...rest] };
  }

  it("healing (a negative taking) is shown as hit points healed", () => {
    const row = gmCardContext(applied(-4)).targets[0];
    expect(row).toMatchObject({ applied: -4, healed: 4 });
  });

  it("damage is not healing", () => {
    const row = gmCardContext(applied(21)).targets[0];
    expect(row).toMatchObject({ applied: 21 });
    expect(row?.healed).toBeUndefined();
  });

  it("the public card's rows say the same", () => {
    const session = { ...applied(-4), spell: { ...applied(-4).spell, aim: "targeted" as const } };
    expect(publicCardContext(publicCard(session, "everyone")).targets[0]).toMatchObject({ healed: 4 });
  });
});
