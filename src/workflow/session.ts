import type { Evasion } from "../rules/damage";
import type { DcTerm } from "../rules/dc";
import type { SaveKind, SaveOption } from "../rules/saveLine";
import type { SpellDamage, SystemId } from "../systems/adapter";

/** A target's save, as recorded on the card. A waived save (R11) is never a roll. */
export type TargetSave =
  | { kind: "rolled"; natural: number; total: number; success: boolean; natural1: boolean; natural20: boolean }
  | { kind: "waived" };

/** Hit points taken by one application of damage: exactly what Undo gives back. */
export interface HpTaken {
  temp: number;
  value: number;
}

export interface TargetDamage {
  /** What the rules propose after the save; null when the GM must decide (R3 partial, "see text"). */
  proposed: number | null;
  /** Set by the GM on the card; wins over the proposal. */
  override?: number;
  /** What was taken from the sheet, once applied. */
  taken?: HpTaken;
  undone?: boolean;
}

/** "gone": the creature was deleted before it saved; it no longer holds the session up. */
export type TargetStatus = "waiting" | "rolled" | "waived" | "gone";

/** One creature asked to save. `id` is the key used on cards and in reports. */
export interface TargetState {
  id: string;
  name: string;
  img?: string;
  /** The token's uuid when the target is a token; the actor's uuid otherwise. */
  tokenUuid?: string;
  actorUuid: string;
  /** The creature's save bonuses (R1), so the GM may switch alternatives without asking again. */
  saveBonuses: Record<SaveKind, number>;
  /** Evasion or improved evasion, for Reflex half saves. */
  evasion?: Evasion;
  /** Users (other than GMs) who own the actor: they roll for it (R11 waiving included). */
  ownerIds: string[];
  status: TargetStatus;
  save?: TargetSave;
  damage?: TargetDamage;
  /** True once the GM took over a target whose owner did not answer in time. */
  gmFallback?: boolean;
  /** A hidden token: players who do not own it see "an unseen creature", no name, no picture. */
  hidden?: boolean;
}

export interface SessionSpell {
  name: string;
  img?: string;
  itemUuid?: string;
  saveText: string;
  /** The alternative in force (the GM may switch among `options`). */
  option: SaveOption;
  options: SaveOption[];
  /** Area and effect spells hide per-target outcomes from the caster's player (R13). */
  aim: "area" | "targeted";
  level: number;
  casterLevel: number;
}

/** The session's DC: the value, its terms (they add up to it), the DC the system printed, an unread formula. */
export interface SessionDC {
  value: number;
  terms: DcTerm[];
  printed?: number;
  /** The spellbook's DC formula, when it is not R9's usual one: the GM must check the DC (card warning). */
  formula?: string;
}

/** One cast's save workflow: plain data, stored in the GM's card flags, changed only by transitions. */
export interface SaveSession {
  id: string;
  system: SystemId;
  /** The chat message of the cast, when the cast came from chat. */
  castMessageId?: string;
  caster: { name: string; actorUuid?: string; userId?: string };
  spell: SessionSpell;
  save: SaveKind;
  dc: SessionDC;
  damage?: SpellDamage;
  targets: TargetState[];
  /** False once the GM closes the card: no more reports are taken. */
  open: boolean;
  /**
   * True while the GM picks among the save line's alternatives (R1–R8): nobody is asked yet, so that no
   * save is rolled against an alternative the GM then drops.
   */
  choosing: boolean;
  /** The chat messages that show this session: the GM's card (its id is the session's), the public card, owner cards. */
  messages: SessionMessages;
}

export interface SessionMessages {
  gm: string;
  public: string;
  owners: Record<string, string>;
}

export function findTarget(session: SaveSession, targetId: string): TargetState | undefined {
  return session.targets.find((t) => t.id === targetId);
}

/** Every target has rolled or waived. */
export function allSaved(session: SaveSession): boolean {
  return session.targets.every((t) => t.status !== "waiting");
}
