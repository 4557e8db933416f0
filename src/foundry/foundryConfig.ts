import type { ModuleApi } from "../api";
import type { DamageMode, NpcSaves, OnTimeout } from "./settings";
import type { DcVisibility } from "../workflow/views";

declare module "fvtt-types/configuration" {
  interface AssumeHookRan {
    ready: never;
  }
  interface ModuleConfig {
    "d20-spell-saves": { api: ModuleApi };
  }
  interface SettingConfig {
    "d20-spell-saves.npcSaves": NpcSaves;
    "d20-spell-saves.dcVisibility": DcVisibility;
    "d20-spell-saves.damageMode": DamageMode;
    "d20-spell-saves.playerTimeout": number;
    "d20-spell-saves.onTimeout": OnTimeout;
    "d20-spell-saves.systemSaveButtons": boolean;
  }
}
