import { DC_TERM, itemSpellDC, spellLevelFor, spellSaveDC, type DcTerm } from "../rules/dc";
import { parseSaveLine, type SaveOption } from "../rules/saveLine";
import type { CasterBook, SpellDamage, SpellData, SystemId } from "../systems/adapter";
import type { SaveSession, SessionMessages, TargetState } from "./session";

/** A creature to ask, as the Foundry side found it: a target before anything happened to it. */
export type TargetInput = Omit<TargetState, "status" | "save" | "damage" | "gmFallback">;

export interface SessionInput {
  id: string;
  messages: SessionMessages;
  system: SystemId;
  castMessageId?: string;
  caster: { name: string; actorUuid?: string; userId?: string };
  spell: SpellData & { img?: string; itemUuid?: string };
  /** The caster's spellbook; absent for a spell cast from an item (R9 item DC). */
  book?: CasterBook;
  /** Spell level and caster level the system recorded at cast time, where it did. */
  castSpellLevel?: number;
  castCasterLevel?: number;
  printedDC?: number;
  damage?: SpellDamage;
  targets: TargetInput[];
}

/** Why a cast starts no save workflow. */
export type NoSession = "noSave" | "noTargets" | "unreadable";

/** The first alternative that asks for a save: it is what the card starts with; the GM may switch (R1–R8). */
function firstSavingOption(options: readonly SaveOption[]): (SaveOption & { save: NonNullable<SaveOption["save"]> }) | undefined {
  return options.find((o): o is SaveOption & { save: NonNullable<SaveOption["save"]> } => o.save !== null && o.effect !== "none");
}

/** R9: the spell level for the casting class (cure light wounds: cleric 1, bard 2). */
function spellLevelOf(input: SessionInput): number {
  const byClass = input.book ? spellLevelFor(input.spell.levelsByClass, input.book.className) : undefined;
  return byClass ?? input.castSpellLevel ?? input.spell.level ?? 0;
}

/** R9: the DC with named terms, from the caster's book; a spell without a book uses the item DC. */
export function sessionDC(input: SessionInput): { value: number; terms: DcTerm[] } {
  const level = spellLevelOf(input);
  if (!input.book) {
    const value = itemSpellDC(level);
    return { value, terms: [{ label: "item", value }] };
  }
  const { book } = input;
  const { dc, terms } = spellSaveDC({ spellLevel: level, abilityScore: book.abilityScore, bonuses: book.dcBonuses });
  // The ability term names the ability ("ability.int": "3 (Int)"), as RULES.md R9 shows the DC to the GM.
  const named = book.ability ? terms.map((t) => (t.label === DC_TERM.ability ? { ...t, label: `${DC_TERM.ability}.${book.ability}` } : t)) : terms;
  return { value: dc, terms: named };
}

/**
 * A new session for a cast, or the reason there is none: no save (R5 "None", or no line), no targets, or
 * a line with no save the module can prompt for.
 */
export function createSession(input: SessionInput): SaveSession | NoSession {
  const parsed = parseSaveLine(input.spell.saveText);
  const structured: SaveOption[] =
    parsed.options.length === 0 && input.spell.saveKind
      ? [{ save: input.spell.saveKind, effect: "special", harmless: input.spell.harmless, object: false }]
      : parsed.options;
  if (structured.length === 0) return parsed.seeText ? "unreadable" : "noSave";
  const option = firstSavingOption(structured);
  if (!option) return "noSave";
  if (input.targets.length === 0) return "noTargets";
  const dc = sessionDC(input);
  const targets: TargetState[] = input.targets.map((t) => ({ ...t, status: "waiting" }));
  // R8: the spell data's harmless flag holds for every alternative, so that chooseOption keeps it.
  const withHarmless = (o: SaveOption): SaveOption => ({ ...o, harmless: o.harmless || input.spell.harmless });
  return {
    id: input.id,
    system: input.system,
    ...(input.castMessageId ? { castMessageId: input.castMessageId } : {}),
    caster: input.caster,
    spell: {
      name: input.spell.name,
      ...(input.spell.img ? { img: input.spell.img } : {}),
      ...(input.spell.itemUuid ? { itemUuid: input.spell.itemUuid } : {}),
      saveText: input.spell.saveText,
      option: withHarmless(option),
      options: structured.filter((o) => o.save !== null).map(withHarmless),
      aim: input.spell.aim,
      level: spellLevelOf(input),
      casterLevel: input.book?.casterLevel ?? input.castCasterLevel ?? 0,
    },
    save: option.save,
    dc: { ...dc, ...(input.printedDC === undefined ? {} : { printed: input.printedDC }) },
    ...(input.damage ? { damage: input.damage } : {}),
    targets,
    open: true,
    messages: input.messages,
  };
}
