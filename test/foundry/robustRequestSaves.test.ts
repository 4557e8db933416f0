// @vitest-environment happy-dom
import { describe, expect, it } from "vitest";
import { promptsOn, requestSaves, sessionOn } from "./cards";
import { BOB, GM, setupTable, type SystemName } from "./table";

describe.each<SystemName>(["pf1", "D35E"])("%s: api.requestSaves with the README's example (finding 29)", (system) => {
  it("on the GM's client: `targets: [...game.user.targets]` (Token placeables) and the caster's placeable", async () => {
    const table = await setupTable(system);
    const targets = [table.heroToken, ...table.goblinTokens];
    table.world.target(GM, targets);
    table.world.control(GM, [table.casterTokenId]);
    const session = await requestSaves(table, table.gm, () => {
      const [token] = canvas.tokens?.controlled ?? [];
      const spell = token?.actor?.items.get("fireballItem0001");
      if (!token || !spell) throw new Error("no controlled wizard or no Fireball");
      return { caster: token, spell, targets: [...game.user.targets] };
    });
    expect(session?.targets.map((t) => t.id)).toEqual(targets.map((id) => table.uuid(id)));
    expect(session?.caster).toMatchObject({ actorUuid: `Actor.${table.casterId}`, userId: GM });
    expect(promptsOn(table.alice)).toHaveLength(1);
  });

  it("on a player's client: the placeables' uuids go through the mailbox", async () => {
    const table = await setupTable(system);
    const targets = [table.heroToken, ...table.goblinTokens];
    table.world.target(BOB, targets);
    expect(
      await requestSaves(table, table.bob, (t) => ({ caster: `Actor.${t.casterId}`, spell: "fireballItem0001", targets: [...game.user.targets] })),
    ).toBeUndefined();
    expect(sessionOn(table.gm).targets.map((t) => t.id)).toEqual(targets.map((id) => table.uuid(id)));
    expect(table.bob.notifications).toEqual([]);
  });
});
