import { receivesMessage, renderMessage } from "./chat";
import type { ApplicationV2 } from "./applications";
import { Collection } from "./collection";
import { DialogV2, dialogQuery, type DialogAnswer, type DialogAnswerer, type OpenDialog } from "./dialogs";
import { Actor, Item } from "./documents/actor";
import { ChatMessage } from "./documents/chatMessage";
import { Scene, Scenes, TokenDocument, type Token } from "./documents/scene";
import { User, Users } from "./documents/user";
import { Roll } from "./dice";
import { clientStore } from "./globals";
import { ClientHooks } from "./hooks";
import { I18n } from "./i18n";
import { ClientSettings } from "./settings";
import { ClientSocket } from "./socket";
import type { UserSource } from "./types";
import { deepClone, type Data } from "./utils";
import type { World } from "./world";

export const MODULE_ID = "d20-spell-saves";

export interface Notice {
  type: "info" | "warn" | "error" | "success";
  message: string;
  options?: Data;
}

export interface ModuleState {
  id: string;
  title: string;
  active: boolean;
  api?: unknown;
}

export interface Game {
  readonly user: User;
  readonly userId: string;
  users: Users;
  actors: Collection<Actor>;
  scenes: Scenes;
  messages: Collection<ChatMessage>;
  settings: ClientSettings;
  i18n: I18n;
  socket: ClientSocket;
  system: { id: string; version: string; title: string };
  modules: Collection<ModuleState>;
  world: { id: string; title: string };
  release: { generation: number; version: string };
  version: string;
  ready: boolean;
  paused: boolean;
  combat: null;
  time: { worldTime: number };
}

export interface ClientConfig {
  queries: Record<string, (data: unknown, options: { timeout?: number }) => unknown>;
  [key: string]: unknown;
}

export interface Canvas {
  ready: boolean;
  readonly scene: Scene | null;
  tokens: { readonly controlled: Token[]; readonly placeables: Token[]; get(id: string): Token | undefined };
}

export interface UI {
  notifications: {
    info(message: string, options?: Data): Notice;
    warn(message: string, options?: Data): Notice;
    error(message: string, options?: Data): Notice;
    success(message: string, options?: Data): Notice;
    notify(message: string, type?: Notice["type"], options?: Data): Notice;
  };
  chat: { readonly element: HTMLElement | null };
  windows: Record<string, unknown>;
}

/**
 * One simulated browser: a user's Foundry client. It holds its own copies of the documents it was sent,
 * its own Hooks, CONFIG, settings registry, i18n, socket listeners, dialogs, notifications and chat log.
 * Code runs "as" this client inside `client.run(fn)` (the per-client globals read the AsyncLocalStorage).
 */
export class Client {
  hooks!: ClientHooks;
  game!: Game;
  config!: ClientConfig;
  ui!: UI;
  canvas!: Canvas;
  /** What the per-client globals return: game, Hooks, CONFIG, ui, canvas. */
  globals!: { game: Game; Hooks: ClientHooks; CONFIG: ClientConfig; ui: UI; canvas: Canvas };
  notifications: Notice[] = [];
  dialogs: OpenDialog[] = [];
  apps: ApplicationV2[] = [];
  readonly rendered = new Map<string, HTMLElement>();
  /** Ids of the tokens this client controls on the viewed scene. */
  readonly controlled = new Set<string>();
  /** Client-scope settings (kept across a reconnect, like localStorage). */
  readonly clientSettings = new Map<string, unknown>();
  answerer: DialogAnswerer | null = null;
  private root: HTMLElement | null = null;

  constructor(
    readonly world: World,
    readonly userId: string,
  ) {
    this.reset();
  }

  get user(): User {
    const user = this.game.users.get(this.userId);
    if (!user) throw new Error(`User [${this.userId}] is missing from its own client`);
    return user;
  }

  get userSource(): UserSource {
    const source = this.world.users.get(this.userId);
    if (!source) throw new Error(`User [${this.userId}] does not exist`);
    return source;
  }

  get name(): string {
    return this.userSource.name;
  }

  /** Run code as this client: every Foundry global it (and whatever it awaits) reads is this client's. */
  run<T>(fn: () => T): T {
    return clientStore.run(this, fn);
  }

