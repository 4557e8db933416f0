import { receivesMessage, renderMessage, unrenderMessage } from "./chat";
import type { Client } from "./client";
import { OWNERSHIP, ROLES } from "./constants";
import { Actor, type Item } from "./documents/actor";
import { ChatMessage } from "./documents/chatMessage";
import { syntheticSource, type Scene, type TokenDocument } from "./documents/scene";
import { rollToString } from "./dice";
import type { ActorSource, ItemSource, MessageSource, TokenSource } from "./types";
import { deepClone, expandObject, isPlainObject, mergeObject, objectsEqual, type Data } from "./utils";
import type { World } from "./world";

/** Only what differs from the source (deletion keys kept when they delete something). */
export function effectiveChanges(source: Data, changes: Data): Data {
  const out: Data = {};
  for (const [key, value] of Object.entries(changes)) {
    if (key.startsWith("-=")) {
      if (key.slice(2) in source) out[key] = value;
      continue;
    }
    if (key.startsWith("==")) {
      out[key] = value;
      continue;
    }
    const current = source[key];
    if (isPlainObject(value) && isPlainObject(current)) {
      const inner = effectiveChanges(current, value);
      if (Object.keys(inner).length) out[key] = inner;
    } else if (!objectsEqual(current, value)) out[key] = value;
  }
  return out;
}

function splitId(update: Data): { id: string; changes: Data } {
  const { _id, ...rest } = update;
  if (typeof _id !== "string") throw new Error("An update needs the _id of the document to update.");
  return { id: _id, changes: expandObject(deepClone(rest)) };
}

function normalizeRolls(changes: Data): void {
  if (Array.isArray(changes.rolls)) changes.rolls = changes.rolls.map(rollToString);
}

const MERGE = { performDeletions: true } as const;

/**
 * The server's side of document writes: each request checks the requesting user's permission against the
 * authoritative data (refusals reject and write nothing), applies the change, counts one write request,
 * then broadcasts it to the clients that receive it, where each updates its own copy and fires the hooks
 * with the userId the server attests (the requester's). `pre*` hooks fire on the requesting client first.
 */
export class Database {
  constructor(private readonly world: World) {}

  private isGM(userId: string): boolean {
    return (this.world.users.get(userId)?.role ?? 0) >= ROLES.ASSISTANT;
  }

  private level(userId: string, ownership: Record<string, number> | undefined): number {
    if (this.isGM(userId)) return OWNERSHIP.OWNER;
    const own = ownership ?? {};
    const level = own[userId] ?? OWNERSHIP.INHERIT;
    return level === OWNERSHIP.INHERIT ? (own.default ?? OWNERSHIP.NONE) : level;
  }

  private refuse(userId: string, action: string, documentName: string, id: string): Error {
    const name = this.world.users.get(userId)?.name ?? userId;
    return new Error(`User ${name} lacks permission to ${action} ${documentName} [${id}]`);
  }

  /** A request travels to the server: the caller's code goes on only after an await, as over a socket. */
  private async network(): Promise<void> {
    this.world.touch();
    await Promise.resolve();
  }

  private serverActor(id: string): ActorSource {
    const source = this.world.actors.get(id);
    if (!source) throw new Error(`Actor [${id}] does not exist`);
    return source;
  }

  private serverToken(sceneId: string, tokenId: string): TokenSource {
    const token = this.world.scenes.get(sceneId)?.tokens.find((t) => t._id === tokenId);
    if (!token) throw new Error(`Token [${tokenId}] does not exist in Scene [${sceneId}]`);
    return token;
  }

  private clientToken(client: Client, sceneId: string, tokenId: string): TokenDocument | undefined {
    return client.game.scenes.get(sceneId)?.tokens.get(tokenId);
  }

  // ---------------------------------------------------------------- Actors

