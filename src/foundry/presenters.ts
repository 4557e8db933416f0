import { DC_TERM, type DcTerm } from "../rules/dc";
import { SYSTEM_DC_TERM } from "../systems/adapter";
import { SESSION_DC_TERM } from "../workflow/createSession";
import type { SaveEffect, SaveKind, SaveOption } from "../rules/saveLine";
import type { SaveSession, TargetState } from "../workflow/session";
import { amountDue } from "../workflow/transitions";
import { fullTargetView, type OwnerCard, type PublicCard, type TargetView } from "../workflow/views";
import { gmRolled } from "./gmActions";

/** What the templates receive: data plus the lang keys of every word (templates localise them). */

const BUILT_IN_TERMS: ReadonlySet<string> = new Set<string>([
  ...Object.values(DC_TERM),
  ...Object.values(SESSION_DC_TERM),
  SYSTEM_DC_TERM.dcFormula,
  SYSTEM_DC_TERM.spellDC,
]);

/** Abilities with a lang key (`D20SS.Ability.*`); a homebrew ability shows its own id. */
const ABILITIES: ReadonlySet<string> = new Set(["str", "dex", "con", "int", "wis", "cha"]);

/** Spell schools with a lang key (`D20SS.School.*`, pf1 and D35E ids); another school shows its own id. */
const SCHOOLS: ReadonlySet<string> = new Set(["abj", "con", "div", "enc", "evo", "ill", "nec", "trs", "uni", "misc"]);

/** Damage type ids of both systems (pf1 ids, D35E uids without their prefix) → their `D20SS.DamageType.*` key. */
const DAMAGE_TYPES: ReadonlyMap<string, string> = new Map([
  ["acid", "acid"],
  ["cold", "cold"],
  ["electric", "electricity"],
  ["electricity", "electricity"],
  ["elec", "electricity"],
  ["fire", "fire"],
  ["sonic", "sonic"],
  ["force", "force"],
  ["positive", "positive"],
  ["negative", "negative"],
  ["untyped", "untyped"],
  ["bludgeoning", "bludgeoning"],
  ["bludg", "bludgeoning"],
  ["piercing", "piercing"],
  ["slashing", "slashing"],
  ["nonlethal", "nonlethal"],
  ["healing", "healing"],
]);

/** A damage type as a lang key, or its raw id when the module has no word for it ("fire/divine"). */
function damageTypeContext(type: string): { labelKey: string } | { label: string } {
  const key = DAMAGE_TYPES.get(type.toLowerCase());
  return key ? { labelKey: `D20SS.DamageType.${key}` } : { label: type };
}

function saveKey(save: SaveKind): string {
  return `D20SS.Save.${save}`;
}

function effectKey(effect: SaveEffect): string {
  return `D20SS.Effect.${effect}`;
}

function statusKey(view: TargetView): string {
  return `D20SS.Status.${view.outcome ?? (view.done ? "done" : "waiting")}`;
}

function rowContext(view: TargetView) {
  // Healing is recorded as negative hit points taken: the card shows "+4 hp".
  const healed = view.applied !== undefined && view.applied < 0 ? -view.applied : undefined;
  return { ...view, statusKey: statusKey(view), status: view.outcome ?? (view.done ? "done" : "waiting"), healed };
}

function optionContext(option: SaveOption, index: number, chosen: SaveOption) {
  return {
    index,
    saveKey: option.save ? saveKey(option.save) : undefined,
    effectKey: effectKey(option.effect),
    harmless: option.harmless,
    selected: option === chosen || JSON.stringify(option) === JSON.stringify(chosen),
  };
}

/**
 * A DC term as "3 (level)", "3 (Int)" or "1 (school DC bonus (Evocation))": machine labels become lang keys
 * (a school bonus also names its school, `schoolKey` or the raw `school` id), while bonuses named after the
 * user's own data (a feat: "Spell Focus") keep their names.
 */
