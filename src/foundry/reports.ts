import { MODULE_ID } from "../constants";
import { allSaved, findTarget, type SaveSession } from "../workflow/session";
import { markGone, recordSave, WorkflowRefusal, type RefusalReason } from "../workflow/transitions";
import { applyDamage } from "./damage";
import { creatureFromUuid } from "./documents";
import { flagsOf, moduleFlags, type ReportFlag } from "./flags";
import { tellUser } from "./notices";
import { changeSession } from "./sessionQueue";
import { setting } from "./settings";
import { gmIds, isActingGM, mayActFor } from "./users";

/**
 * A save reaches the acting GM through a channel whose sender Foundry attests: a chat message the
 * reporting client creates, whispered to the GMs (the mailbox). A query could carry the same words but
 * its handler is not told who sent it (DESIGN.md), so it never carries a result.
 */
export async function sendReport(flag: ReportFlag): Promise<void> {
  if (isActingGM()) {
    await receiveReports([flag], game.user);
    return;
  }
  await ChatMessage.implementation.create({ content: "", whisper: gmIds(), flags: flagsOf({ report: flag }) });
}

/** createChatMessage, on every client: the acting GM takes the mailbox message, records it, and removes it. */
export async function onMailboxMessage(message: ChatMessage.Implementation, userId: string): Promise<void> {
  const report = moduleFlags(message).report;
  if (!report || !isActingGM()) return;
  const author = game.users.get(userId);
  try {
    if (author) await receiveReports([report], author);
  } catch (error) {
    // The save could not be recorded: its roller learns it, so that the save can be made again.
    await tellUser(userId, { level: "error", key: "Notice.Failed" });
    throw error;
  } finally {
    await message.delete();
  }
}

/** Records saves of one session, checking for each that the reporting user may act for that creature. */
export async function receiveReports(reports: readonly ReportFlag[], user: User.Implementation): Promise<void> {
  const sessionId = reports[0]?.sessionId;
  if (!sessionId) return;
  const refusals: RefusalReason[] = [];
  const recordedIds: string[] = [];
  const recorded = await changeSession(sessionId, async (session) => {
    let next = session;
    for (const report of reports.filter((r) => r.sessionId === sessionId)) {
      try {
        next = await recordOne(next, report, user);
        recordedIds.push(report.targetId);
      } catch (error) {
        if (!(error instanceof WorkflowRefusal)) throw error;
        refusals.push(error.reason);
        // A creature deleted since the cast stops holding the session up.
        if (error.reason === "gone") next = markGone(next, [report.targetId]);
      }
    }
    if (next === session) return { result: undefined };
    next = await applyIfAllSaved(session, next);
    return { session: next, result: next };
  });
  if (recorded === undefined && refusals.length === 0) refusals.push("closed");
  for (const reason of new Set(refusals)) await tellUser(user.id ?? undefined, { level: "warn", key: `Refusal.${reason}` });
  if (recorded) announceSaves(recorded, recordedIds);
}

/**
 * Automatic damage mode: on the change that leaves no target waiting, damage goes to the sheets in one
 * batch — once: a later change (a GM's Undo, a stray report) never applies it again.
 */
export async function applyIfAllSaved(before: SaveSession, after: SaveSession): Promise<SaveSession> {
  if (setting("damageMode") !== "automatic" || allSaved(before) || !allSaved(after)) return after;
  return applyDamage(after, after.targets.map((t) => t.id));
}

async function recordOne(session: SaveSession, report: ReportFlag, user: User.Implementation): Promise<SaveSession> {
  const target = findTarget(session, report.targetId);
  if (!target) throw new WorkflowRefusal("unknownTarget");
  const creature = await creatureFromUuid(target.actorUuid);
  if (!creature) {
    // A deleted creature's owners are the ones the session recorded: nobody else may report it gone.
    if (!user.isGM && !target.ownerIds.includes(user.id ?? "")) throw new WorkflowRefusal("notOwner");
    throw new WorkflowRefusal("gone");
  }
  if (!mayActFor(user, creature.actor)) throw new WorkflowRefusal("notOwner");
  return recordSave(session, report.targetId, report.report);
}

function announceSaves(session: SaveSession, targetIds: readonly string[]): void {
  for (const id of targetIds) {
    const target = findTarget(session, id);
    if (target) Hooks.callAll(`${MODULE_ID}.saveRolled`, session, target);
  }
}
