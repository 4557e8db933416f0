import { createApi } from "./api";
import { MODULE_ID } from "./constants";
import { registerSettings } from "./foundry/settings";
import { preloadTemplates } from "./foundry/templates";
import { registerChatHooks, registerQueries } from "./foundry/wiring";

/** Wiring only: settings, queries, hooks and the public API, on every client. */
export function registerModule(): void {
  Hooks.once("init", () => {
    registerSettings();
    registerQueries();
    registerChatHooks();
    const mod = game.modules.get(MODULE_ID);
    if (mod) mod.api = createApi();
    void preloadTemplates();
  });
}

// The test harness boots the module per simulated client itself (test/harness/README.md).
if (!("__d20Harness" in globalThis)) registerModule();
