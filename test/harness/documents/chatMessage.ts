import { CONST, OWNERSHIP, type RollMode } from "../constants";
import { Roll } from "../dice";
import { currentClient } from "../globals";
import type { MessageSource } from "../types";
import { mergeObject, type Data } from "../utils";
import type { Actor } from "./actor";
import { ClientDocument } from "./base";
import type { TokenDocument } from "./scene";
import type { User } from "./user";

export interface Speaker {
  scene: string | null;
  actor: string | null;
  token: string | null;
  alias: string | undefined;
}

/**
 * A client's copy of a ChatMessage. `rolls` are Roll objects rebuilt from the source's JSON strings.
 * Delivery (who receives it) is decided by the server: test/harness/chat.ts.
 */
export class ChatMessage extends ClientDocument {
  static override documentName = "ChatMessage";

  private rollCache: { raw: string[]; rolls: Roll[] } | null = null;

  static get implementation(): typeof ChatMessage {
    return ChatMessage;
  }

  get source(): MessageSource {
    return this._source as unknown as MessageSource;
  }

  get uuid(): string {
    return `ChatMessage.${this.id}`;
  }

  get author(): User | null {
    return this._client.game.users.get(this.source.author) ?? null;
  }

  get content(): string {
    return this.source.content;
  }

  get flavor(): string {
    return this.source.flavor;
  }

  get speaker(): Speaker {
    return this.source.speaker;
  }

  get whisper(): string[] {
    return this.source.whisper;
  }

  get blind(): boolean {
    return this.source.blind;
  }

  get timestamp(): number {
    return this.source.timestamp;
  }

  get style(): number {
    return this.source.style;
  }

  get type(): string {
    return this.source.type;
  }

  get system(): Data {
    return this.source.system;
  }

  get sound(): string | null {
    return this.source.sound;
  }

  get emote(): boolean {
    return this.source.emote;
  }

  get rolls(): Roll[] {
    const raw = this.source.rolls;
    if (this.rollCache?.raw !== raw) {
      this.rollCache = { raw, rolls: raw.map((r) => Roll.fromJSON(r)) };
    }
    return this.rollCache.rolls;
  }

  get isRoll(): boolean {
    return this.source.rolls.length > 0;
  }

  get isAuthor(): boolean {
    return this.source.author === this._client.userId;
  }

  get alias(): string {
    return this.speaker.alias ?? this.author?.name ?? "";
  }

  /** Shown in this client's chat log: a whisper only to its recipients and author; roll messages to all. */
  override get visible(): boolean {
    if (this.whisper.length === 0 || this.isRoll) return true;
    const user = this._client.user;
    return user.isGM || this.isAuthor || this.whisper.includes(user.id);
  }

  /** Whether this client may read the content (a private roll shows only "rolled privately" to others). */
  get isContentVisible(): boolean {
    if (this.whisper.length === 0) return true;
    const user = this._client.user;
    if (this.blind) return user.isGM;
    return user.isGM || this.isAuthor || this.whisper.includes(user.id);
  }

  getUserLevel(user: User | null | undefined): number {
    if (!user) return OWNERSHIP.NONE;
    if (user.isGM || user.id === this.source.author) return OWNERSHIP.OWNER;
    return OWNERSHIP.OBSERVER;
  }

  /** Change the source before creation (as preCreate hooks do). */
  updateSource(changes: Data): Data {
    mergeObject(this._source, changes, { performDeletions: true });
    return changes;
  }

  applyRollMode(mode: string): this {
    ChatMessage.applyRollMode(this._source, mode);
    return this;
  }

  async update(changes: Data, options: Data = {}): Promise<this | undefined> {
    const c = this._client;
    return c.run(async () => (await c.world.db.updateMessages(c, [{ ...changes, _id: this.id }], options))[0] as this | undefined);
  }

  async delete(options: Data = {}): Promise<this | undefined> {
    const c = this._client;
    return c.run(async () => (await c.world.db.deleteMessages(c, [this.id], options))[0] as this | undefined);
  }

  static async create(data: Data, options: Data = {}): Promise<ChatMessage | undefined> {
    return (await ChatMessage.createDocuments([data], options))[0];
  }

  static async createDocuments(data: Data[], options: Data = {}): Promise<ChatMessage[]> {
    const c = currentClient("ChatMessage.create");
    return c.world.db.createMessages(c, data, options);
  }

  static async updateDocuments(updates: Data[], options: Data = {}): Promise<ChatMessage[]> {
    const c = currentClient("ChatMessage.updateDocuments");
    return c.world.db.updateMessages(c, updates, options);
  }

  static async deleteDocuments(ids: string[], options: Data = {}): Promise<ChatMessage[]> {
    const c = currentClient("ChatMessage.deleteDocuments");
    return c.world.db.deleteMessages(c, ids, options);
  }

  /** Set `whisper`/`blind` of message data for a roll mode, as Foundry does. */
  static applyRollMode(data: Data, mode: string): Data {
    const c = currentClient("ChatMessage.applyRollMode");
    const gms = c.game.users.filter((u) => u.isGM).map((u) => u.id);
    switch (mode as RollMode) {
      case "gmroll":
        data.whisper = gms;
        data.blind = false;
        break;
      case "blindroll":
        data.whisper = gms;
        data.blind = true;
        break;
      case "selfroll":
        data.whisper = [c.userId];
        data.blind = false;
        break;
      default:
        data.whisper = [];
        data.blind = false;
    }
    return data;
  }

  /** Users named by a whisper target: "GM", "players", or a user name. */
  static getWhisperRecipients(name: string): User[] {
    const c = currentClient("ChatMessage.getWhisperRecipients");
    const users = c.game.users;
    if (name.toLowerCase() === "gm") return users.filter((u) => u.isGM);
    if (name.toLowerCase() === "players") return users.filter((u) => !u.isGM);
    return users.filter((u) => u.name === name);
  }

  /** A minimal getSpeaker: token, actor (its active token), alias, else the user's character or name. */
  static getSpeaker(
    options: { scene?: { id: string } | null; actor?: Actor | null; token?: TokenDocument | null; alias?: string } = {},
  ): Speaker {
    const c = currentClient("ChatMessage.getSpeaker");
    let { actor, token } = options;
    if (!token && actor?.token) token = actor.token;
    if (!token && actor) {
      token = c.game.scenes.viewed?.tokens.find((t) => t.actorLink && t.actorId === actor?.id) ?? null;
    }
    if (!actor && !token) actor = c.user.character;
    if (token) {
      return {
        scene: token.scene.id,
        actor: token.actorId,
        token: token.id,
        alias: options.alias ?? token.name,
      };
    }
    if (actor) {
      return { scene: options.scene?.id ?? null, actor: actor.id, token: null, alias: options.alias ?? actor.name };
    }
    return { scene: options.scene?.id ?? null, actor: null, token: null, alias: options.alias ?? c.user.name };
  }

  static get CHAT_MESSAGE_STYLES(): typeof CONST.CHAT_MESSAGE_STYLES {
    return CONST.CHAT_MESSAGE_STYLES;
  }
}
