import type { ClientDocument } from "./documents/base";
import { Actor } from "./documents/actor";
import { Scene, TokenDocument } from "./documents/scene";
import { currentClient } from "./globals";

/**
 * `fromUuidSync`/`fromUuid` on the current client's copies: "Actor.a", "Actor.a.Item.i", "Scene.s",
 * "Scene.s.Token.t", "Scene.s.Token.t.Actor.a(.Item.i)", "ChatMessage.m", "User.u". Missing → null.
 */
export function fromUuidSync(uuid: string): ClientDocument | null {
  const game = currentClient("fromUuidSync").game;
  if (typeof uuid !== "string" || !uuid) return null;
  const parts = uuid.split(".");
  const [type, id, ...rest] = parts;
  if (!id) return null;
  let doc: ClientDocument | null;
  switch (type) {
    case "Actor":
      doc = game.actors.get(id) ?? null;
      break;
    case "Scene":
      doc = game.scenes.get(id) ?? null;
      break;
    case "ChatMessage":
      doc = game.messages.get(id) ?? null;
      break;
    case "User":
      doc = game.users.get(id) ?? null;
      break;
    default:
      return null;
  }
  for (let i = 0; i < rest.length && doc; i += 2) {
    const embedded = rest[i];
    const embeddedId = rest[i + 1] ?? "";
    if (embedded === "Token" && doc instanceof Scene) doc = doc.tokens.get(embeddedId) ?? null;
    else if (embedded === "Actor" && doc instanceof TokenDocument) doc = doc.actorId === embeddedId ? doc.actor : null;
    else if (embedded === "Item" && doc instanceof Actor) doc = doc.items.get(embeddedId) ?? null;
    else doc = null;
  }
  return doc;
}

export function fromUuid(uuid: string): Promise<ClientDocument | null> {
  return Promise.resolve(fromUuidSync(uuid));
}
