import type { ActorData, ItemData } from "../systems/adapter";

/** The seam between Foundry documents and the system adapters, which read plain data only. */
export function actorData(actor: Actor.Implementation): ActorData {
  return {
    id: actor.id ?? "",
    name: actor.name,
    type: actor.type,
    system: actor.system as unknown as Record<string, unknown>,
    items: actor.items.map(itemData),
  };
}

export function itemData(item: Item.Implementation): ItemData {
  return { id: item.id ?? "", name: item.name, type: item.type, system: item.system as unknown as Record<string, unknown> };
}

/** Foundry's uuid strings ("Actor.x", "Scene.s.Token.t"), checked where they enter. */
type Uuid = Parameters<typeof fromUuidSync>[0];

export function asUuid(value: string): Uuid {
  return value as Uuid;
}

/** A token's actor, or a world actor: the creature behind a uuid (null when it no longer exists). */
export async function creatureFromUuid(uuid: string): Promise<{ actor: Actor.Implementation; token?: TokenDocument.Implementation } | null> {
  const doc = await fromUuid(asUuid(uuid));
  if (doc instanceof TokenDocument) return doc.actor ? { actor: doc.actor, token: doc } : null;
  if (doc instanceof Actor) return { actor: doc };
  return null;
}

export function creatureFromUuidSync(uuid: string): Actor.Implementation | null {
  const doc = fromUuidSync(asUuid(uuid));
  if (doc instanceof TokenDocument) return doc.actor;
  if (doc instanceof Actor) return doc;
  return null;
}
