import { setImmediate } from "node:timers";
import { fileURLToPath } from "node:url";
import { dirname, resolve } from "node:path";
import { Client, applyAnswer } from "./client";
import { ROLES } from "./constants";
import { Database } from "./database";
import type { DialogAnswerer, OpenDialog } from "./dialogs";
import { FixedDice, rollToString } from "./dice";
import { Scene, TokenDocument } from "./documents/scene";
import { loadTranslations, type Translations } from "./i18n";
import type { QueryRecord } from "./queries";
import type { SocketRecord } from "./socket";
import { Templates } from "./templates";
import type { ActorSource, ItemSource, MessageSource, SceneSource, TokenSource, UserSource, WriteCounts, WriteRecord } from "./types";
import { deepClone, idGenerator, mergeObject, str, type Data } from "./utils";

export type SystemId = "pf1" | "D35E";

export interface WorldOptions {
  system: SystemId;
  /** Render every delivered message into each client's chat log, as Foundry does (default: when a DOM exists). */
  autoRender?: boolean;
  /** Seed of the server's document ids (default 1). */
  seed?: number;
  /** Project root (default: two folders above this file). */
  root?: string;
  /** Extra translations merged over lang/*.json, e.g. system keys: {en: {"PF1.SavingThrowRef": "Reflex"}}. */
  translations?: Translations;
  /** D35E save messages carry `rolls: [roll]` (the research's reading) instead of `rolls: []` (the fixtures'). */
  d35eSaveMessageRolls?: boolean;
  /**
   * The game system's data preparation (Foundry's prepareData): derived actor data computed from the source
   * on each client's copy after every change. Without it an actor's `system` is its source.
   */
  prepareActor?: (source: { name: string; type: string; system: Data; items: Data[] }) => Data;
}

export interface UserInput {
  id?: string;
  name: string;
  /** A role number or name ("PLAYER", "TRUSTED", "ASSISTANT", "GAMEMASTER"); default PLAYER. */
  role?: number | keyof typeof ROLES;
  character?: string | null;
  lang?: string;
}

export interface ActorOptions {
  id?: string;
  /** Ownership map; default {default: NONE}. */
  ownership?: Record<string, number>;
  /** User ids given OWNER (shortcut over `ownership`). */
  owners?: string[];
  /** Data merged over the actor (dotted keys allowed), e.g. derived totals pf1 computes at load time. */
  overrides?: Data;
}

export interface TokenInput {
  id?: string;
  name?: string;
  actorId: string | null;
  actorLink?: boolean;
  delta?: Data;
  x?: number;
  y?: number;
  disposition?: number;
  hidden?: boolean;
  flags?: Data;
}

export interface HarnessError {
  where: string;
  error: unknown;
}

function roleNumber(role: UserInput["role"]): number {
  if (role === undefined) return ROLES.PLAYER;
  if (typeof role === "number") return role;
  const n = (ROLES as Record<string, number>)[role];
  if (n === undefined) throw new Error(`Unknown role ${role}`);
  return n;
}

/**
 * The world: the server's authoritative state (users, actors, scenes and tokens, chat messages, settings),
 * the clients connected to it, the fixed dice, and the counters a test asserts on (writes, queries,
 * socket messages, errors). Module code never sees the World; it sees its client through the globals.
 */
export class World {
  readonly system: SystemId;
  readonly options: WorldOptions;
  readonly dice = new FixedDice();
  readonly db = new Database(this);
  readonly templates: Templates;
  readonly translations: Translations;
  readonly missingI18nKeys = new Set<string>();
  readonly autoRender: boolean;

  readonly users = new Map<string, UserSource>();
  readonly actors = new Map<string, ActorSource>();
  readonly scenes = new Map<string, SceneSource>();
  readonly messages = new Map<string, MessageSource>();
  readonly worldSettings = new Map<string, unknown>();
  readonly userSettings = new Map<string, Map<string, unknown>>();
  readonly clients = new Map<string, Client>();

  writes: WriteCounts = {};
  writesByUser: Record<string, WriteCounts> = {};
  writeLog: WriteRecord[] = [];
  readonly errors: HarnessError[] = [];
  readonly queryLog: QueryRecord[] = [];
  readonly socketLog: SocketRecord[] = [];
  /** Bumped by every hook, write, query, socket message, dialog and tracked promise: settle() waits for quiet. */
  activity = 0;