  async updateWorldActors(requester: Client, updates: Data[], options: Data): Promise<Actor[]> {
    const userId = requester.userId;
    const pending: { id: string; changes: Data }[] = [];
    for (const update of updates) {
      const { id, changes } = splitId(update);
      const doc = requester.game.actors.get(id);
      if (doc && !requester.hooks.call("preUpdateActor", doc, changes, options, userId)) continue;
      pending.push({ id, changes: doc ? effectiveChanges(doc._source, changes) : changes });
    }
    const real = pending.filter((p) => Object.keys(p.changes).length > 0);
    if (!real.length) return [];
    await this.network();
    const sources = real.map((p) => this.serverActor(p.id));
    for (const source of sources) {
      if (this.level(userId, source.ownership) < OWNERSHIP.OWNER) throw this.refuse(userId, "update", "Actor", source._id);
    }
    real.forEach((p, i) => mergeObject(sources[i] as ActorSource, deepClone(p.changes), MERGE));
    this.world.recordWrite(userId, "Actor", "update", real.map((p) => p.id));
    this.world.broadcast((client) => {
      for (const p of real) {
        const actor = client.game.actors.get(p.id);
        if (!actor) continue;
        mergeObject(actor._source, deepClone(p.changes), MERGE);
        actor._syncItems();
        client.refreshTokensOf(p.id);
        client.hooks.callAll("updateActor", actor, { ...deepClone(p.changes), _id: p.id }, options, userId);
      }
    });
    return real.map((p) => requester.game.actors.get(p.id)).filter((a): a is Actor => a !== undefined);
  }

  /** Update an unlinked token's synthetic actor: writes the token's ActorDelta, never the world actor. */
  async updateSyntheticActor(requester: Client, token: TokenDocument, updates: Data[], options: Data): Promise<Actor[]> {
    const userId = requester.userId;
    const actor = token.actor;
    if (!actor || token.actorLink) throw new Error(`Token [${token.id}] has no synthetic actor to update.`);
    const changes: Data = {};
    for (const update of updates) {
      const rest = { ...update };
      delete rest._id;
      mergeObject(changes, expandObject(deepClone(rest)));
    }
    if (!requester.hooks.call("preUpdateActor", actor, changes, options, userId)) return [];
    const effective = effectiveChanges(actor._source, changes);
    if (!Object.keys(effective).length) return [];
    await this.network();
    const sceneId = token.scene.id;
    const tokenSource = this.serverToken(sceneId, token.id);
    const base = this.serverActor(tokenSource.actorId ?? "");
    const composite = syntheticSource(base, tokenSource.delta);
    if (this.level(userId, composite.ownership as Record<string, number>) < OWNERSHIP.OWNER) {
      throw this.refuse(userId, "update", "Actor", `${token.uuid}.Actor.${base._id}`);
    }
    mergeObject(tokenSource.delta, deepClone(effective), MERGE);
    this.world.recordWrite(userId, "ActorDelta", "update", [token.id]);
    this.world.broadcast((client) => {
      const copy = this.clientToken(client, sceneId, token.id);
      if (!copy) return;
      mergeObject(copy.source.delta, deepClone(effective), MERGE);
      copy._refreshActor();
      const synthetic = copy.actor;
      if (synthetic) client.hooks.callAll("updateActor", synthetic, { ...deepClone(effective), _id: synthetic.id }, options, userId);
    });
    // The synthetic actor instance survives the refresh: the requester's copy now holds the new data.
    return [actor];
  }

  async createActors(requester: Client, data: Data[], options: Data): Promise<Actor[]> {
    const userId = requester.userId;
    const prepared: ActorSource[] = [];
    for (const d of data) {
      const source = this.world.actorSource(d);
      const temp = new Actor(requester, deepClone(source));
      if (!requester.hooks.call("preCreateActor", temp, d, options, userId)) continue;
      prepared.push(temp._source as ActorSource);
    }
    if (!prepared.length) return [];
    await this.network();
    if (!this.isGM(userId)) throw this.refuse(userId, "create", "Actor", "new");
    for (const source of prepared) {
      if (!options.keepId || !source._id) source._id = this.world.newId();
      this.world.actors.set(source._id, source);
    }
    this.world.recordWrite(userId, "Actor", "create", prepared.map((s) => s._id));
    this.world.broadcast((client) => {
      for (const source of prepared) client.receiveActor(source, options, userId);
    });
    return prepared.map((s) => requester.game.actors.get(s._id)).filter((a): a is Actor => a !== undefined);
  }

  /** Delete world actors; `requester` null is the test acting as the server (attested as `userId`). */
  async deleteActors(requester: Client | null, ids: string[], options: Data, asUser?: string): Promise<Actor[]> {
    const userId = requester?.userId ?? asUser ?? "";
    const deletable = ids.filter((id) => {
      const doc = requester?.game.actors.get(id);
      return !(requester && doc && !requester.hooks.call("preDeleteActor", doc, options, userId));
    });
    if (!deletable.length) return [];
    await this.network();
    for (const id of deletable) {
      const source = this.serverActor(id);
      if (requester && !this.isGM(userId) && this.level(userId, source.ownership) < OWNERSHIP.OWNER) {
        throw this.refuse(userId, "delete", "Actor", id);
      }
    }
    for (const id of deletable) this.world.actors.delete(id);
    if (requester) this.world.recordWrite(userId, "Actor", "delete", deletable);
    const mine: Actor[] = [];
    this.world.broadcast((client) => {
      for (const id of deletable) {
        const actor = client.game.actors.get(id);
        if (!actor) continue;
        client.game.actors.delete(id);
        client.refreshTokensOf(id);
        if (client === requester) mine.push(actor);
        client.hooks.callAll("deleteActor", actor, options, userId);
      }
    });
    return mine;
  }

