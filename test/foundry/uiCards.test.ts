// @vitest-environment happy-dom
import { describe, expect, it } from "vitest";
import type { Client } from "../harness/client";
import { cardsDrawn } from "../../src/foundry/render";
import { answerPrompts, cardId, clickGmCard, drawn, promptsOn, sessionOn } from "./cards";
import { ALICE, GM, setupTable, type SystemName, type Table } from "./table";

const REPEAT_PROMPT = "d20-spell-saves.repeatPrompt";

/** Save buttons a client's copy of a card shows, by the target row they sit in. */
async function saveButtonsOn(client: Client, messageId: string): Promise<string[]> {
  const html = await drawn(client, messageId);
  return [...html.querySelectorAll<HTMLElement>("[data-d20ss-save]")].map((b) => b.closest<HTMLElement>("[data-target-id]")?.dataset.targetId ?? "");
}

function repeatPrompts(table: Table): number {
  return table.world.queryLog.filter((q) => q.name === REPEAT_PROMPT).length;
}

/** What the GM card's "Roll NPC saves (n)" button says, or null when the card does not show it. */
async function rollWaitingLabel(table: Table): Promise<string | null> {
  const html = await drawn(table.gm, cardId(table.gm, "session"));
  return html.querySelector('[data-d20ss-action="rollWaiting"]')?.textContent.trim() ?? null;
}

