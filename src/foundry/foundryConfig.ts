import type { ModuleApi } from "../api";
import type { DamageMode, NpcSaves, OnTimeout } from "./settings";
import type { DcVisibility } from "../workflow/views";
import type { SaveSession, TargetState } from "../workflow/session";
import type { HpChange } from "./hitPointWrites";
import type { ModuleFlags } from "./flags";
import type { Notice } from "./notices";
import type { PromptRequest } from "./prompt";
import type { RefusalReason } from "../workflow/transitions";

declare module "fvtt-types/configuration" {
  interface AssumeHookRan {
    ready: never;
  }
  interface ModuleConfig {
    "d20-spell-saves": { api: ModuleApi };
  }
  interface FlagConfig {
    ChatMessage: { "d20-spell-saves": ModuleFlags };
  }
  interface SettingConfig {
    "d20-spell-saves.npcSaves": NpcSaves;
    "d20-spell-saves.dcVisibility": DcVisibility;
    "d20-spell-saves.damageMode": DamageMode;
    "d20-spell-saves.playerTimeout": number;
    "d20-spell-saves.onTimeout": OnTimeout;
    "d20-spell-saves.systemSaveButtons": boolean;
  }
  namespace Hooks {
    interface HookConfig {
      /** Before the prompts go out; return false to cancel the whole request. */
      "d20-spell-saves.preRequestSaves": (session: SaveSession) => boolean | void;
      /** A target's save was recorded (rolled or waived). */
      "d20-spell-saves.saveRolled": (session: SaveSession, target: TargetState) => void;
      /** Before hit points are written; return false to cancel. */
      "d20-spell-saves.preApplyDamage": (session: SaveSession, changes: HpChange[]) => boolean | void;
      /** After hit points were written. */
      "d20-spell-saves.damageApplied": (session: SaveSession, changes: HpChange[]) => void;
    }
  }
}

declare global {
  namespace CONFIG {
    interface Queries {
      "d20-spell-saves.notice": (notice: Notice) => boolean;
      "d20-spell-saves.promptSave": (request: PromptRequest) => Promise<number>;
      "d20-spell-saves.repeatPrompt": (data: { sessionId: string; targetId: string }) => Promise<RefusalReason | "prompted">;
    }
  }
}
export {};