  private readonly nextId: () => string;
  private clock = Date.UTC(2025, 0, 1);
  private registerFn: (() => void) | null = null;
  private errorsSeen = 0;

  constructor(options: WorldOptions) {
    this.system = options.system;
    this.options = options;
    this.nextId = idGenerator(options.seed ?? 1);
    this.autoRender = options.autoRender ?? typeof globalThis.document !== "undefined";
    const root = options.root ?? resolve(dirname(fileURLToPath(import.meta.url)), "../..");
    this.templates = new Templates(root);
    this.translations = loadTranslations(root, ["en", "fr"]);
    for (const [lang, keys] of Object.entries(options.translations ?? {})) {
      this.translations[lang] = { ...(this.translations[lang] ?? {}), ...keys };
    }
  }

  // ------------------------------------------------------------ bookkeeping

  newId(): string {
    return this.nextId();
  }

  /** The server clock: one second per call, from 2025-01-01, so timestamps are ordered and stable. */
  now(): number {
    this.clock += 1000;
    return this.clock;
  }

  touch(): void {
    this.activity++;
  }

  /** Follow a promise started by module code (a hook, a listener…): settle() waits, a rejection is reported. */
  track(promise: Promise<unknown>, where: string, { report = true }: { report?: boolean } = {}): void {
    this.touch();
    promise.then(
      () => {
        this.touch();
      },
      (error: unknown) => {
        this.touch();
        if (report) this.reportError(where, error);
      },
    );
  }

  reportError(where: string, error: unknown): void {
    this.errors.push({ where, error });
    this.touch();
  }

  /** The errors recorded so far, cleared. */
  takeErrors(): HarnessError[] {
    const out = this.errors.splice(0);
    this.errorsSeen = 0;
    return out;
  }

  /**
   * Wait until nothing happens any more: no hook, write, query, socket message or tracked promise for a few
   * macrotask turns. Throws if module code threw meanwhile (unless ignoreErrors). Pending dialogs and
   * timers that have not fired do not keep it waiting.
   */
  async settle({ ignoreErrors = false, maxRounds = 20000 }: { ignoreErrors?: boolean; maxRounds?: number } = {}): Promise<void> {
    let last = -1;
    let idle = 0;
    for (let round = 0; idle < 3; round++) {
      if (round > maxRounds) throw new Error(`world.settle(): still busy after ${maxRounds} rounds (a loop of hooks or writes?)`);
      await new Promise<void>((resolve) => setImmediate(resolve));
      if (this.activity === last) idle++;
      else {
        idle = 0;
        last = this.activity;
      }
    }
    if (!ignoreErrors && this.errors.length > this.errorsSeen) {
      const fresh = this.errors.slice(this.errorsSeen);
      this.errorsSeen = this.errors.length;
      const text = fresh.map((e) => `- ${e.where}: ${e.error instanceof Error ? (e.error.stack ?? e.error.message) : String(e.error)}`);
      throw new Error(`Module code threw in simulated clients:\n${text.join("\n")}`);
    }
  }

  recordWrite(userId: string, documentName: string, action: WriteRecord["action"], ids: string[]): void {
    const bump = (counts: WriteCounts) => {
      const forDoc = (counts[documentName] ??= {});
      forDoc[action] = (forDoc[action] ?? 0) + 1;
    };
    bump(this.writes);
    bump((this.writesByUser[userId] ??= {}));
    this.writeLog.push({ userId, documentName, action, documents: ids.length, ids: [...ids] });
    this.touch();
  }

  resetWrites(): void {
    this.writes = {};
    this.writesByUser = {};
    this.writeLog = [];
  }

  /** Number of write requests, optionally of one document type, operation and user. */
  writeCount(documentName?: string, action?: WriteRecord["action"], userId?: string): number {
    return this.writeLog.filter(
      (w) => (!documentName || w.documentName === documentName) && (!action || w.action === action) && (!userId || w.userId === userId),
    ).length;
  }

  /** Deliver a server event to every active client (that `accept`s it), each in its own store. */
  broadcast(fn: (client: Client) => void, accept: (user: UserSource) => boolean = () => true): void {
    for (const client of this.clients.values()) {
      const user = this.users.get(client.userId);
      if (!user?.active || !accept(user)) continue;
      client.run(() => {
        try {
          fn(client);
        } catch (error) {
          this.reportError(`delivery to ${user.name}`, error);
        }
      });
    }
    this.touch();
  }

