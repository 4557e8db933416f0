import type { Client } from "./client";
import { duplicate } from "./utils";

type Listener = (data: unknown, senderUserId: string) => unknown;

export interface SocketRecord {
  event: string;
  from: string;
  data: unknown;
  to: string[];
}

/**
 * One client's `game.socket`: `emit(event, data)` reaches the listeners of that event on the OTHER active
 * clients (never the emitter), each called in its own client's store as `(data, senderUserId)` where the
 * sender id is supplied by the server, not by the data.
 */
export class ClientSocket {
  readonly listeners = new Map<string, Set<Listener>>();

  constructor(private readonly client: Client) {}

  on(event: string, fn: Listener): this {
    const set = this.listeners.get(event) ?? new Set<Listener>();
    set.add(fn);
    this.listeners.set(event, set);
    return this;
  }

  off(event: string, fn?: Listener): this {
    if (fn) this.listeners.get(event)?.delete(fn);
    else this.listeners.delete(event);
    return this;
  }

  emit(event: string, data: unknown): boolean {
    const world = this.client.world;
    const sender = this.client.userId;
    const payload = duplicate(data ?? null);
    const record: SocketRecord = { event, from: sender, data: payload, to: [] };
    world.socketLog.push(record);
    world.touch();
    const delivery = Promise.resolve().then(() => {
      for (const target of world.clients.values()) {
        if (target === this.client || !world.users.get(target.userId)?.active) continue;
        const listeners = target.game.socket.listeners.get(event);
        if (!listeners?.size) continue;
        record.to.push(target.userId);
        target.run(() => {
          for (const fn of [...listeners]) {
            try {
              const result = fn(duplicate(payload), sender);
              if (result instanceof Promise) world.track(result, `socket "${event}" on ${target.user.name}`);
            } catch (error) {
              world.reportError(`socket "${event}" on ${target.user.name}`, error);
            }
          }
        });
      }
    });
    world.track(delivery, `socket "${event}"`);
    return true;
  }
}
