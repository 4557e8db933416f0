// @vitest-environment happy-dom
import { describe, expect, it, vi } from "vitest";
import type { Client } from "../harness/client";
import type { SaveSession } from "../../src/workflow/session";
import { answerPrompts, cardId, clickGmCard, drawn, hpOf, sessionOn } from "./cards";
import { ALICE, setupTable, type SystemName, type Table } from "./table";

/** A GM whose id sorts first: with it connected, it is `game.users.activeGM`, the client that writes. */
const FRENCH_GM = "AAGMfrench000001";

interface Fireball extends Table {
  acting: Client;
  hero: string;
  goblins: string[];
}

/**
 * Fireball at the hero (a world actor) and two goblins on unlinked tokens: three write requests, one for
 * the world actors and one per token. Alice rolls a 2 and the GM's two goblins a 3 and a 4: all fail.
 */
async function fireballFailed(system: SystemName, options: { frenchGm?: boolean } = {}): Promise<Fireball> {
  const table = await setupTable(system, { unlinkedGoblins: true });
  const acting = options.frenchGm ? await table.world.addClient({ id: FRENCH_GM, name: "MJ", role: "GAMEMASTER", lang: "fr" }) : table.gm;
  answerPrompts(table.world, ALICE, { roll: "" });
  table.world.dice.push(2);
  await table.cast("Fireball", [table.heroToken, ...table.goblinTokens]);
  table.world.dice.push(3, 4);
  await clickGmCard(acting, "rollWaiting");
  const fireball = { ...table, acting, hero: table.uuid(table.heroToken), goblins: table.goblinTokens.map((id) => table.uuid(id)) };
  expect(sessionOn(acting).targets.map((t) => t.damage?.proposed)).toEqual([21, 21, 21]);
  return fireball;
}

/**
 * The token is deleted while the GM's write to its creature is on its way to the server (after the GM's
 * client read the hit points and sent the request): the server refuses that request, and only that one.
 */
function deleteTokenDuringItsWrite(table: Fireball, tokenId: string): void {
  table.acting.hooks.on("preUpdateActor", (actor: unknown) => {
    if ((actor as { token?: { id: string } | null }).token?.id === tokenId) table.world.deleteToken(table.sceneId, tokenId);
  });
}

function target(session: SaveSession, id: string) {
  const found = session.targets.find((t) => t.id === id);
  if (!found) throw new Error(`no target ${id}`);
  return found;
}

function warnings(client: Client): string[] {
  return client.notifications.filter((n) => n.type === "warn").map((n) => n.message);
}

