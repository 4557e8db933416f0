// @vitest-environment happy-dom
import { describe, expect, it } from "vitest";
import { cardsOf, drawn, everythingReceived, hpOf, sessionOn } from "./cards";
import { ALICE, GM, setupTable, type SystemName } from "./table";

/** The wizard's Int modifier and save DC in each system's table (R9: 10 + 3 + Int modifier). */
const EXPECTED = {
  pf1: { dc: 16, ability: 3, heroRef: 2 }, // battle mage: Int 15 + 2 (elf) = 17; human bandit: Ref +2
  D35E: { dc: 16, ability: 3, heroRef: 1 }, // Derro made a wizard with Int 17; Gruk: Ref +1
} as const;

describe.each<SystemName>(["pf1", "D35E"])("%s: Fireball (Reflex half) from a player's wizard on a player's hero and two NPCs", (system) => {
  async function castFireball() {
    const table = await setupTable(system);
    const { world } = table;
    // Alice answers her prompt by rolling; her d20 shows 14 + her Ref bonus = the DC exactly (R10: total ≥ DC).
    world.answerDialogs(ALICE, () => ({ action: "roll", values: { bonus: "", rollMode: "publicroll" } }));
    world.dice.push(EXPECTED[system].dc - EXPECTED[system].heroRef);
    await table.cast("Fireball", [table.heroToken, ...table.goblinTokens]);
    return table;
  }

  it("computes the DC from the caster's data with named terms, and shows the printed one beside it (R9)", async () => {
    const { gm } = await castFireball();
    const session = sessionOn(gm);
    expect(session.dc.value).toBe(EXPECTED[system].dc);
    expect(session.dc.terms).toEqual([
      { label: "base", value: 10 },
      { label: "spellLevel", value: 3 },
      { label: "ability.int", value: EXPECTED[system].ability },
    ]);
    expect(session.dc.printed).toBe(17);
    const [card] = cardsOf(gm, "session");
    const html = await drawn(gm, card?.id ?? "");
    expect(html.textContent).toContain(`DC ${EXPECTED[system].dc}`);
    expect(html.textContent).toContain("printed DC 17");
  });

  it("prompts the hero's owner, who saves: half damage rounded down; NPCs fail: full; HP written once by the GM", async () => {
    const table = await castFireball();
    const { world, gm, alice } = table;
    const prompt = alice.dialogs.find((d) => d.title.includes("Fireball"));
    expect(prompt?.content).toContain("Reflex");
    expect(prompt?.content).toContain(`DC ${EXPECTED[system].dc}`);
    expect(gm.dialogs).toHaveLength(0);

    let session = sessionOn(gm);
    const hero = session.targets.find((t) => t.id === table.uuid(table.heroToken));
    expect(hero?.save).toMatchObject({ kind: "rolled", natural: EXPECTED[system].dc - EXPECTED[system].heroRef, success: true });
    expect(hero?.damage?.proposed).toBe(10); // R4: floor(21 / 2)

    // The GM rolls both NPCs with one click: 3 and 4 fail.
    world.dice.push(3, 4);
    const [gmCard] = cardsOf(gm, "session");
    await gm.click((await drawn(gm, gmCard?.id ?? "")).querySelector('[data-d20ss-action="rollWaiting"]') ?? "missing");
    session = sessionOn(gm);
    expect(session.targets.map((t) => t.damage?.proposed)).toEqual([10, 21, 21]);

    const before = { hero: hpOf(gm, `Actor.${table.heroId}`), goblins: table.goblinIds.map((id) => hpOf(gm, `Actor.${id}`)) };
    world.resetWrites();
    await gm.click((await drawn(gm, gmCard?.id ?? "")).querySelector('[data-d20ss-action="applyAll"]') ?? "missing");
    expect(world.writeCount("Actor", "update")).toBe(1);
    expect(world.writeCount("Actor", "update", GM)).toBe(1);
    expect(hpOf(alice, `Actor.${table.heroId}`).value).toBe(before.hero.value - 10);
    table.goblinIds.forEach((id, i) => {
      expect(hpOf(gm, `Actor.${id}`).value).toBe((before.goblins[i]?.value ?? 0) - 21);
    });
    const text = (await drawn(gm, gmCard?.id ?? "")).textContent;
    expect(text).toContain("Saved");
    expect(text).toContain("Failed");
    expect(text).toContain("10 hp"); // the card records what was applied
    expect(text).toContain("21 hp");
  });

  it("R13: the caster's player receives no target's outcome for an area spell", async () => {
    const table = await castFireball();
    table.world.dice.push(3, 4);
    const [gmCard] = cardsOf(table.gm, "session");
    await table.gm.click((await drawn(table.gm, gmCard?.id ?? "")).querySelector('[data-d20ss-action="rollWaiting"]') ?? "missing");
    expect(cardsOf(table.bob, "session")).toHaveLength(0);
    expect(cardsOf(table.bob, "owner")).toHaveLength(0);
    const bobSees = everythingReceived(table.bob);
    for (const secret of ['"outcome"', '"natural"', '"success"', '"saved"', '"failed"']) expect(bobSees).not.toContain(secret);
    // Nor did Alice's roll reach him as a chat message (roll messages reach every client).
    expect(table.bob.messages.filter((m) => m.rolls.length > 0)).toHaveLength(0);
    // Alice's own card tells her how her hero fared, and only her hero.
    const [aliceCard] = cardsOf(table.alice, "owner");
    const html = await drawn(table.alice, aliceCard?.id ?? "");
    expect(html.textContent).toContain("Saved");
    expect(html.querySelectorAll("[data-target-id]")).toHaveLength(1);
  });
});
