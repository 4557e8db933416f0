import { Collection } from "../collection";
import { currentClient } from "../globals";
import { OWNERSHIP } from "../constants";
import { rollSavingThrow } from "../systemRolls";
import type { ItemSource } from "../types";
import { deepClone, type Data } from "../utils";
import { ClientDocument } from "./base";
import type { TokenDocument, Token } from "./scene";
import type { User } from "./user";

/**
 * A client's copy of an Actor: a world actor ("Actor.<id>") or, when `token` is set, the synthetic actor of
 * an unlinked token ("Scene.<s>.Token.<t>.Actor.<id>", base data + the token's delta; writes go to the delta).
 */
export class Actor extends ClientDocument {
  static override documentName = "Actor";

  readonly items = new Collection<Item>();
  /** The unlinked token this synthetic actor belongs to; null for a world actor. */
  readonly token: TokenDocument | null;

  constructor(client: ConstructorParameters<typeof ClientDocument>[0], source: Data, token: TokenDocument | null = null) {
    super(client, source, token);
    this.token = token;
    this._syncItems();
  }

  static get implementation(): typeof Actor {
    return Actor;
  }

  get uuid(): string {
    return this.token ? `${this.token.uuid}.Actor.${this.id}` : `Actor.${this.id}`;
  }

  get isToken(): boolean {
    return this.token !== null;
  }

  get type(): string {
    return this._source.type as string;
  }

  get img(): string {
    return (this._source.img as string | undefined) ?? "";
  }

  /** Derived data, prepared from the source as the system would (WorldOptions.prepareActor). */
  private _prepared: Data | undefined;

  get system(): Data {
    const prepare = this._client.world.options.prepareActor;
    if (!prepare) return this._source.system as Data;
    this._prepared ??= prepare({
      name: this.name,
      type: this.type,
      system: this._source.system as Data,
      items: (this._source.items as Data[] | undefined) ?? [],
    });
    return this._prepared;
  }

  get ownership(): Record<string, number> {
    return (this._source.ownership as Record<string, number> | undefined) ?? { default: OWNERSHIP.NONE };
  }

  get prototypeToken(): Data {
    return (this._source.prototypeToken as Data | undefined) ?? {};
  }

  getUserLevel(user: User | null | undefined): number {
    if (!user) return OWNERSHIP.NONE;
    if (user.isGM) return OWNERSHIP.OWNER;
    const own = this.ownership;
    const level = own[user.id] ?? OWNERSHIP.INHERIT;
    return level === OWNERSHIP.INHERIT ? (own.default ?? OWNERSHIP.NONE) : level;
  }

  getRollData(): Data {
    return deepClone(this.system);
  }

  /** Tokens of this actor on the viewed scene (a synthetic actor: its own token). */
  getActiveTokens(linked = false, document = false): (Token | TokenDocument)[] {
    const tokens = this.token
      ? [this.token]
      : (this._client.game.scenes.viewed?.tokens.filter((t) => t.actorId === this.id && (t.actorLink || !linked)) ?? []);
    return document ? tokens : tokens.map((t) => t.object);
  }

  /** Replace the source (after a server change) and keep Item instances stable by id. */
  _replaceSource(source: Data): void {
    this._source = source;
    this._syncItems();
  }

  /** After every change of the source: items follow, and derived data is prepared again. */
  _syncItems(): void {
    this._prepared = undefined;
    const sources = (this._source.items as ItemSource[] | undefined) ?? [];
    this._source.items = sources;
    const seen = new Set<string>();
    for (const src of sources) {
      seen.add(src._id);
      const existing = this.items.get(src._id);
      if (existing) existing._source = src;
      else this.items.set(src._id, new Item(this._client, src, this));
    }
    for (const id of [...this.items.keys()]) if (!seen.has(id)) this.items.delete(id);
  }

  async update(changes: Data, options: Data = {}): Promise<this | undefined> {
    const c = this._client;
    return c.run(async () => {
      const done = this.token
        ? await c.world.db.updateSyntheticActor(c, this.token, [changes], options)
        : await c.world.db.updateWorldActors(c, [{ ...changes, _id: this.id }], options);
      return done[0] as this | undefined;
    });
  }