  // ---------------------------------------------------------------- Items (embedded in an actor)

  /** The server-side item list an actor's embedded items live in, and the permission source. */
  private itemHost(actor: Actor): { items: ItemSource[]; ownership: Record<string, number>; base?: ActorSource; token?: TokenSource } {
    if (actor.token) {
      const token = this.serverToken(actor.token.scene.id, actor.token.id);
      const base = this.serverActor(token.actorId ?? "");
      token.delta.items ??= [];
      const composite = syntheticSource(base, token.delta);
      return { items: token.delta.items as ItemSource[], ownership: composite.ownership as Record<string, number>, base, token };
    }
    const source = this.serverActor(actor.id);
    return { items: source.items, ownership: source.ownership };
  }

  /** Apply an item change to a host list (a synthetic actor's delta copies the base item first). */
  private static changeItem(items: ItemSource[], base: ActorSource | undefined, id: string, changes: Data): void {
    let item = items.find((i) => i._id === id);
    if (!item && base) {
      const original = base.items.find((i) => i._id === id);
      if (original) {
        item = deepClone(original);
        items.push(item);
      }
    }
    if (!item) throw new Error(`Item [${id}] does not exist`);
    mergeObject(item, deepClone(changes), MERGE);
  }

  /** Run `fn` on this client's copy of the actor's item host, then refresh what derives from it. */
  private onClientActor(client: Client, actor: Actor, fn: (items: ItemSource[], base: ActorSource | undefined) => void): Actor | null {
    if (actor.token) {
      const copy = this.clientToken(client, actor.token.scene.id, actor.token.id);
      if (!copy) return null;
      copy.source.delta.items ??= [];
      fn(copy.source.delta.items as ItemSource[], copy.baseActor?._source as ActorSource | undefined);
      copy._refreshActor();
      return copy.actor;
    }
    const copy = client.game.actors.get(actor.id);
    if (!copy) return null;
    fn(copy._source.items as ItemSource[], undefined);
    copy._syncItems();
    client.refreshTokensOf(actor.id);
    return copy;
  }

  async updateItems(requester: Client, actor: Actor, updates: Data[], options: Data): Promise<Item[]> {
    const userId = requester.userId;
    const pending: { id: string; changes: Data }[] = [];
    for (const update of updates) {
      const { id, changes } = splitId(update);
      const doc = actor.items.get(id);
      if (doc && !requester.hooks.call("preUpdateItem", doc, changes, options, userId)) continue;
      const effective = doc ? effectiveChanges(doc._source, changes) : changes;
      if (Object.keys(effective).length) pending.push({ id, changes: effective });
    }
    if (!pending.length) return [];
    await this.network();
    const host = this.itemHost(actor);
    if (this.level(userId, host.ownership) < OWNERSHIP.OWNER) throw this.refuse(userId, "update", "Item", pending[0]?.id ?? "");
    for (const p of pending) Database.changeItem(host.items, host.base, p.id, p.changes);
    this.world.recordWrite(userId, "Item", "update", pending.map((p) => p.id));
    this.world.broadcast((client) => {
      const copy = this.onClientActor(client, actor, (items, base) => {
        for (const p of pending) Database.changeItem(items, base, p.id, p.changes);
      });
      for (const p of pending) {
        const item = copy?.items.get(p.id);
        if (item) client.hooks.callAll("updateItem", item, { ...deepClone(p.changes), _id: p.id }, options, userId);
      }
    });
    const mine = this.onClientActorRead(requester, actor);
    return pending.map((p) => mine?.items.get(p.id)).filter((i): i is Item => i !== undefined);
  }