describe.each<SystemName>(["pf1", "D35E"])("%s: a hit point write that fails (finding 21)", (system) => {
  it("Apply all: the creatures written are marked applied, the one refused is not, and the GM is told which", async () => {
    const table = await fireballFailed(system);
    const { world, gm } = table;
    const [goblin1, goblin2] = table.goblins as [string, string];
    const goblin2Uuid = table.actorUuid(table.goblinTokens[1] ?? "");
    const before = { hero: hpOf(gm, `Actor.${table.heroId}`).value, goblin2: hpOf(gm, goblin2Uuid).value };
    const appliedHook: unknown[][] = [];
    gm.hooks.on("d20-spell-saves.damageApplied", (_session: unknown, changes: unknown) => {
      appliedHook.push((changes as { targetId: string }[]).map((c) => c.targetId));
    });
    deleteTokenDuringItsWrite(table, table.goblinTokens[0] ?? "");
    const consoleError = vi.spyOn(console, "error").mockImplementation(() => undefined);
    world.resetWrites();

    await clickGmCard(gm, "applyAll");
    // The refusal's reason goes to the console, for the GM who wants to know more.
    expect(consoleError).toHaveBeenCalledWith("d20-spell-saves | a hit point write failed:", expect.any(Error));
    consoleError.mockRestore();

    // The hero and the second goblin lost their hit points; the first goblin's request was refused.
    expect(world.writeCount("Actor", "update")).toBe(1);
    expect(world.writeCount("ActorDelta", "update")).toBe(1);
    expect(hpOf(gm, `Actor.${table.heroId}`).value).toBe(before.hero - 21);
    expect(hpOf(gm, goblin2Uuid).value).toBe(before.goblin2 - 21);
    const session = sessionOn(gm);
    expect(target(session, table.hero).damage?.taken).toEqual({ value: 21, temp: 0 });
    expect(target(session, goblin2).damage?.taken).toEqual({ value: 21, temp: 0 });
    expect(target(session, goblin1).damage?.taken).toBeUndefined();
    expect(appliedHook).toEqual([[table.hero, goblin2]]);
    expect(warnings(gm)).toEqual(["Goblin 1's hit points could not be changed: nothing is marked applied to it."]);

    // The card says what happened: applied where it was, still to apply where it was not.
    const row = (id: string) => drawn(gm, cardId(gm, "session")).then((html) => html.querySelector(`[data-target-id="${id}"]`));
    expect((await row(table.hero))?.querySelector('[data-d20ss-action="undo"]')).not.toBeNull();
    expect((await row(goblin1))?.querySelector('[data-d20ss-action="apply"]')).not.toBeNull();
    expect((await row(goblin1))?.querySelector(".d20ss-applied")).toBeNull();
  });

  it("the warning reaches the acting GM in its own language (French)", async () => {
    const table = await fireballFailed(system, { frenchGm: true });
    deleteTokenDuringItsWrite(table, table.goblinTokens[1] ?? "");
    const consoleError = vi.spyOn(console, "error").mockImplementation(() => undefined);
    await clickGmCard(table.acting, "applyAll");
    consoleError.mockRestore();
    expect(warnings(table.acting)).toEqual(["Les points de vie de Goblin 2 n'ont pas pu être modifiés : rien n'est marqué comme appliqué."]);
    expect(warnings(table.gm)).toEqual([]);
    const session = sessionOn(table.acting);
    expect(session.targets.map((t) => t.damage?.taken?.value)).toEqual([21, 21, undefined]);
  });

  it("Undo: a creature whose hit points could not be given back still shows what it took, and Undo stays offered", async () => {
    const table = await fireballFailed(system);
    const { world, gm } = table;
    const [goblin1] = table.goblins as [string, string];
    await clickGmCard(gm, "applyAll");
    expect(sessionOn(gm).targets.every((t) => t.damage?.taken?.value === 21)).toBe(true);
    deleteTokenDuringItsWrite(table, table.goblinTokens[0] ?? "");
    const consoleError = vi.spyOn(console, "error").mockImplementation(() => undefined);
    world.resetWrites();

    await clickGmCard(gm, "undo", goblin1);
    consoleError.mockRestore();

    expect(world.writeCount("Actor") + world.writeCount("ActorDelta")).toBe(0);
    const goblin = target(sessionOn(gm), goblin1);
    expect(goblin.damage).toMatchObject({ taken: { value: 21, temp: 0 } });
    expect(goblin.damage?.undone).toBeUndefined();
    expect(warnings(gm)).toEqual(["Goblin 1's hit points could not be given back: it still shows what it took."]);
    const row = (await drawn(gm, cardId(gm, "session"))).querySelector(`[data-target-id="${goblin1}"]`);
    expect(row?.querySelector('[data-d20ss-action="undo"]')).not.toBeNull();
  });

  it("writes that succeed are applied and undone as before, with no warning", async () => {
    const table = await fireballFailed(system);
    const { gm } = table;
    const before = hpOf(gm, `Actor.${table.heroId}`).value;
    await clickGmCard(gm, "apply", table.hero);
    expect(hpOf(gm, `Actor.${table.heroId}`).value).toBe(before - 21);
    await clickGmCard(gm, "undo", table.hero);
    expect(hpOf(gm, `Actor.${table.heroId}`).value).toBe(before);
    expect(target(sessionOn(gm), table.hero).damage?.undone).toBe(true);
    expect(warnings(gm)).toEqual([]);
  });
});
