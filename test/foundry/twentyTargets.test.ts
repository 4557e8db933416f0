// @vitest-environment happy-dom
import { describe, expect, it } from "vitest";
import type { WriteCounts } from "../harness";
import { sessionOn } from "./cards";
import { setupTable, type SystemName } from "./table";

describe.each<SystemName>(["pf1", "D35E"])("%s: Fireball on a horde, NPC saves and damage automatic", (system) => {
  /** Bob's Fireball catches `count` goblins; the GM's client rolls their saves (all fail) and applies the damage. */
  async function fireballOnGoblins(count: number) {
    const table = await setupTable(system, { extraGoblins: count - 2, settings: { npcSaves: "automatic", damageMode: "automatic" } });
    const { world, gm } = table;
    const messagesBefore = world.messages.size;
    world.resetWrites();
    world.dice.push(...Array.from({ length: count }, () => 3));
    await table.cast("Fireball", table.goblinTokens);
    const writes: WriteCounts = structuredClone(world.writes);
    return { ...table, writes, messagesCreated: world.messages.size - messagesBefore, session: sessionOn(gm) };
  }

  it("every goblin saves and takes its damage", async () => {
    const { session, world } = await fireballOnGoblins(20);
    expect(session.targets).toHaveLength(20);
    expect(session.targets.every((t) => t.save?.kind === "rolled" && !t.save.success && t.damage?.taken?.value === 21)).toBe(true);
    expect(world.dice.remaining).toBe(0);
  });

  it("the number of document writes does not grow with the number of targets: 5 goblins cost what 20 cost", async () => {
    const five = await fireballOnGoblins(5);
    const twenty = await fireballOnGoblins(20);
    for (const { count, writes } of [{ count: 5, ...five }, { count: 20, ...twenty }]) {
      console.log(`${system}: writes for ${count} targets: ${JSON.stringify(writes)}`);
    }
    expect(twenty.writes).toEqual(five.writes);
    // The cast; every card in one request; every save recorded and every card updated in one request;
    // every goblin's hit points in one request.
    expect(twenty.writes).toEqual({ ChatMessage: { create: 2, update: 1 }, Actor: { update: 1 } });
  });

  it("the GM's rolls for the NPCs post no chat message per NPC: the cast, the GM card and the public card only", async () => {
    const { messagesCreated, gm } = await fireballOnGoblins(20);
    expect(messagesCreated).toBe(3);
    // pf1: the GM rolled through the system's own save roll (its hook fired for each goblin), without a message.
    if (system === "pf1") expect(gm.hooks.count("pf1ActorRollSave")).toBe(20);
  });
});
