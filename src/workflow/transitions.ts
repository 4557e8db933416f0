import { damageAfterSave, type Evasion } from "../rules/damage";
import { resolveSave } from "../rules/roll";
import { findTarget, type HpTaken, type SaveSession, type TargetSave, type TargetState } from "./session";

/** Why a report or a GM action was refused; each has a message in both languages (lang: D20SS.Refusal.*). */
export type RefusalReason =
  | "closed"
  | "unknownTarget"
  | "alreadySaved"
  | "notOwner"
  | "notApplied"
  | "alreadyApplied"
  | "invalidReport"
  | "gone"
  | "notAsked";

export class WorkflowRefusal extends Error {
  constructor(readonly reason: RefusalReason) {
    super(`d20-spell-saves: refused (${reason})`);
    this.name = "WorkflowRefusal";
  }
}

/** What a target's owner reports: a roll (R10) or giving the save up (R11). */
export type SaveReport = { kind: "rolled"; natural: number; total: number } | { kind: "waived" };

function withTarget(session: SaveSession, targetId: string, change: (t: TargetState) => TargetState): SaveSession {
  const target = findTarget(session, targetId);
  if (!target) throw new WorkflowRefusal("unknownTarget");
  return { ...session, targets: session.targets.map((t) => (t === target ? change(t) : t)) };
}

/** R10 / R11: turns a report into the recorded save. */
function toSave(session: SaveSession, report: SaveReport): TargetSave {
  // A report comes from a player's chat-message flags: its shape is not guaranteed, so check it here.
  const raw: unknown = report;
  if (typeof raw !== "object" || raw === null || !("kind" in raw) || (raw.kind !== "rolled" && raw.kind !== "waived")) {
    throw new WorkflowRefusal("invalidReport");
  }
  if (report.kind === "waived") return { kind: "waived" };
  if (!Number.isInteger(report.natural) || report.natural < 1 || report.natural > 20 || !Number.isInteger(report.total)) {
    throw new WorkflowRefusal("invalidReport");
  }
  const { success, natural1, natural20 } = resolveSave({ natural: report.natural, total: report.total, dc: session.dc.value });
  return { kind: "rolled", natural: report.natural, total: report.total, success, natural1, natural20 };
}

/**
 * The damage the rules propose for a target once it has saved (R2, R4, R5; evasion), null when the GM
 * decides (R3 partial, "see text", a chained second save).
 */
export function proposeDamage(session: SaveSession, save: TargetSave, evasion?: Evasion): number | null {
  if (!session.damage) return null;
  const option = session.spell.option;
  const success = save.kind === "rolled" && save.success;
  if (option.then && !success) return null;
  return damageAfterSave({
    damage: session.damage.total,
    effect: option.effect,
    success,
    waived: save.kind === "waived",
    ...(option.save ? { save: option.save } : {}),
    ...(evasion ? { evasion } : {}),
  });
}

/** Records one target's save. Only an open card and a waiting target take a report; a second one is refused. */
export function recordSave(session: SaveSession, targetId: string, report: SaveReport): SaveSession {
  if (!session.open) throw new WorkflowRefusal("closed");
  if (session.choosing) throw new WorkflowRefusal("notAsked");
  return withTarget(session, targetId, (target) => {
    if (target.status !== "waiting") throw new WorkflowRefusal("alreadySaved");
    const save = toSave(session, report);
    // An amount the GM set before the save stays: the GM's word wins over the proposal.
    const damage = session.damage ? { damage: { proposed: proposeDamage(session, save, target.evasion), ...pickOverride(target) } } : {};
    return { ...target, status: save.kind, save, ...damage };
  });
}

/** The GM edits the amount a target will take. */
export function overrideDamage(session: SaveSession, targetId: string, amount: number): SaveSession {
  if (!Number.isInteger(amount) || amount < 0) throw new RangeError(`overrideDamage: amount must be a whole number ≥ 0, got ${amount}`);
  return withTarget(session, targetId, (target) => {
    if (target.damage?.taken && !target.damage.undone) throw new WorkflowRefusal("alreadyApplied");
    return { ...target, damage: { proposed: target.damage?.proposed ?? null, override: amount } };
  });
}

/** The amount to apply to a target now: the GM's override, else the proposal; undefined when nothing is due. */
export function amountDue(target: TargetState): number | undefined {
  const damage = target.damage;
  if (target.status === "waiting" || target.status === "gone" || !damage) return undefined;
  if (damage.taken && !damage.undone) return undefined;
  return damage.override ?? damage.proposed ?? undefined;
}

export function markApplied(session: SaveSession, taken: ReadonlyMap<string, HpTaken>): SaveSession {
  return {
    ...session,
    targets: session.targets.map((t) => {
      const hp = taken.get(t.id);
      if (hp && t.damage?.taken && !t.damage.undone) throw new WorkflowRefusal("alreadyApplied");
      return hp ? { ...t, damage: { proposed: t.damage?.proposed ?? null, ...pickOverride(t), taken: hp } } : t;
    }),
  };
}

function pickOverride(t: TargetState): { override?: number } {
  return t.damage?.override === undefined ? {} : { override: t.damage.override };
}

export function markUndone(session: SaveSession, targetIds: readonly string[]): SaveSession {
  return {
    ...session,
    targets: session.targets.map((t) => {
      if (!targetIds.includes(t.id)) return t;
      if (!t.damage?.taken || t.damage.undone) throw new WorkflowRefusal("notApplied");
      return { ...t, damage: { ...t.damage, undone: true } };
    }),
  };
}

/** The GM picks another alternative of the save line (R1–R8); only before anyone has saved against it. */
export function chooseOption(session: SaveSession, index: number): SaveSession {
  const option = session.spell.options[index];
  if (!option?.save) throw new RangeError(`chooseOption: no save option at ${index}`);
  if (session.targets.some((t) => t.status !== "waiting" && t.status !== "gone")) throw new WorkflowRefusal("alreadySaved");
  return { ...session, save: option.save, spell: { ...session.spell, option } };
}

/** The GM settles on the alternative in force: now the targets are asked. */
export function confirmOption(session: SaveSession): SaveSession {
  if (!session.open) throw new WorkflowRefusal("closed");
  return { ...session, choosing: false };
}

/** Creatures deleted before they saved: they stop waiting, take nothing, and the others go on. */
export function markGone(session: SaveSession, targetIds: readonly string[]): SaveSession {
  if (!session.targets.some((t) => targetIds.includes(t.id) && t.status === "waiting")) return session;
  return {
    ...session,
    targets: session.targets.map((t) => (targetIds.includes(t.id) && t.status === "waiting" ? { ...t, status: "gone" } : t)),
  };
}

export function closeSession(session: SaveSession): SaveSession {
  return { ...session, open: false };
}
