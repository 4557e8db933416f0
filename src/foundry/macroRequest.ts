import { adapterFor } from "../systems/index";
import type { SaveSession } from "../workflow/session";
import { startSession } from "./cast";
import { creatureFromUuid, itemData } from "./documents";
import { flagsOf, moduleFlags, type RequestFlag } from "./flags";
import { tellUser } from "./notices";
import { gmIds, isActingGM, mayActFor } from "./users";

/**
 * `api.requestSaves`: a macro asks for saves against a spell of a caster. On the acting GM's client the
 * session starts at once; elsewhere the request goes through the mailbox, and the GM checks that its
 * author owns the caster.
 */
export async function requestSavesFor(request: RequestFlag): Promise<SaveSession | undefined> {
  if (isActingGM()) return startRequested(request, game.user);
  if (!game.users.activeGM) {
    await tellUser(undefined, { level: "warn", key: "Notice.NoGM" });
    return undefined;
  }
  await ChatMessage.implementation.create({ content: "", whisper: gmIds(), flags: flagsOf({ request }) });
  return undefined;
}

export async function onRequestMessage(message: ChatMessage.Implementation, userId: string): Promise<void> {
  const request = moduleFlags(message).request;
  const author = game.users.get(userId);
  if (!request || !author || !isActingGM()) return;
  try {
    await startRequested(request, author);
  } finally {
    await message.delete();
  }
}

async function startRequested(request: RequestFlag, user: User.Implementation): Promise<SaveSession | undefined> {
  const adapter = adapterFor(game.system.id);
  const caster = await creatureFromUuid(request.casterUuid);
  if (!adapter || !caster) {
    await tellUser(user.id ?? undefined, { level: "warn", key: "Refusal.gone" });
    return undefined;
  }
  // Ownership first: what a creature the user does not own carries is none of its business.
  if (!mayActFor(user, caster.actor)) {
    await tellUser(user.id ?? undefined, { level: "warn", key: "Refusal.notOwner" });
    return undefined;
  }
  const item = caster.actor.items.get(request.spellId);
  if (!item) {
    await tellUser(user.id ?? undefined, { level: "warn", key: "Notice.NoSpell", data: { name: caster.token?.name ?? caster.actor.name } });
    return undefined;
  }
  const spell = adapter.readSpell(itemData(item));
  return startSession({
    adapter,
    caster: { name: caster.token?.name ?? caster.actor.name, actorUuid: caster.actor.uuid, userId: user.id ?? "" },
    casterActor: caster.actor,
    spell: { ...spell, ...(item.img ? { img: item.img } : {}), itemUuid: item.uuid },
    targetUuids: request.targetUuids,
  });
}
