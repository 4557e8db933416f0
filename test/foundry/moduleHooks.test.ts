// @vitest-environment happy-dom
import { describe, expect, it } from "vitest";
import type { HpChange } from "../../src/foundry/hitPointWrites";
import type { SaveSession, TargetState } from "../../src/workflow/session";
import { answerPrompts, cardsOf, clickGmCard, hpOf, promptsOn, sessionOn } from "./cards";
import { ALICE, setupTable, type SystemName } from "./table";

const HOOK = {
  preRequestSaves: "d20-spell-saves.preRequestSaves",
  saveRolled: "d20-spell-saves.saveRolled",
  preApplyDamage: "d20-spell-saves.preApplyDamage",
  damageApplied: "d20-spell-saves.damageApplied",
} as const;

describe.each<SystemName>(["pf1", "D35E"])("%s: the module's hooks for other modules", (system) => {
  it("preRequestSaves returning false cancels the request: no card, no prompt", async () => {
    const table = await setupTable(system);
    const { world, gm, alice, bob } = table;
    const seen: SaveSession[] = [];
    gm.hooks.on(HOOK.preRequestSaves, (session) => {
      seen.push(session as SaveSession);
      return false;
    });
    await table.cast("Fireball", [table.heroToken, ...table.goblinTokens]);
    expect(seen.map((s) => [s.spell.name, s.targets.length])).toEqual([["Fireball", 3]]);
    for (const client of [gm, alice, bob]) for (const kind of ["session", "card", "owner"] as const) expect(cardsOf(client, kind)).toHaveLength(0);
    expect(promptsOn(alice)).toHaveLength(0);
    expect(world.queryLog).toEqual([]);
  });

  it("saveRolled fires on the acting GM's client only, once per recorded save, with the session", async () => {
    const table = await setupTable(system);
    const { world, gm, alice, bob } = table;
    const rolled: [string, string, string][] = [];
    for (const client of [gm, alice, bob]) {
      client.hooks.on(HOOK.saveRolled, (session, target) => {
        rolled.push([client.name, (session as SaveSession).id, (target as TargetState).status]);
      });
    }
    answerPrompts(world, ALICE, "waive");
    await table.cast("Fireball", [table.heroToken, ...table.goblinTokens]);
    world.dice.push(5, 18);
    await clickGmCard(gm, "rollWaiting");
    const id = sessionOn(gm).id;
    expect(rolled).toEqual([
      [gm.name, id, "waived"],
      [gm.name, id, "rolled"],
      [gm.name, id, "rolled"],
    ]);
  });

  describe("applying damage", () => {
    async function fireballSaved() {
      const table = await setupTable(system);
      answerPrompts(table.world, ALICE, "waive");
      await table.cast("Fireball", [table.heroToken]);
      table.world.resetWrites();
      return { ...table, hero: `Actor.${table.heroId}` };
    }

    it("preApplyDamage returning false cancels the write; the card still offers the damage", async () => {
      const { world, gm, hero } = await fireballSaved();
      const before = hpOf(gm, hero);
      const asked: HpChange[][] = [];
      const veto = gm.hooks.on(HOOK.preApplyDamage, (_session, changes) => {
        asked.push(changes as HpChange[]);
        return false;
      });
      await clickGmCard(gm, "applyAll");
      expect(asked).toHaveLength(1);
      expect(asked[0]?.map((c) => [c.actorUuid, c.taken])).toEqual([[hero, { temp: 0, value: 21 }]]);
      expect(world.writeCount("Actor")).toBe(0);
      expect(hpOf(gm, hero)).toEqual(before);
      expect(sessionOn(gm).targets[0]?.damage?.taken).toBeUndefined();

      gm.hooks.off(HOOK.preApplyDamage, veto);
      await clickGmCard(gm, "applyAll");
      expect(world.writeCount("Actor", "update")).toBe(1);
      expect(hpOf(gm, hero).value).toBe(before.value - 21);
    });

    it("damageApplied fires on the acting GM's client, after the write, with the session that records it", async () => {
      const { gm, alice, bob, hero } = await fireballSaved();
      const before = hpOf(gm, hero);
      const heard: [string, number | undefined, number][] = [];
      for (const client of [gm, alice, bob]) {
        client.hooks.on(HOOK.damageApplied, (session, changes) => {
          heard.push([client.name, (session as SaveSession).targets[0]?.damage?.taken?.value, hpOf(client, (changes as HpChange[])[0]?.actorUuid ?? "").value]);
        });
      }
      await clickGmCard(gm, "applyAll");
      expect(heard).toEqual([[gm.name, 21, before.value - 21]]);
    });
  });
});
