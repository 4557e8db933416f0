import { DC_TERM, itemSpellDC, spellLevelFor, spellSaveDC, type DcTerm } from "../rules/dc";
import { parseSaveLine, type SaveOption } from "../rules/saveLine";
import type { CasterBook, SpellDamage, SpellData, SystemId } from "../systems/adapter";
import type { SaveSession, SessionDC, SessionMessages, TargetState } from "./session";

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

/** Machine labels of the DC terms the workflow adds beside R9's own ({@link DC_TERM}); the UI localises them. */
export const SESSION_DC_TERM = { item: "item", heightened: "heightened" } as const;

/** A spell level or DC as the systems record them: a whole number ≥ 0, else unusable. */
function whole(n: number | undefined): number | undefined {
  return n !== undefined && Number.isInteger(n) && n >= 0 ? n : undefined;
}

/** R9: the spell level for the casting class (cure light wounds: cleric 1, bard 2). */
function classSpellLevel(input: SessionInput): number {
  const byClass = input.book ? spellLevelFor(input.spell.levelsByClass, input.book.className) : undefined;
  return byClass ?? whole(input.castSpellLevel) ?? input.spell.level ?? 0;
}

/**
 * R9 Heighten: the levels the cast added over the class's level. The level the system recorded at cast
 * time (pf1 `metadata.spell.sl`, D35E `rollData.sl`) is the effective one, heightening included; when it
 * is higher than the class table's, the difference is its own DC term.
 */
function heightenedBy(input: SessionInput): number {
  const cast = whole(input.castSpellLevel);
  if (!input.book || cast === undefined) return 0;
  const byClass = spellLevelFor(input.spell.levelsByClass, input.book.className);
  return byClass === undefined ? 0 : Math.max(0, cast - byClass);
}

/** R9: the DC with named terms, from the caster's book; a spell without a book uses the item DC. */
export function sessionDC(input: SessionInput): { value: number; terms: DcTerm[] } {
  const level = classSpellLevel(input);
  if (!input.book) {
    // R9: an item uses its own recorded DC (the one the system printed) when it has one.
    const printed = whole(input.printedDC);
    const value = printed !== undefined && printed > 0 ? printed : itemSpellDC(level);
    return { value, terms: [{ label: SESSION_DC_TERM.item, value }] };
  }
  const { book } = input;
  // pf1 takes ability damage and penalties off the modifier: the system's own modifier wins when it has one.
  const modifier = book.abilityModifier !== undefined && Number.isInteger(book.abilityModifier) ? book.abilityModifier : undefined;
  const { terms } = spellSaveDC({ spellLevel: level, abilityScore: modifier === undefined ? book.abilityScore : 10, bonuses: book.dcBonuses });
  const heightened = heightenedBy(input);
  const named = terms.flatMap((t): DcTerm[] => {
    // The ability term names the ability ("ability.int": "3 (Int)"), as RULES.md R9 shows the DC to the GM.
    if (t.label === DC_TERM.ability) {
      return [{ label: book.ability ? `${DC_TERM.ability}.${book.ability}` : t.label, value: modifier ?? t.value }];
    }
    // R9: Heighten raises the DC as a separate term, next to the class's spell level.
    if (t.label === DC_TERM.spellLevel && heightened > 0) return [t, { label: SESSION_DC_TERM.heightened, value: heightened }];
    return [t];
  });
  return { value: named.reduce((sum, t) => sum + t.value, 0), terms: named };
}

/** Damage as `damageAfterSave` takes it: whole hit points ≥ 0 (rounded down, at least 0); none when not a number. */
function wholeDamage(n: number): number | undefined {
  return Number.isFinite(n) ? Math.max(0, Math.floor(n)) : undefined;
}

/**
 * The cast's damage for the session: totals made whole (R4 halves whole numbers; a NaN total is no damage),
 * and healing when either the roll or the spell says so (a "heal" action whose message did not).
 */
function sessionDamage(input: SessionInput): SpellDamage | undefined {
  const damage = input.damage;
  if (!damage) return undefined;
  const total = wholeDamage(damage.total);
  if (total === undefined) return undefined;
  const parts = damage.parts?.flatMap((p) => {
    const partTotal = wholeDamage(p.total);
    return partTotal === undefined ? [] : [{ ...p, total: partTotal }];
  });
  return { ...damage, total, healing: damage.healing || input.spell.healing === true, ...(parts ? { parts } : {}) };
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
  const dc: SessionDC = {
    ...sessionDC(input),
    ...(input.printedDC === undefined ? {} : { printed: input.printedDC }),
    ...(input.book?.unreadDCFormula === undefined ? {} : { formula: input.book.unreadDCFormula }),
  };
  const damage = sessionDamage(input);
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
      // The effective level: the class's, plus any heightening (R9).
      level: classSpellLevel(input) + heightenedBy(input),
      casterLevel: input.book?.casterLevel ?? input.castCasterLevel ?? 0,
    },
    save: option.save,
    dc,
    ...(damage ? { damage } : {}),
    targets,
    open: true,
    choosing: structured.filter((o) => o.save !== null).length > 1,
    messages: input.messages,
  };
}