  /** A fresh page load: new hooks, CONFIG, registries and copies of everything this user can see. */
  reset(): void {
    const world = this.world;
    this.root?.remove();
    this.root = null;
    this.rendered.clear();
    this.controlled.clear();
    this.notifications = [];
    this.dialogs = [];
    this.apps = [];
    this.hooks = new ClientHooks(world, `client ${this.userSource.name}`);
    const users = new Users(this.userId);
    for (const source of world.users.values()) users.set(source._id, new User(this, deepClone(source) as unknown as Data));
    const actors = new Collection<Actor>();
    for (const source of world.actors.values()) actors.set(source._id, new Actor(this, deepClone(source)));
    const scenes = new Scenes();
    for (const source of world.scenes.values()) {
      const scene = new Scene(this, deepClone(source));
      scene._syncTokens();
      scenes.set(source._id, scene);
    }
    const messages = new Collection<ChatMessage>();
    const me = this.userSource;
    for (const source of world.messages.values()) {
      if (receivesMessage(me, source)) messages.set(source._id, new ChatMessage(this, deepClone(source)));
    }
    const modules = new Collection<ModuleState>();
    modules.set(MODULE_ID, { id: MODULE_ID, title: "d20 Spell Saves", active: true });
    const clientId = this.userId;
    this.game = {
      get user(): User {
        const user = users.get(clientId);
        if (!user) throw new Error(`User [${clientId}] is missing`);
        return user;
      },
      userId: clientId,
      users,
      actors,
      scenes,
      messages,
      settings: new ClientSettings(this),
      i18n: new I18n(me.lang, world.translations, world.missingI18nKeys),
      socket: new ClientSocket(this),
      system: { id: world.system, version: world.system === "pf1" ? "11.11" : "2.4.3", title: world.system },
      modules,
      world: { id: "harness-world", title: "Harness World" },
      release: { generation: 13, version: "13.351" },
      version: "13.351",
      ready: false,
      paused: false,
      combat: null,
      time: { worldTime: 0 },
    };
    this.config = {
      queries: { dialog: dialogQuery },
      ChatMessage: { documentClass: ChatMessage },
      Actor: { documentClass: Actor },
      Item: { documentClass: Item },
      Token: { documentClass: TokenDocument },
      Dice: {
        rolls: [Roll],
        rollModes: {
          publicroll: { label: "CHAT.RollPublic", icon: "fa-solid fa-globe" },
          gmroll: { label: "CHAT.RollPrivate", icon: "fa-solid fa-user-secret" },
          blindroll: { label: "CHAT.RollBlind", icon: "fa-solid fa-eye-slash" },
          selfroll: { label: "CHAT.RollSelf", icon: "fa-solid fa-user" },
        },
      },
      debug: { hooks: false },
    };
    const notify = (type: Notice["type"]) => (message: string, options?: Data) => this.notify(type, message, options);
    const chatElement = (): HTMLElement | null => (this.root ? this.chatLog() : null);
    const controlled = this.controlled;
    this.ui = {
      notifications: {
        info: notify("info"),
        warn: notify("warn"),
        error: notify("error"),
        success: notify("success"),
        notify: (message, type = "info", options) => this.notify(type, message, options),
      },
      chat: {
        get element() {
          return chatElement();
        },
      },
      windows: {},
    };
    this.canvas = {
      ready: true,
      get scene() {
        return scenes.viewed ?? null;
      },
      tokens: {
        get placeables() {
          return scenes.viewed?.tokens.map((t) => t.object) ?? [];
        },
        get controlled() {
          return scenes.viewed?.tokens.filter((t) => controlled.has(t.id)).map((t) => t.object) ?? [];
        },
        get(id: string) {
          return scenes.viewed?.tokens.get(id)?.object;
        },
      },
    };
    this.globals = { game: this.game, Hooks: this.hooks, CONFIG: this.config, ui: this.ui, canvas: this.canvas };
  }

  private notify(type: Notice["type"], message: string, options?: Data): Notice {
    const notice: Notice = { type, message, ...(options ? { options } : {}) };
    this.notifications.push(notice);
    this.world.touch();
    return notice;
  }

  /** Load the module as Foundry would: its registration, then init, i18nInit, setup, ready. */
  async boot(register: (() => void) | null): Promise<void> {
    this.run(() => {
      register?.();
      this.hooks.callAll("init");
      this.hooks.callAll("i18nInit");
      this.hooks.callAll("setup");
      this.game.ready = true;
      this.hooks.callAll("ready");
      if (this.world.autoRender) for (const message of this.game.messages.values()) if (message.visible) renderMessage(this, message);
    });
    await this.world.settle();
  }

