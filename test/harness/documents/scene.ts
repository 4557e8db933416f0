import { Collection } from "../collection";
import { OWNERSHIP } from "../constants";
import type { ActorSource, ItemSource, TokenSource } from "../types";
import { deepClone, mergeObject, type Data } from "../utils";
import { Actor } from "./actor";
import { ClientDocument } from "./base";
import type { User } from "./user";

/**
 * The data of an unlinked token's synthetic actor: the base actor's source with the token's delta merged
 * over it; delta `items` override base items by _id and add new ones.
 */
export function syntheticSource(base: ActorSource, delta: Data): Data {
  const out = deepClone(base) as Data;
  const { items: deltaItems, ...rest } = delta;
  mergeObject(out, deepClone(rest), { performDeletions: true });
  const items = (out.items as ItemSource[] | undefined) ?? [];
  for (const d of (deltaItems as ItemSource[] | undefined) ?? []) {
    const i = items.findIndex((it) => it._id === d._id);
    if (i >= 0) items[i] = mergeObject(items[i] as ItemSource, deepClone(d), { performDeletions: true });
    else items.push(deepClone(d));
  }
  out.items = items;
  out._id = base._id;
  return out;
}

export class Scene extends ClientDocument {
  static override documentName = "Scene";

  readonly tokens = new Collection<TokenDocument>();

  get uuid(): string {
    return `Scene.${this.id}`;
  }

  get active(): boolean {
    return Boolean(this._source.active);
  }

  getUserLevel(user: User | null | undefined): number {
    return user?.isGM ? OWNERSHIP.OWNER : OWNERSHIP.OBSERVER;
  }

  _syncTokens(): void {
    const sources = (this._source.tokens as TokenSource[] | undefined) ?? [];
    const seen = new Set<string>();
    for (const src of sources) {
      seen.add(src._id);
      const existing = this.tokens.get(src._id);
      if (existing) {
        existing._source = src;
        existing._refreshActor();
      } else this.tokens.set(src._id, new TokenDocument(this._client, src, this));
    }
    for (const id of [...this.tokens.keys()]) if (!seen.has(id)) this.tokens.delete(id);
  }

  async updateEmbeddedDocuments(embedded: string, updates: Data[], options: Data = {}): Promise<TokenDocument[]> {
    if (embedded !== "Token") throw new Error(`The harness only embeds Tokens in scenes, not "${embedded}".`);
    const c = this._client;
    return c.run(() => c.world.db.updateTokens(c, this, updates, options));
  }

  update(): Promise<this | undefined> {
    return Promise.reject(new Error("The harness does not update Scene documents."));
  }

  delete(): Promise<this | undefined> {
    return Promise.reject(new Error("The harness does not delete Scene documents."));
  }
}

/** game.scenes, with `viewed`/`active`/`current` (the active scene). */
export class Scenes extends Collection<Scene> {
  get active(): Scene | undefined {
    return this.find((s) => s.active) ?? this.contents[0];
  }

  get viewed(): Scene | undefined {
    return this.active;
  }

  get current(): Scene | undefined {
    return this.active;
  }
}

export class TokenDocument extends ClientDocument {
  static override documentName = "Token";

  private synthetic: Actor | null = null;
  readonly object: Token;

  constructor(client: ConstructorParameters<typeof ClientDocument>[0], source: Data, scene: Scene) {
    super(client, source, scene);
    this.object = new Token(this);
  }

  get source(): TokenSource {
    return this._source as unknown as TokenSource;
  }

  get scene(): Scene {
    return this.parent as Scene;
  }

  get uuid(): string {
    return `${this.scene.uuid}.Token.${this.id}`;
  }

  get actorId(): string | null {
    return this.source.actorId;
  }

  get actorLink(): boolean {
    return this.source.actorLink;
  }

  /** The token's image (`texture.src`); a token placed without one shows its actor's image. */
  get texture(): { src: string } {
    const texture = (this.source as { texture?: { src?: string } }).texture;
    return { src: texture?.src ?? this.actor?.img ?? "" };
  }

  get isLinked(): boolean {
    return this.actorLink;
  }

  get delta(): Data {
    return this.source.delta;
  }

  get x(): number {
    return this.source.x;
  }

  get y(): number {
    return this.source.y;
  }

  get disposition(): number {
    return this.source.disposition;
  }

  get hidden(): boolean {
    return this.source.hidden;
  }

  get baseActor(): Actor | null {
    return this.actorId ? (this._client.game.actors.get(this.actorId) ?? null) : null;
  }

  /** Linked: the world actor. Unlinked: the synthetic actor. No (or a deleted) actor: null. */
  get actor(): Actor | null {
    const base = this.baseActor;
    if (!base) return null;
    if (this.actorLink) return base;
    if (!this.synthetic) this.synthetic = new Actor(this._client, this.syntheticData(base), this);
    return this.synthetic;
  }

  /** Rebuild the synthetic actor after a change of the base actor or of the delta (same instance kept). */
  _refreshActor(): void {
    if (!this.synthetic) return;
    const base = this.baseActor;
    if (!base || this.actorLink) {
      this.synthetic = null;
      return;
    }
    this.synthetic._replaceSource(this.syntheticData(base));
  }

  private syntheticData(base: Actor): Data {
    return syntheticSource(base._source as ActorSource, this.source.delta);
  }

  getUserLevel(user: User | null | undefined): number {
    if (user?.isGM) return OWNERSHIP.OWNER;
    return this.baseActor?.getUserLevel(user) ?? OWNERSHIP.NONE;
  }

  async update(changes: Data, options: Data = {}): Promise<this | undefined> {
    return (await this.scene.updateEmbeddedDocuments("Token", [{ ...changes, _id: this.id }], options))[0] as
      | this
      | undefined;
  }

  delete(): Promise<this | undefined> {
    return Promise.reject(new Error("The harness deletes tokens through world.deleteToken."));
  }
}

/** The canvas placeable of a token, as found in `user.targets` and `canvas.tokens.controlled`. */
export class Token {
  constructor(readonly document: TokenDocument) {}

  get id(): string {
    return this.document.id;
  }

  get name(): string {
    return this.document.name;
  }

  get actor(): Actor | null {
    return this.document.actor;
  }

  get scene(): Scene {
    return this.document.scene;
  }

  get isOwner(): boolean {
    return this.document.isOwner;
  }

  get controlled(): boolean {
    return this.document._client.controlled.has(this.id);
  }

  get isTargeted(): boolean {
    return this.document._client.user.targets.has(this);
  }
}
