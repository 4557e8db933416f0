import type { World } from "./world";

type HookFn = (...args: unknown[]) => unknown;
interface Registration {
  id: number;
  fn: HookFn;
  once: boolean;
}

/**
 * One client's `Hooks`: `on/once/off/call/callAll` with Foundry's semantics. `call` stops at the first
 * handler returning exactly `false` and returns false; `callAll` calls every handler. A throwing handler is
 * reported (world.errors) and the others still run, as Foundry logs and goes on. A handler returning a
 * promise is tracked so `world.settle()` waits for it. `counts` tallies how often each hook fired here.
 */
export class ClientHooks {
  readonly events = new Map<string, Registration[]>();
  readonly counts = new Map<string, number>();
  private nextId = 1;

  constructor(
    private readonly world: World,
    private readonly label: string,
  ) {}

  on(hook: string, fn: HookFn): number {
    return this.add(hook, fn, false);
  }

  once(hook: string, fn: HookFn): number {
    return this.add(hook, fn, true);
  }

  off(hook: string, fnOrId: HookFn | number): void {
    const list = this.events.get(hook);
    if (!list) return;
    const rest = list.filter((r) => (typeof fnOrId === "number" ? r.id !== fnOrId : r.fn !== fnOrId));
    if (rest.length) this.events.set(hook, rest);
    else this.events.delete(hook);
  }

  call(hook: string, ...args: unknown[]): boolean {
    return this.fire(hook, args, false);
  }

  callAll(hook: string, ...args: unknown[]): true {
    this.fire(hook, args, true);
    return true;
  }

  /** How many handlers are registered for a hook. */
  handlers(hook: string): number {
    return this.events.get(hook)?.length ?? 0;
  }

  count(hook: string): number {
    return this.counts.get(hook) ?? 0;
  }

  private add(hook: string, fn: HookFn, once: boolean): number {
    const id = this.nextId++;
    const list = this.events.get(hook) ?? [];
    list.push({ id, fn, once });
    this.events.set(hook, list);
    return id;
  }

  private fire(hook: string, args: unknown[], all: boolean): boolean {
    this.counts.set(hook, this.count(hook) + 1);
    this.world.touch();
    const list = [...(this.events.get(hook) ?? [])];
    for (const reg of list) {
      if (reg.once) this.off(hook, reg.id);
      let result: unknown;
      try {
        result = reg.fn(...args);
      } catch (error) {
        this.world.reportError(`${this.label} hook "${hook}"`, error);
        continue;
      }
      if (result instanceof Promise) this.world.track(result, `${this.label} hook "${hook}"`);
      if (!all && result === false) return false;
    }
    return true;
  }
}