  /** This client's element in the shared DOM (chat log, dialogs, applications). */
  container(): HTMLElement {
    if (this.root) return this.root;
    const doc = globalThis.document as Document | undefined;
    if (!doc) throw new Error("This needs a DOM: put `// @vitest-environment happy-dom` at the top of the test file.");
    const root = doc.createElement("section");
    root.className = "harness-client";
    root.dataset.userId = this.userId;
    root.innerHTML = `<ol class="chat-log"></ol>`;
    doc.body.appendChild(root);
    this.root = root;
    return root;
  }

  chatLog(): HTMLElement {
    const log = this.container().querySelector(".chat-log");
    if (!log) throw new Error("chat log missing");
    return log as HTMLElement;
  }

  /** Render (or re-render) a message on this client, firing renderChatMessageHTML; waits for the hooks' work. */
  async render(messageId: string): Promise<HTMLElement> {
    const message = this.game.messages.get(messageId);
    if (!message) throw new Error(`Message [${messageId}] was not delivered to ${this.name}`);
    const element = this.run(() => renderMessage(this, message));
    await this.world.settle();
    return element;
  }

  /** The element this client shows for a message (after auto-render or render()). */
  element(messageId: string): HTMLElement | null {
    return this.rendered.get(messageId) ?? null;
  }

  /** The visible text of a message on this client (whitespace collapsed), or null if not shown here. */
  text(messageId: string): string | null {
    const el = this.rendered.get(messageId);
    return el ? el.textContent.replace(/\s+/g, " ").trim() : null;
  }

  /** Click an element as this user (listeners run in this client's store) and wait for what follows. */
  async click(target: Element | string): Promise<void> {
    const el = typeof target === "string" ? this.container().querySelector(target) : target;
    if (!el) throw new Error(`Nothing to click: ${typeof target === "string" ? target : target.tagName}`);
    const Ctor = typeof MouseEvent === "undefined" ? Event : MouseEvent;
    this.run(() => el.dispatchEvent(new Ctor("click", { bubbles: true, cancelable: true })));
    await this.world.settle();
  }

  message(id: string): ChatMessage | undefined {
    return this.game.messages.get(id);
  }

  get messages(): ChatMessage[] {
    return this.game.messages.contents;
  }

  get pendingDialogs(): OpenDialog[] {
    return this.dialogs.filter((d) => d.status === "pending");
  }

  /** Bring this client's User copies in line with the server (same instances, new data). */
  resyncUsers(): void {
    for (const source of this.world.users.values()) {
      const copy = this.game.users.get(source._id);
      if (copy) copy._source = { ...(deepClone(source) as unknown as Data) };
      else this.game.users.set(source._id, new User(this, deepClone(source) as unknown as Data));
    }
  }

  /** Rebuild the synthetic actors of tokens whose base actor changed or was deleted. */
  refreshTokensOf(actorId: string): void {
    for (const scene of this.game.scenes.values()) {
      for (const token of scene.tokens.values()) if (token.actorId === actorId) token._refreshActor();
    }
  }

  /** A world actor arrives (setup or creation): add it and fire createActor. */
  receiveActor(source: Data, options: Data, userId: string): void {
    const actor = new Actor(this, deepClone(source));
    this.game.actors.set(actor.id, actor);
    this.refreshTokensOf(actor.id);
    this.hooks.callAll("createActor", actor, options, userId);
  }

  /** Offer a newly opened dialog to this user's scripted answerer, if any. */
  offerDialog(dialog: OpenDialog): void {
    const answerer = this.answerer;
    if (!answerer) return;
    const work = (async () => {
      await Promise.resolve();
      if (dialog.status !== "pending") return;
      const answer = await this.run(() => answerer(dialog));
      await applyAnswer(dialog, answer);
    })();
    this.world.track(work, `answer of ${this.name} to dialog "${dialog.title}"`);
  }
}

export async function applyAnswer(dialog: OpenDialog, answer: DialogAnswer): Promise<void> {
  if (answer === undefined || dialog.status !== "pending") return;
  if (answer === null || (typeof answer === "object" && "close" in answer)) {
    dialog.close();
    return;
  }
  if (typeof answer === "string") await dialog.press(answer);
  else await dialog.press(answer.action, answer.values ?? {});
}

export { DialogV2 };
