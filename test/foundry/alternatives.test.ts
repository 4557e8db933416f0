// @vitest-environment happy-dom
import { describe, expect, it } from "vitest";
import { answerPrompts, cardId, clickGmCard, drawn, promptsOn, sessionOn } from "./cards";
import { ALICE, setupTable, type SystemName, type Table } from "./table";

/** The first alternative carries a note; the one the GM picks has none, and none may linger in the stored card. */
const LINE = "Fortitude negates (blinding only) or Will negates";

/** The wizard's Hold Person, its Saving Throw line changed by the GM to offer two saves (R1: alternatives). */
async function holdPersonWithAlternatives(table: Table): Promise<void> {
  const item = table.gm.game.actors.get(table.casterId)?.items.get("holdPersonItem01");
  if (!item) throw new Error("no Hold Person");
  const system = item.system as { actions?: { save: Record<string, unknown> }[] };
  const change =
    table.system === "pf1"
      ? { "system.actions": (system.actions ?? []).map((a) => ({ ...a, save: { ...a.save, description: LINE, type: "fort" } })) }
      : { "system.save.description": LINE };
  await table.gm.run(() => item.update(change));
}

describe.each<SystemName>(["pf1", "D35E"])("%s: a save line with alternatives (R1–R8)", (system) => {
  it("nobody is asked until the GM picks the save; then the prompts go out for that save", async () => {
    const table = await setupTable(system, { settings: { npcSaves: "automatic" } });
    const { world, gm, alice, bob } = table;
    await holdPersonWithAlternatives(table);
    await table.cast("Hold Person", [table.heroToken, ...table.goblinTokens]);

    // No prompt, no automatic NPC roll, no save button on the public card: the GM is choosing.
    expect(promptsOn(alice)).toHaveLength(0);
    expect(world.dice.drawn).toHaveLength(0);
    const session = sessionOn(gm);
    expect(session).toMatchObject({ choosing: true, save: "fort" });
    const publicCard = await drawn(bob, cardId(bob, "card"));
    expect(publicCard.textContent).toContain("The GM is choosing which save applies.");
    expect(publicCard.querySelector("[data-d20ss-save]")).toBeNull();

    // The GM picks Will, then asks.
    const gmCard = await drawn(gm, cardId(gm, "session"));
    const select = gmCard.querySelector<HTMLSelectElement>('select[data-d20ss-action="option"]');
    if (!select) throw new Error("no option picker");
    select.value = "1";
    gm.run(() => select.dispatchEvent(new Event("change", { bubbles: true })));
    await world.settle();
    expect(sessionOn(gm)).toMatchObject({ choosing: true, save: "will" });

    answerPrompts(world, ALICE, { roll: "" });
    world.dice.push(20, 2, 3);
    await clickGmCard(gm, "ask");
    expect(promptsOn(alice)).toHaveLength(1);
    expect(promptsOn(alice)[0]?.content).toContain("Will");
    const after = sessionOn(gm);
    expect(after.choosing).toBe(false);
    expect(after.targets.map((t) => t.status)).toEqual(["rolled", "rolled", "rolled"]);
    expect(after.spell.option).toEqual({ save: "will", effect: "negates", harmless: false, object: false });
  });
});
