import { AsyncLocalStorage } from "node:async_hooks";
import type { Client } from "./client";

/**
 * Per-client globals. Foundry code reads `game`, `Hooks`, `CONFIG`, `ui` and `canvas` as globals; the
 * harness defines each as a getter returning the object of the client whose code is running, found in an
 * AsyncLocalStorage store that `client.run(fn)` sets (and that follows every await, timer and promise).
 * The classes and functions that are the same on every client (`foundry`, `CONST`, `ChatMessage`, `Actor`,
 * `Roll`, `fromUuid`…) are plain globals; their methods look the current client up when they need one.
 */
export const clientStore = new AsyncLocalStorage<Client>();

export const PER_CLIENT_GLOBALS = ["game", "Hooks", "CONFIG", "ui", "canvas"] as const;
export type PerClientGlobal = (typeof PER_CLIENT_GLOBALS)[number];

export function maybeClient(): Client | undefined {
  return clientStore.getStore();
}

export function currentClient(what = "Foundry code"): Client {
  const client = clientStore.getStore();
  if (!client) {
    throw new Error(
      `${what} ran outside any simulated client: wrap the call in client.run(() => ...) (or use client.click/render).`,
    );
  }
  return client;
}

let installed = false;

/** Define the globals once per test file (idempotent). `statics` are the client-independent globals. */
export function installGlobals(statics: Record<string, unknown>): void {
  const g = globalThis as Record<string, unknown>;
  for (const [name, value] of Object.entries(statics)) {
    Object.defineProperty(g, name, { value, configurable: true, writable: true, enumerable: false });
  }
  if (installed) return;
  installed = true;
  for (const name of PER_CLIENT_GLOBALS) {
    Object.defineProperty(g, name, {
      configurable: true,
      enumerable: false,
      get: () => currentClient(`The global "${name}"`).globals[name],
    });
  }
  // The convention with src/main.ts: its top-level registerModule() call is skipped under the harness.
  Object.defineProperty(g, "__d20Harness", { value: true, configurable: true, enumerable: false });
}
