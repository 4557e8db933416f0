import { MODULE_ID } from "../constants";
import { giveBack, heal, takeDamage } from "../workflow/hitPoints";
import type { HpTaken, SaveSession } from "../workflow/session";
import { amountDue, markApplied, markUndone } from "../workflow/transitions";
import { readHitPoints, writeHitPoints, type HpChange } from "./hitPointWrites";
import { showNotice } from "./notices";

/** R2/R4: what the GM approved (or the automatic mode) goes to the sheets, all targets in one batch. */
export async function applyDamage(session: SaveSession, targetIds: readonly string[]): Promise<SaveSession> {
  const due = session.targets.filter((target) => targetIds.includes(target.id) && amountDue(target) !== undefined);
  const { found, gone } = await readHitPoints(due);
  warnGone(session, gone);
  const healing = session.damage?.healing ?? false;
  const changes: HpChange[] = found.map(({ targetId, creature, hp }) => {
    const target = due.find((d) => d.id === targetId);
    const amount = target ? (amountDue(target) ?? 0) : 0;
    const { next, taken } = healing ? heal(hp, amount) : takeDamage(hp, amount);
    return { targetId, actorUuid: creature.actor.uuid, next, taken };
  });
  if (changes.length === 0) return session;
  if (!Hooks.call(`${MODULE_ID}.preApplyDamage`, session, changes)) return session;
  const { written, failed } = await writeHitPoints(changes, new Map(found.map((f) => [f.targetId, f.creature])));
  for (const id of failed) showNotice({ level: "warn", key: "Notice.HpWriteFailed", data: { name: nameOf(session, id) } });
  // Only what reached the sheets is marked applied: Apply stays offered for the others, and never deals twice.
  const done = changes.filter((c) => written.includes(c.targetId));
  if (done.length === 0) return session;
  const applied = markApplied(session, new Map(done.map((c) => [c.targetId, c.taken])));
  Hooks.callAll(`${MODULE_ID}.damageApplied`, applied, done);
  return applied;
}

/** Undo gives back exactly what each application took, even after other damage since (R4 bookkeeping). */
export async function undoDamage(session: SaveSession, targetIds: readonly string[]): Promise<SaveSession> {
  const applied = session.targets.filter((target) => targetIds.includes(target.id) && target.damage?.taken && !target.damage.undone);
  const { found, gone } = await readHitPoints(applied);
  warnGone(session, gone);
  const changes: HpChange[] = found.flatMap(({ targetId, creature, hp }) => {
    const taken: HpTaken | undefined = applied.find((a) => a.id === targetId)?.damage?.taken;
    return taken ? [{ targetId, actorUuid: creature.actor.uuid, next: giveBack(hp, taken), taken }] : [];
  });
  if (changes.length === 0) return session;
  const { written, failed } = await writeHitPoints(changes, new Map(found.map((f) => [f.targetId, f.creature])));
  for (const id of failed) showNotice({ level: "warn", key: "Notice.HpUndoFailed", data: { name: nameOf(session, id) } });
  // A creature whose hit points could not be given back still shows what it took, so Undo stays offered.
  return written.length > 0 ? markUndone(session, written) : session;
}

function nameOf(session: SaveSession, id: string): string {
  return session.targets.find((target) => target.id === id)?.name ?? id;
}

function warnGone(session: SaveSession, gone: readonly string[]): void {
  for (const id of gone) showNotice({ level: "warn", key: "Notice.CreatureGone", data: { name: nameOf(session, id) } });
}
