// @vitest-environment happy-dom
import { describe, expect, it } from "vitest";
import { answerPrompts, cardId, cardsOf, drawn, sessionOn } from "./cards";
import { ALICE, setupTable, type SystemName } from "./table";

/** Hold Person: Will negates, DC 16 (10 + 3 + Int 3); the hero's Will is -1 in both systems' data. */
const DC = 16;
const HERO_WILL = -1;

describe.each<SystemName>(["pf1", "D35E"])("%s: Hold Person (Will negates, a targeted spell) from Bob's wizard on Alice's hero", (system) => {
  /** Bob casts at the hero; Alice rolls her Will save and her d20 shows `natural`. */
  async function holdPerson(natural: number) {
    const table = await setupTable(system);
    answerPrompts(table.world, ALICE, { roll: "" });
    table.world.dice.push(natural);
    await table.cast("Hold Person", [table.heroToken]);
    const hero = sessionOn(table.gm).targets.find((t) => t.id === table.uuid(table.heroToken));
    return { ...table, hero };
  }

  it("the hero resists (R2): the spell has no effect on it — Saved, and nothing is due", async () => {
    const { world, gm, alice, hero } = await holdPerson(DC - HERO_WILL + 1);
    expect(hero?.save).toMatchObject({ kind: "rolled", total: DC + 1, success: true });
    expect(hero?.damage).toBeUndefined();
    const html = await drawn(gm, cardId(gm, "session"));
    expect(html.querySelector(".d20ss-target__status")?.textContent).toBe("Saved");
    expect(html.querySelector('[data-d20ss-action="apply"], [data-d20ss-action="applyAll"]')).toBeNull();
    expect(world.writeCount("Actor")).toBe(0);
    expect((await drawn(alice, cardId(alice, "card"))).textContent).toContain("Saved");
  });

  it("the hero fails: every card notes that the spell takes hold — Failed", async () => {
    const { gm, alice, hero } = await holdPerson(DC - HERO_WILL - 1);
    expect(hero?.save).toMatchObject({ kind: "rolled", total: DC - 1, success: false });
    expect((await drawn(gm, cardId(gm, "session"))).querySelector(".d20ss-target__status")?.textContent).toBe("Failed");
    expect((await drawn(alice, cardId(alice, "card"))).textContent).toContain("Failed");
  });

  it("R13 targeted: the caster knows — Bob's public card shows the hero's outcome, and Bob gets no GM card", async () => {
    const { bob } = await holdPerson(DC - HERO_WILL + 1);
    expect(cardsOf(bob, "session")).toHaveLength(0);
    expect(cardsOf(bob, "owner")).toHaveLength(0);
    const html = await drawn(bob, cardId(bob, "card"));
    const row = html.querySelector("[data-target-id]");
    expect(row?.querySelector(".d20ss-target__status")?.textContent).toContain("Saved");
    expect(row?.querySelector(".d20ss-roll")?.textContent).toBe(String(DC + 1));
    // The caster's player may not roll for the hero: no save button reaches him.
    expect(row?.querySelector("[data-d20ss-save]")).toBeNull();
  });
});
