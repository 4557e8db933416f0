import { MODULE_ID } from "../constants";
import type { SaveReport } from "../workflow/transitions";
import type { SaveSession } from "../workflow/session";
import type { OwnerCard, PublicCard } from "../workflow/views";

/** A player's report, posted as a chat message whispered to the GMs (the "mailbox"): its author is attested. */
export interface ReportFlag {
  sessionId: string;
  targetId: string;
  report: SaveReport;
}

/** A macro's request for saves (api.requestSaves), posted by a player's client to the GMs. */
export interface RequestFlag {
  casterUuid: string;
  spellId: string;
  targetUuids: string[];
}

/** What the module keeps in a chat message's flags: one of these per message. */
export interface ModuleFlags {
  /** The GM card: the whole session (whispered to GMs only). */
  session?: SaveSession;
  /** The public card: only what every player may know (R13). */
  card?: PublicCard;
  /** An owner card: one player's own targets. */
  owner?: OwnerCard;
  report?: ReportFlag;
  request?: RequestFlag;
  /** Set by the caster's client on its own cast message: the targets it had when it cast. */
  castTargets?: string[];
}

interface FlagSource {
  flags: unknown;
}

/** Reads the module's flags of a message (or of its source data), never throwing on foreign shapes. */
export function moduleFlags(message: FlagSource): ModuleFlags {
  const flags = message.flags as Record<string, unknown> | undefined;
  const mine = flags?.[MODULE_ID];
  return typeof mine === "object" && mine !== null ? mine : {};
}

export function flagsOf(data: ModuleFlags): Record<string, ModuleFlags> {
  return { [MODULE_ID]: data };
}
