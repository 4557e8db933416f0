import { DC_TERM, type DcTerm } from "../rules/dc";
import type { SaveEffect, SaveKind, SaveOption } from "../rules/saveLine";
import type { SaveSession, TargetState } from "../workflow/session";
import { amountDue } from "../workflow/transitions";
import { fullTargetView, type OwnerCard, type PublicCard, type TargetView } from "../workflow/views";

/** What the templates receive: data plus the lang keys of every word (templates localise them). */

const BUILT_IN_TERMS: ReadonlySet<string> = new Set([...Object.values(DC_TERM), "item"]);

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
  return { ...view, statusKey: statusKey(view), status: view.outcome ?? (view.done ? "done" : "waiting") };
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

/** A DC term as "3 (level)" or "3 (Int)": built-in labels are lang keys, system bonuses keep their own names. */
function termContext(term: DcTerm) {
  if (term.label.startsWith("ability.")) return { value: term.value, labelKey: `D20SS.Ability.${term.label.slice("ability.".length)}` };
  return BUILT_IN_TERMS.has(term.label) ? { value: term.value, labelKey: `D20SS.DcTerm.${term.label}` } : { value: term.value, label: term.label };
}

export function publicCardContext(card: PublicCard) {
  return {
    kind: "public",
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
    options: session.spell.options.length > 1 ? session.spell.options.map((o, i) => optionContext(o, i, session.spell.option)) : [],
    canChooseOption: session.open && waiting.length === session.targets.length,
    damage: session.damage
      ? { ...session.damage, typeLabel: session.damage.types.join(", "), labelKey: session.damage.healing ? "D20SS.Card.Healing" : "D20SS.Card.DamageRolled" }
      : undefined,
    open: session.open,
    targets: session.targets.map((t) => gmRowContext(session, t)),
    waitingCount: waiting.length,
    canRollWaiting: session.open && waiting.length > 0,
    canApplyAll: session.open && dueCount > 0,
  };
}