  async createItems(requester: Client, actor: Actor, data: Data[], options: Data): Promise<Item[]> {
    const userId = requester.userId;
    const prepared = data.map((d) => this.world.itemSource(d, Boolean(options.keepId)));
    await this.network();
    const host = this.itemHost(actor);
    if (this.level(userId, host.ownership) < OWNERSHIP.OWNER) throw this.refuse(userId, "create", "Item", "new");
    host.items.push(...deepClone(prepared));
    this.world.recordWrite(userId, "Item", "create", prepared.map((p) => p._id));
    this.world.broadcast((client) => {
      const copy = this.onClientActor(client, actor, (items) => items.push(...deepClone(prepared)));
      for (const p of prepared) {
        const item = copy?.items.get(p._id);
        if (item) client.hooks.callAll("createItem", item, options, userId);
      }
    });
    const mine = this.onClientActorRead(requester, actor);
    return prepared.map((p) => mine?.items.get(p._id)).filter((i): i is Item => i !== undefined);
  }

  async deleteItems(requester: Client, actor: Actor, ids: string[], options: Data): Promise<Item[]> {
    const userId = requester.userId;
    await this.network();
    const host = this.itemHost(actor);
    if (this.level(userId, host.ownership) < OWNERSHIP.OWNER) throw this.refuse(userId, "delete", "Item", ids[0] ?? "");
    for (const id of ids) {
      const i = host.items.findIndex((it) => it._id === id);
      if (i < 0) {
        throw new Error(
          host.base ? `The harness can only delete items a synthetic actor's delta created [${id}]` : `Item [${id}] does not exist`,
        );
      }
      host.items.splice(i, 1);
    }
    this.world.recordWrite(userId, "Item", "delete", ids);
    const mine: Item[] = [];
    this.world.broadcast((client) => {
      const before = this.onClientActorRead(client, actor);
      const removed = ids.map((id) => before?.items.get(id)).filter((i): i is Item => i !== undefined);
      this.onClientActor(client, actor, (items) => {
        for (const id of ids) {
          const i = items.findIndex((it) => it._id === id);
          if (i >= 0) items.splice(i, 1);
        }
      });
      for (const item of removed) {
        if (client === requester) mine.push(item);
        client.hooks.callAll("deleteItem", item, options, userId);
      }
    });
    return mine;
  }

  private onClientActorRead(client: Client, actor: Actor): Actor | null {
    if (actor.token) return this.clientToken(client, actor.token.scene.id, actor.token.id)?.actor ?? null;
    return client.game.actors.get(actor.id) ?? null;
  }

  // ---------------------------------------------------------------- Tokens

  async updateTokens(requester: Client, scene: Scene, updates: Data[], options: Data): Promise<TokenDocument[]> {
    const userId = requester.userId;
    const pending: { id: string; changes: Data }[] = [];
    for (const update of updates) {
      const { id, changes } = splitId(update);
      const doc = scene.tokens.get(id);
      if (doc && !requester.hooks.call("preUpdateToken", doc, changes, options, userId)) continue;
      const effective = doc ? effectiveChanges(doc._source, changes) : changes;
      if (Object.keys(effective).length) pending.push({ id, changes: effective });
    }
    if (!pending.length) return [];
    await this.network();
    const sources = pending.map((p) => this.serverToken(scene.id, p.id));
    for (const source of sources) {
      const base = source.actorId ? this.world.actors.get(source.actorId) : undefined;
      if (this.level(userId, base?.ownership) < OWNERSHIP.OWNER) throw this.refuse(userId, "update", "Token", source._id);
    }
    pending.forEach((p, i) => mergeObject(sources[i] as TokenSource, deepClone(p.changes), MERGE));
    this.world.recordWrite(userId, "Token", "update", pending.map((p) => p.id));
    this.world.broadcast((client) => {
      for (const p of pending) {
        const copy = this.clientToken(client, scene.id, p.id);
        if (!copy) continue;
        mergeObject(copy._source, deepClone(p.changes), MERGE);
        copy._refreshActor();
        client.hooks.callAll("updateToken", copy, { ...deepClone(p.changes), _id: p.id }, options, userId);
      }
    });
    return pending.map((p) => this.clientToken(requester, scene.id, p.id)).filter((t): t is TokenDocument => t !== undefined);
  }

  // ---------------------------------------------------------------- Chat messages