function termContext(term: DcTerm): { value: number; labelKey?: string; label?: string; schoolKey?: string; school?: string } {
  const { value, label } = term;
  const ability = label.startsWith(`${DC_TERM.ability}.`) ? label.slice(DC_TERM.ability.length + 1) : undefined;
  if (ability !== undefined) return ABILITIES.has(ability) ? { value, labelKey: `D20SS.Ability.${ability}` } : { value, label: ability };
  const school = label.startsWith(`${SYSTEM_DC_TERM.schoolDC}.`) ? label.slice(SYSTEM_DC_TERM.schoolDC.length + 1) : undefined;
  if (school !== undefined) {
    const labelKey = `D20SS.DcTerm.${SYSTEM_DC_TERM.schoolDC}`;
    return SCHOOLS.has(school) ? { value, labelKey, schoolKey: `D20SS.School.${school}` } : { value, labelKey, school };
  }
  return BUILT_IN_TERMS.has(label) ? { value, labelKey: `D20SS.DcTerm.${label}` } : { value, label };
}

export function publicCardContext(card: PublicCard) {
  return {
    kind: "public",
    choosing: card.choosing,
    sessionId: card.sessionId,
    spell: card.spell,
    saveKey: saveKey(card.save),
    effectKey: effectKey(card.effect),
    harmless: card.harmless,
    dc: card.dc,
    open: card.open,
    targets: card.targets.map(rowContext),
  };
}

export function ownerCardContext(card: OwnerCard) {
  return {
    kind: "owner",
    choosing: card.choosing,
    owner: true,
    sessionId: card.sessionId,
    spell: card.spell,
    saveKey: saveKey(card.save),
    effectKey: effectKey(card.effect),
    dc: card.dc,
    open: true,
    targets: card.targets.map(rowContext),
  };
}

function gmRowContext(session: SaveSession, target: TargetState) {
  const damage = target.damage;
  const applied = damage?.taken && !damage.undone;
  return {
    ...rowContext(fullTargetView(target)),
    saveBonus: target.saveBonuses[session.save],
    player: target.ownerIds.length > 0 && !target.gmFallback,
    proposed: damage?.proposed ?? undefined,
    override: damage?.override,
    due: amountDue(target),
    hasDue: amountDue(target) !== undefined,
    natural1: target.save?.kind === "rolled" && target.save.natural1,
    natural20: target.save?.kind === "rolled" && target.save.natural20,
    gmDecides: target.status !== "waiting" && damage !== undefined && damage.proposed === null && damage.override === undefined,
    canApply: session.open && amountDue(target) !== undefined,
    canUndo: Boolean(applied),
    canEdit: session.open && damage !== undefined && target.status !== "waiting" && !applied,
    canRoll: session.open && target.status === "waiting",
  };
}

export function gmCardContext(session: SaveSession) {
  const waiting = session.targets.filter((t) => t.status === "waiting");
  const dueCount = session.targets.filter((t) => amountDue(t) !== undefined).length;
  return {
    kind: "gm",
    sessionId: session.id,
    spell: { name: session.spell.name, img: session.spell.img },
    caster: session.caster.name,
    saveKey: saveKey(session.save),
    effectKey: effectKey(session.spell.option.effect),
    harmless: session.spell.option.harmless,
    saveText: session.spell.saveText,
    dc: session.dc.value,
    terms: session.dc.terms.map(termContext),
    printedDC: session.dc.printed !== undefined && session.dc.printed !== session.dc.value ? session.dc.printed : undefined,
    dcFormula: session.dc.formula,
    options: session.spell.options.length > 1 ? session.spell.options.map((o, i) => optionContext(o, i, session.spell.option)) : [],
    canChooseOption: session.open && waiting.length === session.targets.length,
    choosing: session.open && session.choosing,
    damage: session.damage
      ? {
          ...session.damage,
          typeLabels: [...new Map(session.damage.types.map((type) => [DAMAGE_TYPES.get(type.toLowerCase()) ?? type, damageTypeContext(type)])).values()],
          labelKey: session.damage.healing ? "D20SS.Card.Healing" : "D20SS.Card.DamageRolled",
        }
      : undefined,
    open: session.open,
    targets: session.targets.map((t) => gmRowContext(session, t)),
    // "Roll NPC saves (n)" counts what its click rolls: the targets no connected player answers for.
    waitingCount: gmRolled(session).length,
    canRollWaiting: session.open && gmRolled(session).length > 0,
    canApplyAll: session.open && dueCount > 0,
  };
}
