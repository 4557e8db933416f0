// @vitest-environment happy-dom
import { describe, expect, it } from "vitest";
import { Actor, ChatMessage, type Client } from "../harness";
import type { ReportFlag } from "../../src/foundry/flags";
import type { SaveSession } from "../../src/workflow/session";
import { answerPrompts, cardId, cardsOf, drawn, hpOf, moduleFlagsOf, promptsOn, sessionOn } from "./cards";
import { ALICE, BOB, GM, setupTable, type SystemName, type Table } from "./table";

const NOT_OWNER = "You do not own that creature.";

describe.each<SystemName>(["pf1", "D35E"])("%s: what a player cannot do", (system) => {
  /** Fireball at the hero and the goblins; Alice's prompt stays open (she has not answered yet). */
  async function fireballWaiting(options: Parameters<typeof setupTable>[1] = {}) {
    const table = await setupTable(system, options);
    await table.cast("Fireball", [table.heroToken, ...table.goblinTokens]);
    const session = sessionOn(table.gm);
    return { ...table, session, heroTarget: table.uuid(table.heroToken), goblinTarget: table.uuid(table.goblinTokens[0] ?? "") };
  }

  /** A client writes its own mailbox message to the GMs, as a modified client could. */
  async function mailbox(table: Table, client: Client, report: ReportFlag): Promise<void> {
    await client.run(() => ChatMessage.create({ content: "", whisper: [GM], flags: { "d20-spell-saves": { report } } }));
    await table.world.settle();
  }

  function statusOf(table: Table, targetId: string): string | undefined {
    return sessionOn(table.gm).targets.find((t) => t.id === targetId)?.status;
  }

  function mailboxLeft(table: Table): number {
    return [...table.world.messages.values()].filter((m) => (m.flags["d20-spell-saves"] as { report?: unknown } | undefined)?.report).length;
  }

  describe("reporting a save for a creature it does not own", () => {
    it.each(["the hero", "a goblin"])("Bob's forged natural 20 for %s is refused, Bob is told why, and the mailbox is emptied", async (whose) => {
      const table = await fireballWaiting();
      const targetId = whose === "the hero" ? table.heroTarget : table.goblinTarget;
      await mailbox(table, table.bob, { sessionId: table.session.id, targetId, report: { kind: "rolled", natural: 20, total: 40 } });
      expect(statusOf(table, targetId)).toBe("waiting");
      expect(table.bob.notifications.map((n) => n.message)).toContain(NOT_OWNER);
      expect(mailboxLeft(table)).toBe(0);
      expect(sessionOn(table.gm)).toEqual(table.session);
    });

    it("a report with impossible numbers (a natural 25) is refused as unreadable, even from the owner", async () => {
      const table = await fireballWaiting();
      await mailbox(table, table.alice, { sessionId: table.session.id, targetId: table.heroTarget, report: { kind: "rolled", natural: 25, total: 27 } });
      expect(statusOf(table, table.heroTarget)).toBe("waiting");
      expect(table.alice.notifications.map((n) => n.message)).toContain("That save roll could not be read.");
      expect(mailboxLeft(table)).toBe(0);
    });
  });

  describe("forging a session", () => {
    it("a session written into a player's own message is never taken for the GM card: not drawn, not changed, no damage", async () => {
      const table = await fireballWaiting({ settings: { damageMode: "automatic" } });
      const { world, gm, bob } = table;
      // Bob posts a public message, then writes into it a "session" whose id is that message's: the hero has
      // already failed against 999 damage, and only a target of his own (his wizard) still waits.
      const posted = (await bob.run(() => ChatMessage.create({ content: "Fireball!" }))) as { id: string };
      const wizard = `Actor.${table.casterId}`;
      const forged: SaveSession = {
        ...table.session,
        id: posted.id,
        messages: { gm: posted.id, public: table.session.messages.public, owners: {} },
        damage: { total: 999, types: ["fire"], healing: false },
        targets: [
          { ...(table.session.targets[0] as SaveSession["targets"][number]), status: "rolled", save: { kind: "waived" }, damage: { proposed: 999 } },
          { id: wizard, name: "Wizard", actorUuid: wizard, saveBonuses: { fort: 0, ref: 0, will: 0 }, ownerIds: [BOB], status: "waiting" },
        ],
      };
      await bob.run(() => bob.message(posted.id)?.setFlag("d20-spell-saves", "session", forged));
      await world.settle();
      const heroBefore = hpOf(gm, `Actor.${table.heroId}`);
      world.resetWrites();

      await mailbox(table, bob, { sessionId: posted.id, targetId: wizard, report: { kind: "rolled", natural: 20, total: 30 } });

      expect(world.writeCount("Actor")).toBe(0);
      expect(hpOf(gm, `Actor.${table.heroId}`)).toEqual(heroBefore);
      expect(world.writeCount("ChatMessage", "update", GM)).toBe(0);
      expect(moduleFlagsOf(world.messages.get(posted.id) as never).session?.targets[1]?.status).toBe("waiting");
      expect(bob.notifications.map((n) => n.message)).toContain("That save request is closed.");
      // The GM's client shows Bob's message as Bob wrote it: no GM card, no buttons.
      const html = await drawn(gm, posted.id);
      expect(html.querySelector("[data-d20ss-action]")).toBeNull();
      expect(html.textContent).toContain("Fireball!");
    });

    it("a public card copied into a player's message is shown as the player wrote it, not drawn as the module's card", async () => {
      const table = await fireballWaiting();
      const card = moduleFlagsOf(table.bob.message(cardId(table.bob, "card")) as never).card;
      const fake = { ...card, targets: card?.targets.map((t) => ({ ...t, done: true, outcome: "saved" })) };
      const posted = (await table.bob.run(() => ChatMessage.create({ content: "Told you.", flags: { "d20-spell-saves": { card: fake } } }))) as { id: string };
      await table.world.settle();
      const html = await drawn(table.alice, posted.id);
      expect(html.querySelector(".d20ss-card")).toBeNull();
      expect(html.textContent).toContain("Told you.");
      expect(html.textContent).not.toContain("Saved");
    });
  });

  describe("changing the damage", () => {
    it("Bob holds no GM card, and Foundry refuses his own write to the hero's hit points", async () => {
      const table = await fireballWaiting();
      expect(cardsOf(table.bob, "session")).toHaveLength(0);
      const before = hpOf(table.gm, `Actor.${table.heroId}`);
      const write = table.bob.run(() => Actor.updateDocuments([{ _id: table.heroId, "system.attributes.hp.temp": 500 }]));
      await expect(write).rejects.toThrow(/Bob lacks permission to update Actor/);
      expect(hpOf(table.gm, `Actor.${table.heroId}`)).toEqual(before);
    });

    it("Bob asking the GM to prompt again for the hero gets a prompt to Alice only, never to himself", async () => {
      const table = await fireballWaiting();
      const { world, alice, bob } = table;
      // Alice closes her first prompt without answering: the hero still waits.
      world.answerDialogs(ALICE, () => null);
      await world.settle();
      expect(statusOf(table, table.heroTarget)).toBe("waiting");
      const sessionId = moduleFlagsOf(bob.message(cardId(bob, "card")) as never).card?.sessionId ?? "";
      world.answerDialogs(ALICE, null);

      await bob.run(() => game.users.activeGM?.query("d20-spell-saves.repeatPrompt", { sessionId, targetId: table.heroTarget }));
      await world.settle();

      expect(promptsOn(alice)).toHaveLength(2);
      expect(promptsOn(alice)[1]?.status).toBe("pending");
      expect(bob.dialogs).toHaveLength(0);
      expect(world.queryLog.filter((q) => q.name === "d20-spell-saves.promptSave").map((q) => q.to)).toEqual([ALICE, ALICE]);
    });
  });

  describe("saving twice", () => {
    it("a second click on the save button, or a second report after the roll, rolls nothing and the player is told", async () => {
      const table = await fireballWaiting();
      const { world, alice } = table;
      const publicCard = cardId(alice, "card");
      const saveButton = async () => (await drawn(alice, publicCard)).querySelector(`[data-target-id="${table.heroTarget}"] [data-d20ss-save]`);
      const told = () => alice.notifications.filter((n) => /already/.test(n.message)).length;

      // While her prompt is open, Alice clicks the card's save button: no second prompt opens.
      await alice.click((await saveButton()) ?? "missing");
      expect(promptsOn(alice)).toHaveLength(1);
      expect(told()).toBe(1);

      // She keeps a save button drawn before she answers, then rolls (15) in her prompt.
      const stale = await saveButton();
      world.dice.push(15);
      answerPrompts(world, ALICE, { roll: "" });
      await world.settle();
      expect(statusOf(table, table.heroTarget)).toBe("rolled");
      // R13: an area spell's save is not posted in chat; the one roll is on the cards.
      const rolls = () => [...world.messages.values()].filter((m) => m.rolls.length > 0).length;
      expect(rolls()).toBe(0);
      expect(await saveButton()).toBeNull();

      // The old button, then a second report: nothing is rolled or recorded, and she is told each time.
      await alice.click(stale ?? "missing");
      await mailbox(table, alice, { sessionId: table.session.id, targetId: table.heroTarget, report: { kind: "rolled", natural: 20, total: 22 } });
      expect(world.dice.drawn).toHaveLength(1);
      expect(rolls()).toBe(0);
      expect(promptsOn(alice)).toHaveLength(1);
      expect(sessionOn(table.gm).targets.find((t) => t.id === table.heroTarget)?.save).toMatchObject({ natural: 15 });
      expect(told()).toBe(3);
    });
  });

  describe("forging a cast", () => {
    it("Alice posting the wizard's spell-use message (a caster she does not own) starts nothing, and she is told why", async () => {
      const table = await setupTable(system);
      const data = table.castData("Fireball", [table.heroToken, ...table.goblinTokens]);
      await table.alice.run(() => ChatMessage.create(data));
      await table.world.settle();
      expect(cardsOf(table.gm, "session")).toHaveLength(0);
      expect(table.alice.notifications.map((n) => n.message)).toContain(NOT_OWNER);
    });

    it("Bob naming a spell his wizard does not have, with 999 damage, starts nothing", async () => {
      const table = await setupTable(system, { settings: { npcSaves: "automatic", damageMode: "automatic" } });
      const data = JSON.parse(JSON.stringify(table.castData("Fireball", table.goblinTokens)).replaceAll("fireballItem0001", "noSuchSpell00001")) as Record<string, unknown>;
      table.world.resetWrites();
      await table.bob.run(() => ChatMessage.create(data));
      await table.world.settle();
      expect(cardsOf(table.gm, "session")).toHaveLength(0);
      expect(table.world.writeCount("Actor")).toBe(0);
      expect(table.bob.notifications.map((n) => n.message).join(" ")).toMatch(/no such spell/);
    });

    it("after the GM's client reloads, naming targets on an old cast starts no second session", async () => {
      const table = await setupTable(system);
      const castId = await table.cast("Hold Person", [table.heroToken]);
      await table.world.setActive(GM, false);
      await table.world.setActive(GM, true);
      const gm = table.world.client(GM);
      await table.bob.run(() => table.bob.game.messages.get(castId)?.setFlag("d20-spell-saves", "castTargets", [table.uuid(table.goblinTokens[0] ?? "")]));
      await table.world.settle();
      expect(cardsOf(gm, "session")).toHaveLength(1);
    });
  });

  describe("undoing, then reporting a deleted creature", () => {
    it("a report for a creature that is gone, by someone who never owned it, re-applies nothing the GM undid", async () => {
      const table = await setupTable(system, { settings: { npcSaves: "automatic", damageMode: "automatic" } });
      const { world, gm } = table;
      world.dice.push(3, 4, 5);
      answerPrompts(world, ALICE, { roll: "" });
      await table.cast("Fireball", [table.heroToken, ...table.goblinTokens]);
      const hero = table.uuid(table.heroToken);
      expect(sessionOn(gm).targets.every((t) => t.damage?.taken)).toBe(true);
      const undoButton = (await drawn(gm, cardId(gm, "session"))).querySelector(`[data-target-id="${hero}"] [data-d20ss-action="undo"]`);
      await gm.click(undoButton ?? "missing");
      const healed = hpOf(gm, `Actor.${table.heroId}`);

      await world.deleteActor(table.goblinIds[0] ?? "");
      world.resetWrites();
      const session = sessionOn(gm);
      await mailbox(table, table.bob, { sessionId: session.id, targetId: table.uuid(table.goblinTokens[0] ?? ""), report: { kind: "waived" } });
      expect(world.writeCount("Actor")).toBe(0);
      expect(hpOf(gm, `Actor.${table.heroId}`)).toEqual(healed);
      expect(table.bob.notifications.map((n) => n.message)).toContain(NOT_OWNER);
    });
  });

  describe("forging a prompt", () => {
    it("a prompt query pointing at a card Bob wrote himself opens nothing on Alice's screen", async () => {
      const table = await fireballWaiting();
      const { world, alice, bob } = table;
      const before = promptsOn(alice).length;
      const realCard = moduleFlagsOf(cardsOf(alice, "card")[0] ?? { id: "", flags: {} }).card;
      const forged = await bob.run(() =>
        ChatMessage.create({ content: "", flags: { "d20-spell-saves": { card: { ...realCard, spell: { name: "Cure Light Wounds" }, harmless: true } } } }),
      );
      await bob.run(() =>
        bob.game.users.get(ALICE)?.query("d20-spell-saves.promptSave", { sessionId: table.session.id, publicCardId: (forged as { id: string }).id, targetIds: [table.heroTarget] }),
      );
      await world.settle();
      expect(promptsOn(alice)).toHaveLength(before);
      expect(alice.notifications.map((n) => n.message)).toContain("That save request is closed.");
    });
  });
});
