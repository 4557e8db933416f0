/** Reading the module's cards and the sheets from each simulated client, for the workflow tests. */
import type { Client } from "../harness/client";
import type { OpenDialog, World } from "../harness";
import type { SaveSession } from "../../src/workflow/session";
import type { ModuleFlags } from "../../src/foundry/flags";
import { cardsDrawn } from "../../src/foundry/render";
import type { RequestSavesInput } from "../../src/api";
import type { Table } from "./table";

type Flagged = { id: string; flags: Record<string, unknown> };

export function moduleFlagsOf(message: Flagged): ModuleFlags {
  return (message.flags["d20-spell-saves"] ?? {});
}

/** Messages this client holds that carry the module's flags of one kind. */
export function cardsOf(client: Client, kind: keyof ModuleFlags): Flagged[] {
  return (client.messages as unknown as Flagged[]).filter((m) => moduleFlagsOf(m)[kind] !== undefined);
}

/** The (only) session on the GM's client. */
export function sessionOn(client: Client): SaveSession {
  const [card] = cardsOf(client, "session");
  const session = card ? moduleFlagsOf(card).session : undefined;
  if (!session) throw new Error(`${client.name} holds no GM card`);
  return session;
}

/** Renders a message on a client and waits until the module has drawn its card there. */
export async function drawn(client: Client, messageId: string): Promise<HTMLElement> {
  const element = await client.render(messageId);
  await client.run(() => cardsDrawn());
  return element;
}

/** Hit points as the client's copy of the actor shows them (pf1: prepared from the offset). */
export function hpOf(client: Client, actorUuid: string): { value: number; temp: number } {
  const actor = client.run(() => fromUuidSync(actorUuid as never)) as unknown as {
    system: { attributes: { hp: { value: number; temp: number | null } } };
  };
  return { value: actor.system.attributes.hp.value, temp: actor.system.attributes.hp.temp ?? 0 };
}

/** Everything a client received from the module, as text: for checks that a secret never arrived. */
export function everythingReceived(client: Client): string {
  return JSON.stringify(
    (client.messages as unknown as (Flagged & { content?: string; rolls?: unknown[] })[]).map((m) => ({ flags: m.flags, content: m.content, rolls: m.rolls })),
  );
}

/** The id of the (only) message of one kind of module card this client holds. */
export function cardId(client: Client, kind: keyof ModuleFlags): string {
  const [card] = cardsOf(client, kind);
  if (!card) throw new Error(`${client.name} holds no ${kind} card`);
  return card.id;
}

/**
 * Clicks a button of the GM card as this client, after drawing it: a footer button, or a target row's
 * button when `targetId` is given. Throws when the card does not show that button.
 */
export async function clickGmCard(client: Client, action: string, targetId?: string): Promise<void> {
  const html = await drawn(client, cardId(client, "session"));
  const row = targetId === undefined ? html : html.querySelector(`[data-target-id="${targetId}"]`);
  const button = row?.querySelector(`[data-d20ss-action="${action}"]`);
  if (!button) throw new Error(`${client.name}'s GM card shows no "${action}" button${targetId ? ` for ${targetId}` : ""}`);
  await client.click(button);
}

/** The module's save prompts a client was shown (open or answered). */
export function promptsOn(client: Client): OpenDialog[] {
  return client.dialogs.filter((d) => d.kind === "wait" && d.buttonList.some((b) => b.action === "waive"));
}

/** How a player answers the module's save prompt: roll (with a situational bonus typed in), or give up the save (R11). */
export type PromptAnswer = { roll: string } | "waive";

/** From now on, this user answers every save prompt so (other dialogs stay open). */
export function answerPrompts(world: World, userId: string, answer: PromptAnswer): void {
  world.answerDialogs(userId, (dialog) => {
    if (!promptsOn(world.client(userId)).includes(dialog)) return undefined;
    return answer === "waive" ? "waive" : { action: "roll", values: { bonus: answer.roll, rollMode: "publicroll" } };
  });
}

/** Damage taken outside the module (a sheet edit by the creature's owner), through the system's own hit point path. */
export async function hurt(client: Client, actorUuid: string, amount: number): Promise<void> {
  await client.run(async () => {
    const actor = fromUuidSync(actorUuid as never) as unknown as {
      system: { attributes: { hp: { offset?: number; value: number } } };
      update(changes: Record<string, unknown>): Promise<unknown>;
    };
    const hp = actor.system.attributes.hp;
    // pf1 keeps hit points as an offset from the maximum (its sheet writes the offset); D35E keeps the value.
    await actor.update(
      client.world.system === "pf1" ? { "system.attributes.hp.offset": (hp.offset ?? 0) - amount } : { "system.attributes.hp.value": hp.value - amount },
    );
  });
  await client.world.settle();
}

/** `game.modules.get("d20-spell-saves").api.requestSaves(input)`, as a macro on this client calls it. */
export async function requestSaves(table: Table, client: Client, input: (t: Table) => RequestSavesInput): Promise<SaveSession | undefined> {
  const session = await client.run(() => {
    const api = game.modules.get("d20-spell-saves").api;
    if (!api) throw new Error("the module is not active");
    return api.requestSaves(input(table));
  });
  await table.world.settle();
  return session;
}
