import { MODULE_ID } from "../constants";
import type { DcVisibility } from "../workflow/views";

/** Who rolls the saves of targets that no connected player owns. */
export type NpcSaves = "gmClick" | "automatic";
/** When damage reaches the sheets. */
export type DamageMode = "automatic" | "approval";
/** What happens to a target whose player did not answer in time. */
export type OnTimeout = "gm" | "automatic" | "wait";

export interface ModuleSettings {
  npcSaves: NpcSaves;
  dcVisibility: DcVisibility;
  damageMode: DamageMode;
  playerTimeout: number;
  onTimeout: OnTimeout;
  systemSaveButtons: boolean;
}

type Choices<T extends string> = Record<T, string>;

function choices<T extends string>(group: string, values: readonly T[]): Choices<T> {
  return Object.fromEntries(values.map((v) => [v, `D20SS.Settings.${group}.${v}`])) as Choices<T>;
}

/** The settings, each with a name and hint in lang/*.json under D20SS.Settings.<key>. */
export function registerSettings(): void {
  const labels = (key: string) => ({ name: `D20SS.Settings.${key}.Name`, hint: `D20SS.Settings.${key}.Hint`, config: true });
  const world = (key: string) => ({ ...labels(key), scope: "world" as const });
  game.settings.register(MODULE_ID, "npcSaves", {
    ...world("npcSaves"),
    type: String,
    choices: choices("npcSaves", ["gmClick", "automatic"] as const),
    default: "gmClick",
  });
  game.settings.register(MODULE_ID, "dcVisibility", {
    ...world("dcVisibility"),
    type: String,
    choices: choices("dcVisibility", ["everyone", "owners", "gm"] as const),
    default: "owners",
  });
  game.settings.register(MODULE_ID, "damageMode", {
    ...world("damageMode"),
    type: String,
    choices: choices("damageMode", ["automatic", "approval"] as const),
    default: "approval",
  });
  game.settings.register(MODULE_ID, "playerTimeout", {
    ...world("playerTimeout"),
    type: Number,
    range: { min: 10, max: 600, step: 10 },
    default: 120,
  });
  game.settings.register(MODULE_ID, "onTimeout", {
    ...world("onTimeout"),
    type: String,
    choices: choices("onTimeout", ["gm", "automatic", "wait"] as const),
    default: "gm",
  });
  // Each user's own view of the chat: only how cards are drawn on this client.
  game.settings.register(MODULE_ID, "systemSaveButtons", {
    ...labels("systemSaveButtons"),
    scope: "client",
    type: Boolean,
    default: false,
  });
}

export function setting<K extends keyof ModuleSettings>(key: K): ModuleSettings[K] {
  return game.settings.get(MODULE_ID, key) as ModuleSettings[K];
}
