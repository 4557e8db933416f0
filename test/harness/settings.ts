import type { Client } from "./client";
import { deepClone, str, type Data } from "./utils";

export interface SettingConfig {
  name?: string;
  hint?: string;
  scope?: "world" | "user" | "client";
  config?: boolean;
  type?: unknown;
  choices?: Record<string, string>;
  range?: { min: number; max: number; step: number };
  default?: unknown;
  requiresReload?: boolean;
  onChange?: (value: unknown, options?: Data, userId?: string) => unknown;
}

/**
 * One client's `game.settings`. Registrations are per client (each client runs the module's init).
 * Values: "world" settings live on the server, shared by every client, and only a GM may set them;
 * "user" settings live on the server per user; "client" settings live on this client only (they survive
 * a reconnect, like localStorage). Setting a value fires the setting's `onChange` on every client that
 * registered it and holds that value.
 */
export class ClientSettings {
  readonly settings = new Map<string, SettingConfig & { namespace: string; key: string }>();
  readonly menus = new Map<string, Data>();

  constructor(private readonly client: Client) {
    this.register("core", "rollMode", { scope: "client", config: false, type: String, default: "publicroll" });
  }

  register(namespace: string, key: string, config: SettingConfig): void {
    if (!namespace || !key) throw new Error("You must specify both namespace and key portions of the setting");
    this.settings.set(`${namespace}.${key}`, { scope: "client", ...config, namespace, key });
  }

  registerMenu(namespace: string, key: string, config: Data): void {
    this.menus.set(`${namespace}.${key}`, config);
  }

  private config(namespace: string, key: string): SettingConfig {
    const config = this.settings.get(`${namespace}.${key}`);
    if (!config) throw new Error(`"${namespace}.${key}" is not a registered game setting`);
    return config;
  }

  get(namespace: string, key: string): unknown {
    const id = `${namespace}.${key}`;
    const config = this.config(namespace, key);
    const world = this.client.world;
    let stored: unknown;
    if (config.scope === "world") stored = world.worldSettings.get(id);
    else if (config.scope === "user") stored = world.userSettings.get(this.client.userId)?.get(id);
    else stored = this.client.clientSettings.get(id);
    return deepClone(stored === undefined ? config.default : stored);
  }

  async set(namespace: string, key: string, value: unknown, options: Data = {}): Promise<unknown> {
    const id = `${namespace}.${key}`;
    const config = this.config(namespace, key);
    const client = this.client;
    const world = client.world;
    const stored = cast(config, value);
    if (config.scope === "client") {
      client.clientSettings.set(id, deepClone(stored));
      client.run(() => config.onChange?.(deepClone(stored), options, client.userId));
      return stored;
    }
    world.touch();
    await Promise.resolve();
    if (config.scope === "world") {
      if (!client.user.isGM) throw new Error(`User ${client.user.name} lacks permission to update Setting [${id}]`);
      world.worldSettings.set(id, deepClone(stored));
    } else {
      const mine = world.userSettings.get(client.userId) ?? new Map<string, unknown>();
      mine.set(id, deepClone(stored));
      world.userSettings.set(client.userId, mine);
    }
    world.recordWrite(client.userId, "Setting", "update", [id]);
    world.broadcast((c) => {
      if (config.scope === "user" && c.userId !== client.userId) return;
      const registered = c.game.settings.settings.get(id);
      registered?.onChange?.(deepClone(stored), options, client.userId);
    });
    return stored;
  }
}

function cast(config: SettingConfig, value: unknown): unknown {
  if (value === null || value === undefined) return value;
  if (config.type === Number) return Number(value);
  if (config.type === Boolean) return Boolean(value);
  if (config.type === String) return str(value);
  return value;
}