  // ------------------------------------------------------------ users and clients

  /** The module's registration (src/main.ts registerModule), run inside every client before init. */
  boot(register: () => void): this {
    this.registerFn = register;
    return this;
  }

  addUser(input: UserInput): UserSource {
    const id = input.id ?? this.newId();
    if (this.users.has(id)) throw new Error(`User [${id}] already exists`);
    const source: UserSource = {
      _id: id,
      name: input.name,
      role: roleNumber(input.role),
      character: input.character ?? null,
      lang: input.lang ?? "en",
      active: false,
      flags: {},
    };
    this.users.set(id, source);
    this.broadcast((client) => {
      client.resyncUsers();
    });
    return source;
  }

  /** Connect a user's client (creating the user from `input` if needed) and boot the module on it. */
  async addClient(input: string | UserInput): Promise<Client> {
    const source = typeof input === "string" ? this.user(input) : (input.id && this.users.get(input.id)) || this.addUser(input);
    if (this.clients.has(source._id)) throw new Error(`User ${source.name} already has a client`);
    source.active = true;
    const client = new Client(this, source._id);
    this.clients.set(source._id, client);
    this.broadcast((c) => {
      c.resyncUsers();
      if (c !== client) c.hooks.callAll("userConnected", c.game.users.get(source._id), true);
    });
    await client.boot(this.registerFn);
    return client;
  }

  user(idOrName: string): UserSource {
    const user = this.users.get(idOrName) ?? [...this.users.values()].find((u) => u.name === idOrName);
    if (!user) throw new Error(`No user ${idOrName}`);
    return user;
  }

  client(idOrName: string): Client {
    const client = this.clients.get(this.user(idOrName)._id);
    if (!client) throw new Error(`User ${idOrName} has no client`);
    return client;
  }

  /** A user goes offline (their client stops receiving) or comes back (a fresh page load: reset and boot). */
  async setActive(userId: string, active: boolean): Promise<void> {
    const user = this.user(userId);
    if (user.active === active) return;
    user.active = active;
    const client = this.clients.get(user._id);
    this.broadcast((c) => {
      c.resyncUsers();
      if (c !== client) c.hooks.callAll("userConnected", c.game.users.get(user._id), active);
    });
    if (active) {
      if (!client) {
        user.active = false;
        await this.addClient(user._id);
        return;
      }
      client.reset();
      await client.boot(this.registerFn);
    }
    await this.settle();
  }

  // ------------------------------------------------------------ documents (the test acting on the server)

  actorSource(data: Data, keepId = true): ActorSource {
    const items = ((data.items as Data[] | undefined) ?? []).map((i) => this.itemSource(i, true));
    return {
      ...deepClone(data),
      _id: keepId && typeof data._id === "string" ? data._id : this.newId(),
      name: (data.name as string | undefined) ?? "Actor",
      type: (data.type as string | undefined) ?? "npc",
      img: (data.img as string | undefined) ?? "",
      system: deepClone((data.system as Data | undefined) ?? {}),
      items,
      ownership: deepClone((data.ownership as Record<string, number> | undefined) ?? { default: 0 }),
      flags: deepClone((data.flags as Data | undefined) ?? {}),
    };
  }

  itemSource(data: Data, keepId: boolean): ItemSource {
    return {
      ...deepClone(data),
      _id: keepId && typeof data._id === "string" ? data._id : this.newId(),
      name: (data.name as string | undefined) ?? "Item",
      type: (data.type as string | undefined) ?? "equipment",
      system: deepClone((data.system as Data | undefined) ?? {}),
      flags: deepClone((data.flags as Data | undefined) ?? {}),
    };
  }

