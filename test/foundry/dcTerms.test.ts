// @vitest-environment happy-dom
/**
 * The GM card's DC line and damage line, through the table: R9's terms as the GM reads them (heightened
 * spells, the systems' DC bonuses, a book formula the module cannot read) in English and French, the
 * damage types in the reader's language, the save text in each language's quotation marks, and healing
 * shown as hit points gained.
 */
import { describe, expect, it } from "vitest";
import type { Client } from "../harness/client";
import { answerPrompts, cardId, clickGmCard, drawn, hurt, sessionOn } from "./cards";
import { ALICE, setupTable, type SystemName, type Table, type TableOptions } from "./table";

/** A second GM who reads French (the active GM stays the English one: the lowest id). */
const FRENCH_GM = "GMzfrench0000001";

type Data = Record<string, unknown>;

/** The GM card's text on a GM's client, white space collapsed (French no-break spaces kept). */
async function gmCardText(client: Client): Promise<string> {
  return (await drawn(client, cardId(client, "session"))).textContent.replace(/[ \t\r\n]+/g, " ");
}

/** A table with a French GM beside the English one. */
async function tableWithFrenchGm(system: SystemName, options: TableOptions = {}): Promise<{ table: Table; frenchGm: Client }> {
  const table = await setupTable(system, options);
  const frenchGm = await table.world.addClient({ id: FRENCH_GM, name: "MJ", role: "GAMEMASTER", lang: "fr" });
  return { table, frenchGm };
}

/** Changes the spell-use message Bob's client is about to post (as another module's preCreate hook would). */
function beforeCast(table: Table, change: (source: Data) => void): void {
  table.bob.hooks.on("preCreateChatMessage", (doc: unknown) => {
    change((doc as { _source: Data })._source);
  });
}

/** Heightens the cast to `level` in the message, as the system records it (pf1 metadata.spell.sl, D35E rollData.sl). */
function heighten(table: Table, level: number, printedDC: number): void {
  beforeCast(table, (source) => {
    const flags = source.flags as Data;
    if (table.system === "pf1") {
      const metadata = (flags.pf1 as { metadata: { spell: Data; save: Data } }).metadata;
      metadata.spell.sl = level;
      metadata.save.dc = printedDC;
    } else {
      const ctd = (flags.D35E as { chatTemplateData: { attacks: { rollData: Data }[]; dc: Data } }).chatTemplateData;
      for (const attack of ctd.attacks) attack.rollData.sl = level;
      ctd.dc.dc = printedDC;
    }
  });
}

/** Sets the caster's primary spellbook DC formula (the GM edits the sheet). */
async function setFormula(table: Table, formula: string): Promise<void> {
  await table.gm.game.actors.get(table.casterId)?.update({ "system.attributes.spells.spellbooks.primary.baseDCFormula": formula });
  await table.world.settle();
}

