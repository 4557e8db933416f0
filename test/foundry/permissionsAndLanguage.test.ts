// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from "vitest";
import { answerPrompts, cardId, clickGmCard, drawn, promptsOn, sessionOn } from "./cards";
import { ALICE, BOB, GM, setupTable, type SystemName } from "./table";

const PROMPT_QUERY = "d20-spell-saves.promptSave";

describe.each<SystemName>(["pf1", "D35E"])("%s: who is there, and in which language", (system) => {
  afterEach(() => {
    vi.restoreAllMocks();
    vi.useRealTimers();
  });

  describe("no GM connected", () => {
    it.each([
      ["en", "No GM is connected: saves cannot be requested now."],
      ["fr", "Aucun MJ n'est connecté : impossible de demander les jets de sauvegarde."],
    ])("Bob (%s) is told in his language when he casts, and nothing is created", async (lang, notice) => {
      const table = await setupTable(system, { bobLang: lang });
      const { world, bob, alice } = table;
      await world.setActive(GM, false);
      world.resetWrites();
      await table.cast("Fireball", [table.heroToken, ...table.goblinTokens]);
      expect(bob.notifications.map((n) => n.message)).toEqual([notice]);
      expect(world.writeLog.map((w) => [w.userId, w.documentName, w.action])).toEqual([[BOB, "ChatMessage", "create"]]);
      expect(world.queryLog).toEqual([]);
      expect(promptsOn(alice)).toHaveLength(0);
    });
  });

  describe("a creature deleted in the middle of the saves", () => {
    it("a goblin deleted before the GM rolls the NPC saves: the GM is told, it is marked gone, the other goblin rolls, nothing throws", async () => {
      const errors = vi.spyOn(console, "error");
      const table = await setupTable(system);
      const { world, gm } = table;
      answerPrompts(world, ALICE, "waive");
      await table.cast("Fireball", [table.heroToken, ...table.goblinTokens]);
      const [first, second] = table.goblinTokens.map((t) => table.uuid(t));
      await world.deleteActor(table.goblinIds[0] ?? "");

      world.dice.push(4);
      await clickGmCard(gm, "rollWaiting");
      await world.settle();

      expect(gm.notifications.map((n) => n.message)).toContain("Goblin 1 no longer exists: nothing was changed on it.");
      const targets = sessionOn(gm).targets;
      expect(targets.find((t) => t.id === second)?.save).toMatchObject({ kind: "rolled", natural: 4 });
      expect(targets.find((t) => t.id === first)?.status).toBe("gone");
      expect(await drawn(gm, cardId(gm, "session"))).toHaveProperty("textContent", expect.stringContaining("Gone"));
      expect(world.dice.remaining).toBe(0);
      // The cards still agree with the session, and applying what is due writes only to living creatures.
      await clickGmCard(gm, "applyAll");
      const applied = world.writeLog.filter((w) => w.documentName === "Actor" && w.action === "update");
      expect(applied).toHaveLength(1);
      expect(applied[0]?.ids.sort()).toEqual([table.heroId, table.goblinIds[1]].sort());
      expect(await drawn(gm, cardId(gm, "session"))).toBeTruthy();
      expect(errors).not.toHaveBeenCalled();
    });

    it("with automatic damage, a deleted goblin does not hold the others' damage back", async () => {
      const table = await setupTable(system, { settings: { damageMode: "automatic" } });
      const { world, gm } = table;
      answerPrompts(world, ALICE, "waive");
      await table.cast("Fireball", [table.heroToken, ...table.goblinTokens]);
      await world.deleteActor(table.goblinIds[0] ?? "");
      world.resetWrites();
      world.dice.push(4);
      await clickGmCard(gm, "rollWaiting");
      const applied = world.writeLog.filter((w) => w.documentName === "Actor" && w.action === "update");
      expect(applied).toHaveLength(1);
      expect(applied[0]?.ids.sort()).toEqual([table.heroId, table.goblinIds[1]].sort());
    });

    it("the hero deleted while Alice's prompt is open: her answer rolls nothing, she and then the GM are told", async () => {
      const errors = vi.spyOn(console, "error");
      const table = await setupTable(system);
      const { world, gm, alice } = table;
      const hero = table.uuid(table.heroToken);
      await table.cast("Hold Person", [table.heroToken]);
      expect(promptsOn(alice)[0]?.status).toBe("pending");
      await world.deleteActor(table.heroId);

      answerPrompts(world, ALICE, { roll: "" });
      await world.settle();
      expect(alice.notifications.map((n) => n.message)).toContain("That creature no longer exists.");
      expect(world.dice.drawn).toHaveLength(0);
      expect(sessionOn(gm).targets.find((t) => t.id === hero)?.status).toBe("waiting");

      await clickGmCard(gm, "roll", hero);
      expect(gm.notifications.map((n) => n.message)).toContain(`${sessionOn(gm).targets[0]?.name ?? ""} no longer exists: nothing was changed on it.`);
      expect(world.dice.drawn).toHaveLength(0);
      expect(errors).not.toHaveBeenCalled();
    });
  });

  describe("a French player", () => {
    it("Alice sees her prompt and her card in French, Bob his in English", async () => {
      const table = await setupTable(system, { aliceLang: "fr" });
      const { world, alice, bob } = table;
      answerPrompts(world, ALICE, { roll: "" });
      world.dice.push(15);
      await table.cast("Fireball", [table.heroToken]);

      const [prompt] = promptsOn(alice);
      expect(prompt?.title).toBe("Jet de sauvegarde : Fireball");
      for (const words of ["Réflexes", "1/2 dégâts", "DD 16", "Bonus de circonstance", "Renoncer au jet"]) {
        expect(`${prompt?.content ?? ""} ${prompt?.buttonList.map((b) => b.label).join(" ") ?? ""}`).toContain(words);
      }
      const card = (await drawn(alice, cardId(alice, "owner"))).textContent;
      for (const words of ["Réflexes", "1/2 dégâts", "DD 16", "Réussi", "Les résultats de vos créatures."]) expect(card).toContain(words);
      const bobs = (await drawn(bob, cardId(bob, "card"))).textContent;
      expect(bobs).toContain("Reflex");
      expect(bobs).not.toContain("Réflexes");
      expect(world.missingKeys("D20SS.")).toEqual([]);
    });
  });

  describe("a player who does not answer", () => {
    it('offline at the cast, onTimeout "gm": no prompt is sent, her hero gets the GM\'s roll button', async () => {
      const table = await setupTable(system, { settings: { onTimeout: "gm" } });
      const { world, gm } = table;
      const hero = table.uuid(table.heroToken);
      await world.setActive(ALICE, false);
      await table.cast("Fireball", [table.heroToken, ...table.goblinTokens]);

      expect(world.queryLog.filter((q) => q.name === PROMPT_QUERY)).toEqual([]);
      expect(sessionOn(gm).targets.find((t) => t.id === hero)).toMatchObject({ status: "waiting", gmFallback: true });
      const row = (await drawn(gm, cardId(gm, "session"))).querySelector(`[data-target-id="${hero}"]`);
      expect(row?.querySelector(".fa-user")).toBeNull(); // no longer "a player rolls this save"
      world.dice.push(15);
      await clickGmCard(gm, "roll", hero);
      expect(sessionOn(gm).targets.find((t) => t.id === hero)?.save).toMatchObject({ kind: "rolled", natural: 15 });
    });

    it('offline at the cast, onTimeout "automatic": the GM\'s client rolls her hero at once (the NPCs wait for the GM)', async () => {
      const table = await setupTable(system, { settings: { onTimeout: "automatic" } });
      const { world, gm } = table;
      await world.setActive(ALICE, false);
      world.dice.push(12);
      await table.cast("Fireball", [table.heroToken, ...table.goblinTokens]);

      const targets = sessionOn(gm).targets;
      expect(targets.map((t) => t.status)).toEqual(["rolled", "waiting", "waiting"]);
      expect(targets[0]?.save).toMatchObject({ kind: "rolled", natural: 12 });
      expect(world.queryLog.filter((q) => q.name === PROMPT_QUERY)).toEqual([]);
    });

    it('online but silent past the timeout, onTimeout "automatic": the GM\'s client rolls her hero', async () => {
      const table = await setupTable(system, { settings: { onTimeout: "automatic", playerTimeout: 30 } });
      const { world, gm, alice } = table;
      vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
      await table.cast("Hold Person", [table.heroToken]);
      expect(promptsOn(alice)[0]?.status).toBe("pending");
      expect(sessionOn(gm).targets[0]?.status).toBe("waiting");

      world.dice.push(9);
      vi.advanceTimersByTime(30_000);
      await world.settle();
      expect(sessionOn(gm).targets[0]).toMatchObject({ status: "rolled", gmFallback: true, save: { natural: 9 } });

      // Alice answers after all: her client sees on the public card that the save was made, and rolls nothing.
      answerPrompts(world, ALICE, { roll: "" });
      await world.settle();
      expect(world.dice.drawn.map((d) => d.result)).toEqual([9]);
      expect(alice.notifications.map((n) => n.message)).toContain("That save has already been made.");
      expect(sessionOn(gm).targets[0]?.save).toMatchObject({ natural: 9 });
    });
  });
});