  messageSource(data: Data, userId: string): MessageSource {
    const speaker = (data.speaker as Data | undefined) ?? {};
    const whisper = ((data.whisper as unknown[] | undefined) ?? []).map((w) => (typeof w === "string" ? w : (w as { id: string }).id));
    return {
      ...deepClone(Object.fromEntries(Object.entries(data).filter(([k]) => k !== "rolls" && k !== "user"))),
      _id: (data._id as string | undefined) ?? "",
      type: (data.type as string | undefined) ?? "base",
      system: deepClone((data.system as Data | undefined) ?? {}),
      style: (data.style as number | undefined) ?? 0,
      author: (data.author as string | undefined) ?? (data.user as string | undefined) ?? userId,
      timestamp: 0,
      flavor: (data.flavor as string | undefined) ?? "",
      content: str(data.content),
      speaker: {
        scene: (speaker.scene as string | null | undefined) ?? null,
        actor: (speaker.actor as string | null | undefined) ?? null,
        token: (speaker.token as string | null | undefined) ?? null,
        alias: speaker.alias as string | undefined,
      },
      whisper,
      blind: Boolean(data.blind),
      rolls: ((data.rolls as unknown[] | undefined) ?? []).map(rollToString),
      sound: (data.sound as string | null | undefined) ?? null,
      emote: Boolean(data.emote),
      flags: deepClone((data.flags as Data | undefined) ?? {}),
      _stats: {},
    };
  }

  /** Add a world actor (e.g. real pf1/D35E JSON); clients already connected get createActor. */
  addActor(data: Data, options: ActorOptions = {}): ActorSource {
    const source = this.actorSource(options.id ? { ...data, _id: options.id } : data);
    if (options.ownership) source.ownership = { ...options.ownership };
    for (const owner of options.owners ?? []) source.ownership[owner] = 3;
    if (!("default" in source.ownership)) source.ownership.default = 0;
    if (options.overrides) mergeObject(source, deepClone(options.overrides));
    if (this.actors.has(source._id)) throw new Error(`Actor [${source._id}] already exists`);
    this.actors.set(source._id, source);
    this.broadcast((client) => {
      client.receiveActor(source, {}, this.gmId());
    });
    return source;
  }

  /** Delete a world actor as the server (attested as `by`, default the active GM); fires deleteActor. */
  async deleteActor(id: string, { by }: { by?: string } = {}): Promise<void> {
    await this.db.deleteActors(null, [id], {}, by ?? this.gmId());
    await this.settle();
  }

  addScene(input: { id?: string; name?: string; active?: boolean; tokens?: TokenInput[] } = {}): SceneSource {
    const source: SceneSource = {
      _id: input.id ?? this.newId(),
      name: input.name ?? "Scene",
      active: input.active ?? this.scenes.size === 0,
      tokens: [],
      flags: {},
    };
    this.scenes.set(source._id, source);
    this.broadcast((client) => {
      const scene = new Scene(client, deepClone(source));
      client.game.scenes.set(scene.id, scene);
    });
    for (const token of input.tokens ?? []) this.addToken(source._id, token);
    return source;
  }

  /** Place a token; an unlinked token's actor is synthetic (base actor + `delta`). */
  addToken(sceneId: string, input: TokenInput): TokenSource {
    const scene = this.scenes.get(sceneId);
    if (!scene) throw new Error(`Scene [${sceneId}] does not exist`);
    const actor = input.actorId ? this.actors.get(input.actorId) : undefined;
    const source: TokenSource = {
      _id: input.id ?? this.newId(),
      name: input.name ?? actor?.name ?? "Token",
      actorId: input.actorId,
      actorLink: input.actorLink ?? false,
      delta: deepClone(input.delta ?? {}),
      x: input.x ?? 0,
      y: input.y ?? 0,
      disposition: input.disposition ?? -1,
      hidden: input.hidden ?? false,
      flags: deepClone(input.flags ?? {}),
    };
    scene.tokens.push(source);
    this.broadcast((client) => {
      const copy = client.game.scenes.get(sceneId);
      if (!copy) return;
      (copy._source.tokens as TokenSource[]).push(deepClone(source));
      copy._syncTokens();
      const token = copy.tokens.get(source._id);
      if (token) client.hooks.callAll("createToken", token, {}, this.gmId());
    });
    return source;
  }

  /** Remove a token as the server; fires deleteToken. */
  deleteToken(sceneId: string, tokenId: string): void {
    const scene = this.scenes.get(sceneId);
    if (!scene) throw new Error(`Scene [${sceneId}] does not exist`);
    scene.tokens = scene.tokens.filter((t) => t._id !== tokenId);
    this.broadcast((client) => {
      const copy = client.game.scenes.get(sceneId);
      const token = copy?.tokens.get(tokenId);
      if (!copy || !token) return;
      copy._source.tokens = (copy._source.tokens as TokenSource[]).filter((t) => t._id !== tokenId);
      copy._syncTokens();
      client.controlled.delete(tokenId);
      for (const user of client.game.users.values()) user.targets.delete(token.object);
      client.hooks.callAll("deleteToken", token, {}, this.gmId());
    });
  }

