/** Reading the module's cards and the sheets from each simulated client, for the workflow tests. */
import type { Client } from "../harness/client";
import type { SaveSession } from "../../src/workflow/session";
import type { ModuleFlags } from "../../src/foundry/flags";
import { cardsDrawn } from "../../src/foundry/render";

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
  return JSON.stringify((client.messages as unknown as Flagged[]).map((m) => ({ flags: m.flags, content: (m as { content?: string }).content })));
}
