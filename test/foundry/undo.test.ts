// @vitest-environment happy-dom
import { describe, expect, it } from "vitest";
import { answerPrompts, cardId, clickGmCard, drawn, hpOf, hurt, sessionOn, type PromptAnswer } from "./cards";
import { ALICE, GM, setupTable, type SpellName, type SystemName, type Table, type TableOptions } from "./table";

describe.each<SystemName>(["pf1", "D35E"])("%s: Undo on the GM card", (system) => {
  /** Bob casts at the hero; Alice answers; the GM applies what is due to the hero from the card. */
  async function appliedToHero(spell: SpellName, answer: PromptAnswer, options: TableOptions = {}, before?: (table: Table) => Promise<void>) {
    const table = await setupTable(system, options);
    const hero = `Actor.${table.heroId}`;
    const heroTarget = table.uuid(table.heroToken);
    await before?.(table);
    const original = hpOf(table.gm, hero);
    answerPrompts(table.world, ALICE, answer);
    await table.cast(spell, [table.heroToken]);
    await clickGmCard(table.gm, "apply", heroTarget);
    const applied = hpOf(table.gm, hero);
    const undo = async () => {
      table.world.resetWrites();
      await clickGmCard(table.gm, "undo", heroTarget);
    };
    return { ...table, hero, heroTarget, original, applied, undo };
  }

  it("gives back exactly what Fireball took, even after the hero was hurt again since", async () => {
    const table = await appliedToHero("Fireball", "waive");
    const { world, gm, alice, hero, heroTarget, original, applied, undo } = table;
    expect(applied.value).toBe(original.value - 21);
    await hurt(alice, hero, 3); // a goblin's arrow, written on the sheet by Alice
    await undo();
    expect(hpOf(alice, hero).value).toBe(original.value - 3);
    expect(hpOf(gm, hero).value).toBe(original.value - 3);
    expect(world.writeCount("Actor", "update")).toBe(1);
    expect(world.writeCount("Actor", "update", GM)).toBe(1);
    const target = sessionOn(gm).targets.find((t) => t.id === heroTarget);
    expect(target?.damage).toMatchObject({ taken: { value: 21, temp: 0 }, undone: true });
    // The card no longer shows the damage as applied, and offers to apply it again.
    const row = (await drawn(gm, cardId(gm, "session"))).querySelector(`[data-target-id="${heroTarget}"]`);
    expect(row?.textContent).not.toContain("21 hp");
    expect(row?.querySelector('[data-d20ss-action="undo"]')).toBeNull();
    expect(row?.querySelector('[data-d20ss-action="apply"]')).not.toBeNull();
    expect((await drawn(alice, cardId(alice, "owner"))).textContent).not.toContain("21 hp");
  });

  it("takes temporary hit points first and gives them back as temporary hit points", async () => {
    const { alice, hero, heroTarget, gm, original, applied, undo } = await appliedToHero("Fireball", "waive", { hero: { "system.attributes.hp.temp": 5 } });
    expect(original.temp).toBe(5);
    expect(applied).toEqual({ temp: 0, value: original.value - 16 });
    expect(sessionOn(gm).targets.find((t) => t.id === heroTarget)?.damage?.taken).toEqual({ temp: 5, value: 16 });
    expect((await drawn(alice, cardId(alice, "owner"))).textContent).toContain("21 hp");
    await undo();
    expect(hpOf(alice, hero)).toEqual(original);
  });

  it("takes back exactly what Cure Light Wounds healed, which the hero's maximum capped", async () => {
    const wounded = (table: Table) => hurt(table.alice, `Actor.${table.heroId}`, 4);
    // R8: Alice accepts the harmless spell: it heals its full 10, of which only 4 fit under her maximum.
    const { world, gm, alice, hero, heroTarget, original, applied, undo } = await appliedToHero("Cure Light Wounds", "waive", { cleric: true }, wounded);
    expect(sessionOn(gm).damage).toMatchObject({ total: 10, healing: true });
    expect(applied.value).toBe(original.value + 4);
    expect(sessionOn(gm).targets.find((t) => t.id === heroTarget)?.damage?.taken).toEqual({ temp: 0, value: -4 });
    await undo();
    expect(world.writeCount("Actor", "update")).toBe(1);
    expect(hpOf(alice, hero)).toEqual(original);
  });
});
