// @vitest-environment happy-dom
import { describe, expect, it } from "vitest";
import type { RequestSavesInput } from "../../src/api";
import { cardsOf, promptsOn, requestSaves, sessionOn } from "./cards";
import { ALICE, BOB, GM, setupTable, type SystemName, type Table } from "./table";

/** The wizard's Fireball at the hero and the goblins, named by uuids and ids as a macro would. */
const wizardFireball = (t: Table): RequestSavesInput => ({
  caster: `Actor.${t.casterId}`,
  spell: "fireballItem0001",
  targets: [t.heroToken, ...t.goblinTokens].map((id) => t.uuid(id)),
});

describe.each<SystemName>(["pf1", "D35E"])("%s: api.requestSaves from a macro", (system) => {
  it("from the GM's client: starts the session at once and returns it", async () => {
    const table = await setupTable(system);
    const session = await requestSaves(table, table.gm, (t) => {
      const caster = t.gm.game.actors.get(t.casterId);
      const spell = caster?.items.get("fireballItem0001");
      if (!caster || !spell) throw new Error("no wizard or no Fireball");
      // Documents work as well as uuids.
      return { caster, spell, targets: [t.heroToken, ...t.goblinTokens].map((id) => ({ uuid: t.uuid(id) })) };
    });
    expect(session?.spell.name).toBe("Fireball");
    expect(session?.caster).toMatchObject({ actorUuid: `Actor.${table.casterId}`, userId: GM });
    expect(sessionOn(table.gm)).toEqual(session);
    expect(promptsOn(table.alice)).toHaveLength(1);
  });

  it("from Bob's client for his own wizard: the request goes through the mailbox and the GM starts it", async () => {
    const table = await setupTable(system);
    const { world, gm, alice, bob } = table;
    expect(await requestSaves(table, bob, wizardFireball)).toBeUndefined();
    const session = sessionOn(gm);
    expect(session.caster).toMatchObject({ actorUuid: `Actor.${table.casterId}`, userId: BOB });
    expect(session.targets.map((t) => t.id)).toEqual(wizardFireball(table).targets);
    expect(promptsOn(alice)).toHaveLength(1);
    expect(cardsOf(bob, "card")).toHaveLength(1);
    expect(cardsOf(bob, "session")).toHaveLength(0);
    // The request itself was a mailbox message: read by the GM, then removed.
    expect([...world.messages.values()].filter((m) => (m.flags["d20-spell-saves"] as { request?: unknown } | undefined)?.request)).toEqual([]);
    expect(bob.notifications).toEqual([]);
  });

  it("from Bob's client with Alice's hero as the caster: refused, Bob is told why, nothing starts", async () => {
    const table = await setupTable(system);
    const { world, gm, alice, bob } = table;
    await requestSaves(table, bob, (t) => ({ ...wizardFireball(t), caster: `Actor.${t.heroId}` }));
    expect(bob.notifications.map((n) => n.message)).toEqual(["You do not own that creature."]);
    for (const client of [gm, alice, bob]) expect(cardsOf(client, "card")).toHaveLength(0);
    expect(promptsOn(alice)).toHaveLength(0);
    expect(world.messages.size).toBe(0);
    expect(world.dialogs(ALICE)).toHaveLength(0);
  });
});
