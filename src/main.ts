import { createApi } from "./api";
import { MODULE_ID } from "./constants";
import { registerSettings } from "./foundry/settings";

/** Wiring only: every client registers the module's settings and API on `init`. */
export function registerModule(): void {
  Hooks.once("init", () => {
    registerSettings();
    const mod = game.modules.get(MODULE_ID);
    if (mod) mod.api = createApi();
  });
}

// The test harness boots the module per simulated client itself (test/harness/README.md).
if (!("__d20Harness" in globalThis)) registerModule();
