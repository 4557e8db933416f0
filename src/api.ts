import { requestSavesFor } from "./foundry/macroRequest";
import * as rules from "./rules/index";
import type { SaveSession } from "./workflow/session";

type Uuid = string;
interface HasUuid {
  uuid: string;
}
interface HasId {
  id: string | null;
}

/** What a macro names: a document, or its uuid. */
export interface RequestSavesInput {
  /** The caster: an Actor or Token (document or uuid). */
  caster: Uuid | HasUuid;
  /** The caster's spell item (document, uuid, or its id on the caster). */
  spell: Uuid | HasId;
  /** Target tokens (documents or uuids). */
  targets: (Uuid | HasUuid)[];
}

/** The module's public API: `game.modules.get("d20-spell-saves").api`. */
export interface ModuleApi {
  /** The pure rules (R1–R18); usable without Foundry. */
  rules: typeof rules;
  /**
   * Starts a save workflow for a spell, as a cast in chat would. On the GM's client it returns the new
   * session; on a player's client the request goes to the GM (who checks the player owns the caster).
   */
  requestSaves(input: RequestSavesInput): Promise<SaveSession | undefined>;
}

function uuidOf(value: Uuid | HasUuid): string {
  return typeof value === "string" ? value : value.uuid;
}

/** An item uuid "Actor.a.Item.i" or a bare id: the part after the last ".Item.". */
function itemIdOf(value: Uuid | HasId): string {
  if (typeof value !== "string") return value.id ?? "";
  return value.split(".Item.").pop() ?? value;
}

export function createApi(): ModuleApi {
  return {
    rules,
    requestSaves: (input) =>
      requestSavesFor({ casterUuid: uuidOf(input.caster), spellId: itemIdOf(input.spell), targetUuids: input.targets.map(uuidOf) }),
  };
}