  async delete(options: Data = {}): Promise<this | undefined> {
    if (this.token) throw new Error("A synthetic actor is deleted with its token.");
    const c = this._client;
    return c.run(async () => (await c.world.db.deleteActors(c, [this.id], options))[0] as this | undefined);
  }

  /** One server request for many actors; with `{parent: tokenDocument}`, for that token's synthetic actor. */
  static async updateDocuments(updates: Data[], options: Data & { parent?: TokenDocument | null } = {}): Promise<Actor[]> {
    const c = currentClient("Actor.updateDocuments");
    const { parent, ...rest } = options;
    if (parent) return c.world.db.updateSyntheticActor(c, parent, updates, rest);
    return c.world.db.updateWorldActors(c, updates, rest);
  }

  static async create(data: Data, options: Data = {}): Promise<Actor | undefined> {
    return (await Actor.createDocuments([data], options))[0];
  }

  static async createDocuments(data: Data[], options: Data = {}): Promise<Actor[]> {
    const c = currentClient("Actor.createDocuments");
    return c.world.db.createActors(c, data, options);
  }

  static async deleteDocuments(ids: string[], options: Data = {}): Promise<Actor[]> {
    const c = currentClient("Actor.deleteDocuments");
    return c.world.db.deleteActors(c, ids, options);
  }

  async updateEmbeddedDocuments(embedded: string, updates: Data[], options: Data = {}): Promise<Item[]> {
    this.assertItems(embedded);
    const c = this._client;
    return c.run(() => c.world.db.updateItems(c, this, updates, options));
  }

  async createEmbeddedDocuments(embedded: string, data: Data[], options: Data = {}): Promise<Item[]> {
    this.assertItems(embedded);
    const c = this._client;
    return c.run(() => c.world.db.createItems(c, this, data, options));
  }

  async deleteEmbeddedDocuments(embedded: string, ids: string[], options: Data = {}): Promise<Item[]> {
    this.assertItems(embedded);
    const c = this._client;
    return c.run(() => c.world.db.deleteItems(c, this, ids, options));
  }

  /** The system's saving throw roll, emulated per system (test/harness/systemRolls.ts). */
  rollSavingThrow(...args: unknown[]): Promise<unknown> {
    return this._client.run(() => rollSavingThrow(this, args));
  }

  private assertItems(embedded: string): void {
    if (embedded !== "Item") throw new Error(`The harness only embeds Items in actors, not "${embedded}".`);
  }
}

/** An Item embedded in an actor (world or synthetic). */
export class Item extends ClientDocument {
  static override documentName = "Item";

  get actor(): Actor | null {
    return this.parent as Actor | null;
  }

  get uuid(): string {
    return this.parent ? `${this.parent.uuid}.Item.${this.id}` : `Item.${this.id}`;
  }

  get type(): string {
    return this._source.type as string;
  }

  get img(): string {
    return (this._source.img as string | undefined) ?? "";
  }

  get system(): Data {
    return this._source.system as Data;
  }

  get isEmbedded(): boolean {
    return this.parent !== null;
  }

  getUserLevel(user: User | null | undefined): number {
    if (this.actor) return this.actor.getUserLevel(user);
    return user?.isGM ? OWNERSHIP.OWNER : OWNERSHIP.NONE;
  }

  getRollData(): Data {
    return { ...(this.actor?.getRollData() ?? {}), item: deepClone(this.system) };
  }

  async update(changes: Data, options: Data = {}): Promise<this | undefined> {
    const actor = this.requireActor();
    return (await actor.updateEmbeddedDocuments("Item", [{ ...changes, _id: this.id }], options))[0] as this | undefined;
  }

  async delete(options: Data = {}): Promise<this | undefined> {
    const actor = this.requireActor();
    return (await actor.deleteEmbeddedDocuments("Item", [this.id], options))[0] as this | undefined;
  }

  static async updateDocuments(updates: Data[], options: Data & { parent?: Actor } = {}): Promise<Item[]> {
    const { parent, ...rest } = options;
    if (!parent) throw new Error("The harness only has embedded Items: pass {parent: actor}.");
    return parent.updateEmbeddedDocuments("Item", updates, rest);
  }

  private requireActor(): Actor {
    if (!this.actor) throw new Error("The harness only has embedded Items.");
    return this.actor;
  }
}
