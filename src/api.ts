import { requestSavesFor } from "./foundry/macroRequest";
import * as rules from "./rules/index";
import type { SaveSession } from "./workflow/session";

type Uuid = string;
interface HasUuid {
  uuid: string;
}
/** A canvas placeable (a Token in `game.user.targets`, `canvas.tokens.controlled`): its document has the uuid. */
interface HasDocument {
  document: HasUuid;
}
type Named = Uuid | HasUuid | HasDocument;
interface HasId {
  id: string | null;
}

/** What a macro names: a document, or its uuid. */
export interface RequestSavesInput {
  /** The caster: an Actor or Token (document, placeable or uuid). */
  caster: Named;
  /** The caster's spell item (document, uuid, or its id on the caster). */
  spell: Uuid | HasId;
  /** Target tokens (documents, placeables such as `[...game.user.targets]`, or uuids). */
  targets: Named[];
}

/** The module's public API: `game.modules.get("d20-spell-saves").api`. */
export interface ModuleApi {
  /** The pure rules (R1–R18); usable without Foundry. */
  rules: typeof rules;
  /**
   * Starts a save workflow for a spell, as a cast in chat would. On the active GM's client (the one
   * `game.users.activeGM` names, which runs every session) it returns the new session; on any other
   * client, a player's or another GM's, the request goes to the active GM (who checks the requester owns
   * the caster) and it returns undefined.
   */
  requestSaves(input: RequestSavesInput): Promise<SaveSession | undefined>;
}

function uuidOf(value: Named): string {
  if (typeof value === "string") return value;
  // A placeable first: its document is what Foundry finds by uuid.
  if ("document" in value && typeof (value.document as Partial<HasUuid> | undefined)?.uuid === "string") return value.document.uuid;
  return (value as HasUuid).uuid;
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