  /** A user targets tokens (replacing their targets); every client sees it and fires targetToken. */
  target(userId: string, tokenIds: string[], { sceneId }: { sceneId?: string } = {}): void {
    this.broadcast((client) => {
      const user = client.game.users.get(userId);
      const scene = sceneId ? client.game.scenes.get(sceneId) : client.game.scenes.viewed;
      if (!user || !scene) return;
      const wanted = tokenIds.map((id) => {
        const token = scene.tokens.get(id);
        if (!token) throw new Error(`Token [${id}] is not on scene ${scene.name}`);
        return token.object;
      });
      for (const token of [...user.targets]) {
        if (!wanted.includes(token)) {
          user.targets.delete(token);
          client.hooks.callAll("targetToken", user, token, false);
        }
      }
      for (const token of wanted) {
        if (!user.targets.has(token)) {
          user.targets.add(token);
          client.hooks.callAll("targetToken", user, token, true);
        }
      }
    });
  }

  /** A user controls (selects) tokens on their client; fires controlToken there. */
  control(userId: string, tokenIds: string[]): void {
    const client = this.client(userId);
    client.run(() => {
      const scene = client.game.scenes.viewed;
      for (const id of [...client.controlled]) {
        client.controlled.delete(id);
        const token = scene?.tokens.get(id);
        if (token) client.hooks.callAll("controlToken", token.object, false);
      }
      for (const id of tokenIds) {
        client.controlled.add(id);
        const token = scene?.tokens.get(id);
        if (!token) throw new Error(`Token [${id}] is not on the viewed scene`);
        client.hooks.callAll("controlToken", token.object, true);
      }
    });
  }

  /** Set a world setting as the server ("namespace.key"); fires its onChange on the clients. */
  setSetting(key: string, value: unknown): void {
    this.worldSettings.set(key, deepClone(value));
    this.broadcast((client) => client.game.settings.settings.get(key)?.onChange?.(deepClone(value), {}, this.gmId()));
  }

  // ------------------------------------------------------------ dialogs and rendering

  /** Script a user's answers to the dialogs their client opens (and to those already pending). */
  answerDialogs(userId: string, answerer: DialogAnswerer | null): void {
    const client = this.client(userId);
    client.answerer = answerer;
    if (!answerer) return;
    for (const dialog of client.pendingDialogs) {
      const work = (async () => {
        const answer = await client.run(() => answerer(dialog));
        await applyAnswer(dialog, answer);
      })();
      this.track(work, `answer of ${client.name} to dialog "${dialog.title}"`);
    }
  }

  dialogs(userId: string): OpenDialog[] {
    return this.client(userId).dialogs;
  }

  pendingDialogs(userId: string): OpenDialog[] {
    return this.client(userId).pendingDialogs;
  }

  render(userId: string | Client, messageId: string): Promise<HTMLElement> {
    const client = typeof userId === "string" ? this.client(userId) : userId;
    return client.render(messageId);
  }

  /** Keys localized without a translation (module keys start with "D20SS."). */
  missingKeys(prefix = ""): string[] {
    return [...this.missingI18nKeys].filter((k) => k.startsWith(prefix)).sort();
  }

  /** The active GM Foundry would designate: an active GAMEMASTER before an ASSISTANT, then the lowest id. */
  activeGM(): UserSource | null {
    const gms = [...this.users.values()]
      .filter((u) => u.active && u.role >= ROLES.ASSISTANT)
      .sort((a, b) => Number(b.role === ROLES.GAMEMASTER) - Number(a.role === ROLES.GAMEMASTER) || (a._id < b._id ? -1 : a._id > b._id ? 1 : 0));
    return gms[0] ?? null;
  }

  private gmId(): string {
    return this.activeGM()?._id ?? [...this.users.values()].find((u) => u.role >= ROLES.ASSISTANT)?._id ?? "";
  }

  /** Find a token document on a client (for tests). */
  token(client: Client, sceneId: string, tokenId: string): TokenDocument | undefined {
    return client.game.scenes.get(sceneId)?.tokens.get(tokenId);
  }
}