  async createMessages(requester: Client, data: Data[], options: Data): Promise<ChatMessage[]> {
    const userId = requester.userId;
    const prepared: MessageSource[] = [];
    for (const d of data) {
      const source = this.world.messageSource(d, userId);
      if (typeof options.rollMode === "string") ChatMessage.applyRollMode(source, options.rollMode);
      const temp = new ChatMessage(requester, source);
      if (!requester.hooks.call("preCreateChatMessage", temp, d, options, userId)) continue;
      normalizeRolls(temp._source);
      prepared.push(temp._source as MessageSource);
    }
    if (!prepared.length) return [];
    await this.network();
    for (const source of prepared) {
      if (!options.keepId || !source._id) source._id = this.world.newId();
      if (!this.isGM(userId) || !source.author) source.author = userId;
      source.timestamp = this.world.now();
      source._stats = { coreVersion: "13.351", systemId: this.world.system, createdTime: source.timestamp, modifiedTime: source.timestamp, lastModifiedBy: userId };
      this.world.messages.set(source._id, source);
    }
    this.world.recordWrite(userId, "ChatMessage", "create", prepared.map((s) => s._id));
    for (const source of prepared) {
      this.world.broadcast(
        (client) => {
          const copy = new ChatMessage(client, deepClone(source));
          client.game.messages.set(copy.id, copy);
          client.hooks.callAll("createChatMessage", copy, options, userId);
          if (this.world.autoRender && copy.visible) renderMessage(client, copy);
        },
        (user) => receivesMessage(user, source),
      );
    }
    return prepared.map((s) => requester.game.messages.get(s._id)).filter((m): m is ChatMessage => m !== undefined);
  }

  async updateMessages(requester: Client, updates: Data[], options: Data): Promise<ChatMessage[]> {
    const userId = requester.userId;
    const pending: { id: string; changes: Data }[] = [];
    for (const update of updates) {
      const { id, changes } = splitId(update);
      normalizeRolls(changes);
      const doc = requester.game.messages.get(id);
      if (doc && !requester.hooks.call("preUpdateChatMessage", doc, changes, options, userId)) continue;
      // `diff: false` sends the changes as given, without differencing them against the current data.
      const effective = doc && options.diff !== false ? effectiveChanges(doc._source, changes) : changes;
      if (Object.keys(effective).length) pending.push({ id, changes: effective });
    }
    if (!pending.length) return [];
    await this.network();
    const sources = pending.map((p) => {
      const source = this.world.messages.get(p.id);
      if (!source) throw new Error(`ChatMessage [${p.id}] does not exist`);
      return source;
    });
    for (const source of sources) {
      if (!this.isGM(userId) && source.author !== userId) throw this.refuse(userId, "update", "ChatMessage", source._id);
    }
    // `recursive: false`: the inner objects given replace the current ones instead of merging into them.
    const merge = { ...MERGE, recursive: options.recursive !== false };
    pending.forEach((p, i) => {
      const source = sources[i] as MessageSource;
      mergeObject(source, deepClone(p.changes), merge);
      source._stats = { ...source._stats, modifiedTime: this.world.now(), lastModifiedBy: userId };
    });
    this.world.recordWrite(userId, "ChatMessage", "update", pending.map((p) => p.id));
    pending.forEach((p, i) => {
      const source = sources[i] as MessageSource;
      this.world.broadcast(
        (client) => {
          const copy = client.game.messages.get(p.id);
          if (!copy) return;
          mergeObject(copy._source, deepClone(p.changes), merge);
          client.hooks.callAll("updateChatMessage", copy, { ...deepClone(p.changes), _id: p.id }, options, userId);
          if (client.rendered.has(p.id)) renderMessage(client, copy);
        },
        (user) => receivesMessage(user, source),
      );
    });
    return pending.map((p) => requester.game.messages.get(p.id)).filter((m): m is ChatMessage => m !== undefined);
  }

  async deleteMessages(requester: Client, ids: string[], options: Data): Promise<ChatMessage[]> {
    const userId = requester.userId;
    const deletable = ids.filter((id) => {
      const doc = requester.game.messages.get(id);
      return !(doc && !requester.hooks.call("preDeleteChatMessage", doc, options, userId));
    });
    if (!deletable.length) return [];
    await this.network();
    const sources = deletable.map((id) => {
      const source = this.world.messages.get(id);
      if (!source) throw new Error(`ChatMessage [${id}] does not exist`);
      if (!this.isGM(userId) && source.author !== userId) throw this.refuse(userId, "delete", "ChatMessage", id);
      return source;
    });
    for (const id of deletable) this.world.messages.delete(id);
    this.world.recordWrite(userId, "ChatMessage", "delete", deletable);
    const mine: ChatMessage[] = [];
    sources.forEach((source) => {
      this.world.broadcast(
        (client) => {
          const copy = client.game.messages.get(source._id);
          if (!copy) return;
          client.game.messages.delete(source._id);
          unrenderMessage(client, source._id);
          if (client === requester) mine.push(copy);
          client.hooks.callAll("deleteChatMessage", copy, options, userId);
        },
        (user) => receivesMessage(user, source),
      );
    });
    return mine;
  }
}
