import * as rules from "./rules/index";

/** The module's public API: `game.modules.get("d20-spell-saves").api`. */
export interface ModuleApi {
  rules: typeof rules;
}

export function createApi(): ModuleApi {
  return { rules };
}