describe.each<SystemName>(["pf1", "D35E"])("%s: the cards' buttons lead somewhere", (system) => {
  /** Fireball at the hero and both goblins; Alice's prompt stays open unless `dismiss` (she closes it unanswered). */
  async function fireball(options: { dismiss?: boolean } = {}) {
    const table = await setupTable(system);
    if (options.dismiss) table.world.answerDialogs(ALICE, () => null);
    await table.cast("Fireball", [table.heroToken, ...table.goblinTokens]);
    return { ...table, hero: table.uuid(table.heroToken), goblins: table.goblinTokens.map((id) => table.uuid(id)) };
  }

  describe("the public card's Save button (finding 27)", () => {
    it("is shown to a player for her own waiting creature only; never to the GM, never on the GM's creatures", async () => {
      const table = await fireball();
      const publicCard = cardId(table.gm, "card");
      // The GM owns every creature, but rolls from the GM card: its copy of the public card has no Save button.
      expect(await saveButtonsOn(table.gm, publicCard)).toEqual([]);
      expect(await saveButtonsOn(table.alice, publicCard)).toEqual([table.hero]);
      expect(await saveButtonsOn(table.bob, publicCard)).toEqual([]);
    });

    it("is gone for the GM even on a creature a player owns, and for another GM too", async () => {
      const table = await fireball();
      const assistant = await table.world.addClient({ id: "Assistant0000001", name: "Assistant", role: "ASSISTANT" });
      expect(await saveButtonsOn(assistant, cardId(assistant, "card"))).toEqual([]);
      expect(await saveButtonsOn(table.gm, cardId(table.gm, "card"))).toEqual([]);
    });
  });

  describe("the owner card's Save button (finding 26)", () => {
    it("asks the GM to prompt again, like the public card's; the GM's copy of the owner card has none", async () => {
      const table = await fireball({ dismiss: true });
      const { world, gm, alice } = table;
      // Alice closed her prompt without answering: her hero still waits.
      expect(promptsOn(alice)).toHaveLength(1);
      expect(sessionOn(gm).targets.find((t) => t.id === table.hero)?.status).toBe("waiting");
      const ownerCard = cardId(alice, "owner");
      expect(await saveButtonsOn(gm, ownerCard)).toEqual([]);
      expect(await saveButtonsOn(alice, ownerCard)).toEqual([table.hero]);

      // Her owner card's button brings the prompt back; this time she rolls.
      answerPrompts(world, ALICE, { roll: "" });
      world.dice.push(18);
      const button = (await drawn(alice, ownerCard)).querySelector("[data-d20ss-save]");
      await alice.click(button ?? "missing");
      expect(world.queryLog.filter((q) => q.name === REPEAT_PROMPT).map((q) => [q.from, q.to])).toEqual([[ALICE, GM]]);
      expect(promptsOn(alice)).toHaveLength(2);
      expect(sessionOn(gm).targets.find((t) => t.id === table.hero)?.save).toMatchObject({ kind: "rolled", natural: 18 });
      expect(alice.notifications).toEqual([]);
      // Saved: the button is gone from both her cards.
      expect(await saveButtonsOn(alice, ownerCard)).toEqual([]);
      expect(await saveButtonsOn(alice, cardId(alice, "card"))).toEqual([]);
    });

    it("is gone once the GM closes the card", async () => {
      const table = await fireball({ dismiss: true });
      await clickGmCard(table.gm, "close");
      expect(sessionOn(table.gm).open).toBe(false);
      expect(await saveButtonsOn(table.alice, cardId(table.alice, "owner"))).toEqual([]);
      expect(await saveButtonsOn(table.alice, cardId(table.alice, "card"))).toEqual([]);
    });
  });

  describe('"Roll NPC saves (n)" (finding 28)', () => {
    it("counts only the creatures its click rolls, and goes once only players' creatures wait", async () => {
      const table = await fireball();
      // Alice is online and her prompt open: her hero is hers to roll, not the GM's.
      expect(await rollWaitingLabel(table)).toBe("Roll NPC saves (2)");
      const before = table.world.dice.drawn.length;
      table.world.dice.push(3, 4);
      await clickGmCard(table.gm, "rollWaiting");
      expect(table.world.dice.drawn.slice(before).map((d) => d.result)).toEqual([3, 4]);
      expect(sessionOn(table.gm).targets.map((t) => t.status)).toEqual(["waiting", "rolled", "rolled"]);
      // Only the hero waits, for Alice: a click would roll nothing, so there is no button.
      expect(await rollWaitingLabel(table)).toBeNull();
    });

    it("counts a player's creature once the GM took it over (its owner is not connected)", async () => {
      const table = await setupTable(system);
      await table.world.setActive(ALICE, false);
      await table.cast("Fireball", [table.heroToken, ...table.goblinTokens]);
      expect(sessionOn(table.gm).targets.map((t) => t.gmFallback ?? false)).toEqual([true, false, false]);
      expect(await rollWaitingLabel(table)).toBe("Roll NPC saves (3)");
      table.world.dice.push(3, 4, 5);
      await clickGmCard(table.gm, "rollWaiting");
      expect(sessionOn(table.gm).targets.map((t) => t.status)).toEqual(["rolled", "rolled", "rolled"]);
      expect(await rollWaitingLabel(table)).toBeNull();
    });
  });

  describe("a card drawn again into the same element (Foundry re-renders a message on every update)", () => {
    /** Fires renderChatMessageHTML on the element the client already shows, as another render of it would. */
    function renderAgain(client: Client, messageId: string, element: HTMLElement): void {
      const message = client.message(messageId);
      client.run(() => client.hooks.callAll("renderChatMessageHTML", message, element, {}));
    }

    it("gets one listener per button: one click sends one request", async () => {
      const table = await fireball({ dismiss: true });
      const { alice } = table;
      const publicCard = cardId(alice, "card");
      const element = await drawn(alice, publicCard);
      // Twice more, the second before the first has finished drawing.
      renderAgain(alice, publicCard, element);
      renderAgain(alice, publicCard, element);
      await alice.run(() => cardsDrawn());
      await table.world.settle();
      expect(element.querySelectorAll(".d20ss-card")).toHaveLength(1);
      const buttons = element.querySelectorAll("[data-d20ss-save]");
      expect(buttons).toHaveLength(1);
      answerPrompts(table.world, ALICE, "waive");
      await alice.click(buttons[0] ?? "missing");
      expect(repeatPrompts(table)).toBe(1);
      expect(promptsOn(alice)).toHaveLength(2);
    });

    it("the GM card's buttons too: one click on a goblin's roll rolls one die", async () => {
      const table = await fireball();
      const { gm, world } = table;
      const gmCard = cardId(gm, "session");
      const element = await drawn(gm, gmCard);
      renderAgain(gm, gmCard, element);
      await gm.run(() => cardsDrawn());
      renderAgain(gm, gmCard, element);
      await gm.run(() => cardsDrawn());
      await world.settle();
      expect(element.querySelectorAll(".d20ss-card")).toHaveLength(1);
      const before = world.dice.drawn.length;
      world.dice.push(5);
      world.resetWrites();
      await gm.click(element.querySelector(`[data-target-id="${table.goblins[0] ?? ""}"] [data-d20ss-action="roll"]`) ?? "missing");
      expect(world.dice.drawn.slice(before).map((d) => d.result)).toEqual([5]);
      expect(world.dice.remaining).toBe(0);
      expect(world.writeCount("ChatMessage", "update")).toBe(1);
      expect(gm.notifications).toEqual([]);
    });
  });
});