describe.each<SystemName>(["pf1", "D35E"])("%s: the GM card's DC line (R9)", (system) => {
  it("a Fireball heightened to 5th: 10 + 3 (level) + 2 (heightened) + 3 (Int) = 18, the printed DC agrees", async () => {
    const { table, frenchGm } = await tableWithFrenchGm(system);
    heighten(table, 5, 18);
    await table.cast("Fireball", [table.heroToken]);
    const session = sessionOn(table.gm);
    expect(session.dc.terms).toEqual([
      { label: "base", value: 10 },
      { label: "spellLevel", value: 3 },
      { label: "heightened", value: 2 },
      { label: "ability.int", value: 3 },
    ]);
    expect(session.dc.value).toBe(18);
    const en = await gmCardText(table.gm);
    expect(en).toContain("DC 18 = 10 (base) + 3 (level) + 2 (heightened) + 3 (Int)");
    expect(en).not.toContain("printed DC");
    expect(await gmCardText(frenchGm)).toContain("DD 18 = 10 (base) + 3 (niveau) + 2 (intensifié) + 3 (Int)");
  });

  it("a constant in the book's DC formula is a localised term", async () => {
    const { table, frenchGm } = await tableWithFrenchGm(system);
    await setFormula(table, "10 + @sl + @ablMod + 1");
    await table.cast("Fireball", [table.heroToken]);
    expect(sessionOn(table.gm).dc.terms).toContainEqual({ label: "dcFormula", value: 1 });
    expect(await gmCardText(table.gm)).toContain("+ 1 (spellbook formula)");
    expect(await gmCardText(frenchGm)).toContain("+ 1 (formule du grimoire)");
  });

  it("a book formula the module cannot read: the GM is told to check the DC, in each GM's language", async () => {
    const { table, frenchGm } = await tableWithFrenchGm(system);
    await setFormula(table, "12 + @sl + @cl");
    await table.cast("Fireball", [table.heroToken]);
    expect(await gmCardText(table.gm)).toContain("The spellbook's DC formula “12 + @sl + @cl” is not the usual one: check the DC.");
    expect(await gmCardText(frenchGm)).toContain("La formule de DD du grimoire «\u00a012 + @sl + @cl\u00a0» n'est pas la formule habituelle : vérifiez le DD.");
  });

  it("the usual formula gives no such warning", async () => {
    const table = await setupTable(system);
    await table.cast("Fireball", [table.heroToken]);
    const html = await drawn(table.gm, cardId(table.gm, "session"));
    expect(html.querySelector(".d20ss-dc-formula")).toBeNull();
  });

  it("the save text is quoted in each language's marks, and the damage type is a word of the reader's language", async () => {
    const { table, frenchGm } = await tableWithFrenchGm(system);
    await table.cast("Fireball", [table.heroToken]);
    const saveText = sessionOn(table.gm).spell.saveText;
    const en = await drawn(table.gm, cardId(table.gm, "session"));
    const fr = await drawn(frenchGm, cardId(frenchGm, "session"));
    expect(en.querySelector(".d20ss-save-text")?.textContent).toBe(`“${saveText}”`);
    expect(fr.querySelector(".d20ss-save-text")?.textContent).toBe(`«\u00a0${saveText}\u00a0»`);
    expect(en.querySelector(".d20ss-damage-line .d20ss-tag")?.textContent).toBe("fire");
    expect(fr.querySelector(".d20ss-damage-line .d20ss-tag")?.textContent).toBe("feu");
    expect(table.world.missingKeys("D20SS.")).toEqual([]);
  });

  it("healing is shown as hit points gained (+4 hp), not taken", async () => {
    const table = await setupTable(system, { cleric: true });
    const hero = `Actor.${table.heroId}`;
    const heroTarget = table.uuid(table.heroToken);
    await hurt(table.alice, hero, 4);
    // R8: Alice accepts the harmless spell; the GM applies it: 4 of its 10 fit under her maximum.
    answerPrompts(table.world, ALICE, "waive");
    await table.cast("Cure Light Wounds", [table.heroToken]);
    await clickGmCard(table.gm, "apply", heroTarget);
    const row = (await drawn(table.gm, cardId(table.gm, "session"))).querySelector(`[data-target-id="${heroTarget}"]`);
    expect(row?.textContent).toContain("+4 hp");
    expect(row?.textContent).not.toContain("-4 hp");
    const shown = (await drawn(table.alice, cardId(table.alice, "card"))).textContent;
    expect(shown).toContain("+4 hp");
    expect(shown).not.toContain("-4");
  });
});

describe("pf1: the system's DC bonuses on the GM card", () => {
  it("Spell Focus and a general DC change show as 'spell DC bonus' and 'evocation DC bonus', in French too", async () => {
    const { table, frenchGm } = await tableWithFrenchGm("pf1");
    await table.gm.game.actors.get(table.casterId)?.createEmbeddedDocuments("Item", [
      { name: "Spell Focus (Evocation)", type: "feat", system: { changes: [{ formula: "1", target: "dc.school.evo", type: "untyped" }] } },
      { name: "Ioun Stone of DCs", type: "feat", system: { changes: [{ formula: "1", target: "dc", type: "untyped" }] } },
    ]);
    await table.world.settle();
    await table.cast("Fireball", [table.heroToken]);
    const session = sessionOn(table.gm);
    expect(session.dc.terms.slice(3)).toEqual([
      { label: "spellDC", value: 1 },
      { label: "schoolDC.evo", value: 1 },
    ]);
    expect(session.dc.value).toBe(18);
    expect(await gmCardText(table.gm)).toContain("+ 1 (spell DC bonus) + 1 (evocation DC bonus)");
    expect(await gmCardText(frenchGm)).toContain("+ 1 (bonus au DD des sorts) + 1 (bonus au DD (évocation))");
  });
});
