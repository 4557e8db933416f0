// @vitest-environment happy-dom
import { describe, expect, it } from "vitest";
import { answerPrompts, cardId, clickGmCard, drawn, hpOf, sessionOn, type PromptAnswer } from "./cards";
import { ALICE, setupTable, type SystemName } from "./table";

/** Fireball: Reflex half, DC 16, 21 fire damage; the hero's Reflex bonus in each system's data. */
const FIREBALL = { dc: 16, damage: 21, half: 10 };
const HERO_REF = { pf1: 2, D35E: 1 } as const;

describe.each<SystemName>(["pf1", "D35E"])("%s: making and giving up saves against Fireball", (system) => {
  /** Bob's wizard casts Fireball at the hero; Alice answers her prompt so. */
  async function fireball(answer: PromptAnswer, dice: number[]) {
    const table = await setupTable(system);
    answerPrompts(table.world, ALICE, answer);
    table.world.dice.push(...dice);
    await table.cast("Fireball", [table.heroToken]);
    const heroId = table.uuid(table.heroToken);
    const hero = () => sessionOn(table.gm).targets.find((t) => t.id === heroId);
    return { ...table, heroId, hero };
  }

  /** Roll messages in the world (the module's cards carry none). */
  function rollMessages(world: { messages: Map<string, { rolls: string[] }> }): number {
    return [...world.messages.values()].filter((m) => m.rolls.length > 0).length;
  }

  describe("R11: giving up the save", () => {
    it("is recorded as waived, never as a roll: no die is drawn and no roll is posted", async () => {
      const { world, hero } = await fireball("waive", []);
      expect(hero()).toMatchObject({ status: "waived", save: { kind: "waived" } });
      expect(world.dice.drawn).toHaveLength(0);
      expect(rollMessages(world)).toBe(0);
    });

    it("takes the full damage, and the cards say the hero gave up", async () => {
      const { world, gm, alice, heroId, hero } = await fireball("waive", []);
      expect(hero()?.damage?.proposed).toBe(FIREBALL.damage);
      const before = hpOf(gm, hero()?.actorUuid ?? "");
      await clickGmCard(gm, "apply", heroId);
      expect(world.writeCount("Actor", "update")).toBe(1);
      expect(hpOf(alice, hero()?.actorUuid ?? "").value).toBe(before.value - FIREBALL.damage);
      expect((await drawn(gm, cardId(gm, "session"))).textContent).toContain("Gave up");
      expect((await drawn(alice, cardId(alice, "owner"))).textContent).toContain("Gave up");
    });
  });

  describe("R10: a natural 1 always fails, a natural 20 always succeeds", () => {
    it("a natural 1 fails although the situational bonus lifts the total far above the DC: full damage", async () => {
      const { gm, heroId, hero } = await fireball({ roll: "30" }, [1]);
      expect(hero()?.save).toEqual({ kind: "rolled", natural: 1, total: 1 + HERO_REF[system] + 30, success: false, natural1: true, natural20: false });
      expect(hero()?.damage?.proposed).toBe(FIREBALL.damage);
      const row = (await drawn(gm, cardId(gm, "session"))).querySelector(`[data-target-id="${heroId}"]`);
      expect(row?.querySelector(".d20ss-roll--nat1")?.textContent).toBe(String(31 + HERO_REF[system]));
      expect(row?.querySelector(".d20ss-target__status")?.textContent).toBe("Failed");
    });

    it("a natural 20 succeeds although the situational malus drops the total far below the DC: half damage", async () => {
      const { gm, heroId, hero } = await fireball({ roll: "-30" }, [20]);
      expect(hero()?.save).toEqual({ kind: "rolled", natural: 20, total: 20 + HERO_REF[system] - 30, success: true, natural1: false, natural20: true });
      expect(hero()?.damage?.proposed).toBe(FIREBALL.half);
      const row = (await drawn(gm, cardId(gm, "session"))).querySelector(`[data-target-id="${heroId}"]`);
      expect(row?.querySelector(".d20ss-roll--nat20")).not.toBeNull();
      expect(row?.querySelector(".d20ss-target__status")?.textContent).toBe("Saved");
    });
  });

  describe("unlinked tokens", () => {
    it("the damage of each goblin goes to its own token's delta, in one write per token; the world actor is untouched", async () => {
      const table = await setupTable(system, { unlinkedGoblins: true });
      const { world, gm } = table;
      await table.cast("Fireball", table.goblinTokens);
      const goblinUuids = table.goblinTokens.map((t) => table.actorUuid(t));
      expect(sessionOn(gm).targets.map((t) => t.actorUuid)).toEqual(goblinUuids);
      const [goblinActor] = table.goblinIds;
      const worldBefore = structuredClone(world.actors.get(goblinActor ?? "")?.system);
      const before = goblinUuids.map((uuid) => hpOf(gm, uuid).value);

      world.dice.push(3, 4);
      await clickGmCard(gm, "rollWaiting");
      world.resetWrites();
      await clickGmCard(gm, "applyAll");

      const deltaWrites = world.writeLog.filter((w) => w.documentName === "ActorDelta");
      expect(deltaWrites.map((w) => [w.action, w.ids])).toEqual(table.goblinTokens.map((t) => ["update", [t]]));
      expect(world.writeCount("Actor")).toBe(0);
      expect(world.actors.get(goblinActor ?? "")?.system).toEqual(worldBefore);
      goblinUuids.forEach((uuid, i) => {
        expect(hpOf(gm, uuid).value).toBe((before[i] ?? 0) - FIREBALL.damage);
      });
      expect(hpOf(gm, `Actor.${goblinActor ?? ""}`).value).toBe(before[0]);
    });
  });

  describe("tokens without a creature", () => {
    it("a token whose actor was deleted, or that never had one, is left out and the GM is told", async () => {
      const table = await setupTable(system);
      const { world, gm, bob } = table;
      const [firstGoblin, secondGoblin] = table.goblinTokens;
      await world.deleteActor(table.goblinIds[0] ?? "");
      const statue = world.addToken(table.sceneId, { actorId: null, name: "Statue" })._id;
      answerPrompts(world, ALICE, "waive");
      await table.cast("Fireball", [table.heroToken, firstGoblin ?? "", secondGoblin ?? "", statue]);

      expect(sessionOn(gm).targets.map((t) => t.id)).toEqual([table.uuid(table.heroToken), table.uuid(secondGoblin ?? "")]);
      const told = gm.notifications.map((n) => n.message);
      expect(told).toContain("Goblin 1 has no actor: it was left out of the save request.");
      expect(told).toContain("Statue has no actor: it was left out of the save request.");
      expect(bob.notifications).toEqual([]);
      // Every card lists the two creatures that are asked, and only them.
      const rows = (await drawn(bob, cardId(bob, "card"))).querySelectorAll("[data-target-id]");
      expect([...rows].map((row) => (row as HTMLElement).dataset.targetId)).toEqual(sessionOn(gm).targets.map((t) => t.id));
    });
  });
});
