import type { SaveSession, TargetState } from "../workflow/session";
import { markGone, type RefusalReason, type SaveReport } from "../workflow/transitions";
import { creatureFromUuid } from "./documents";
import type { ReportFlag } from "./flags";
import { showNotice } from "./notices";
import { PROMPT_QUERY, type PromptRequest } from "./prompt";
import { applyIfAllSaved, receiveReports } from "./reports";
import { rollSave } from "./saveRoll";
import { safely } from "./safely";
import { changeSession } from "./sessionQueue";
import { setting } from "./settings";
import { isOnline } from "./users";

/** The connected player who answers for a target: the first of its owners who is online. */
function answeringPlayer(target: TargetState): string | undefined {
  return target.ownerIds.find(isOnline);
}

/** The prompt one player receives: which creatures, and the DC only where the GM lets owners see it. */
function promptFor(session: SaveSession, targets: readonly TargetState[]): PromptRequest {
  return {
    sessionId: session.id,
    publicCardId: session.messages.public,
    targetIds: targets.map((t) => t.id),
    ...(setting("dcVisibility") === "gm" ? {} : { dc: session.dc.value }),
  };
}

/**
 * Sends each player a prompt for its waiting targets, without waiting for the answers; the GM's own
 * targets are rolled now (automatic setting) or wait for the GM's click. A player who does not answer in
 * time, or is not connected, is handed to the GM (onTimeout setting).
 */
export async function requestSaves(session: SaveSession): Promise<void> {
  const byPlayer = new Map<string, TargetState[]>();
  const npcs: TargetState[] = [];
  const absent: TargetState[] = [];
  for (const target of session.targets.filter((t) => t.status === "waiting")) {
    const player = answeringPlayer(target);
    if (player) byPlayer.set(player, [...(byPlayer.get(player) ?? []), target]);
    else if (target.ownerIds.length > 0) absent.push(target);
    else npcs.push(target);
  }
  // Players answer in their own time: nothing waits for them (a macro's requestSaves, the mailbox), and
  // each prompt hands its targets to the GM itself when it times out.
  for (const [userId, targets] of byPlayer) safely(askPlayer(session, userId, targets));
  if (setting("npcSaves") === "automatic" && npcs.length > 0) await rollForGM(session.id, npcs.map((t) => t.id));
  if (absent.length > 0) await handOverToGM(session.id, absent.map((t) => t.id));
}

async function askPlayer(session: SaveSession, userId: string, targets: TargetState[]): Promise<void> {
  const user = game.users.get(userId);
  try {
    if (!user) throw new Error(`no user ${userId}`);
    await user.query(PROMPT_QUERY, promptFor(session, targets), { timeout: setting("playerTimeout") * 1000 });
  } catch {
    await handOverToGM(session.id, targets.map((t) => t.id));
  }
}

/** A player who did not answer in time (or left): per setting, the GM rolls now, gets the buttons, or keeps waiting. */
async function handOverToGM(sessionId: string, targetIds: readonly string[]): Promise<void> {
  const mode = setting("onTimeout");
  if (mode === "wait") return;
  const waiting = await changeSession(sessionId, (session) => {
    const still = session.targets.filter((t) => targetIds.includes(t.id) && t.status === "waiting").map((t) => t.id);
    const targets = session.targets.map((t) => (still.includes(t.id) ? { ...t, gmFallback: true } : t));
    return { session: still.length > 0 ? { ...session, targets } : undefined, result: still };
  });
  if (mode === "automatic" && waiting && waiting.length > 0) await rollForGM(sessionId, waiting);
}

/**
 * The GM rolls for these targets in one go (its NPCs, or players' creatures it took over), one card update
 * for all. A creature deleted since the cast is named to the GM and marked gone, so that the others go on.
 */
export async function rollForGM(sessionId: string, targetIds: readonly string[]): Promise<void> {
  const reports: ReportFlag[] = [];
  const gone: string[] = [];
  const session = await changeSession(sessionId, (s) => ({ result: s }));
  if (!session) return;
  for (const target of session.targets.filter((t) => targetIds.includes(t.id) && t.status === "waiting")) {
    const creature = await creatureFromUuid(target.actorUuid);
    if (!creature) {
      showNotice({ level: "warn", key: "Notice.CreatureGone", data: { name: target.name } });
      gone.push(target.id);
      continue;
    }
    const report = await gmRoll(session, target, creature.actor);
    if (report) reports.push({ sessionId, targetId: target.id, report });
  }
  if (gone.length > 0) await changeSession(sessionId, async (s) => ({ session: await applyIfAllSaved(s, markGone(s, gone)), result: true }));
  if (reports.length > 0) await receiveReports(reports, game.user);
}

async function gmRoll(session: SaveSession, target: TargetState, actor: Actor.Implementation): Promise<SaveReport | undefined> {
  const result = await rollSave(actor, session.save, target.saveBonuses[session.save], { chatMessage: false });
  return result ? { kind: "rolled", ...result } : undefined;
}

/**
 * The query a player's card button sends: the acting GM prompts the target's online owners again. The
 * handler is not told who asked (DESIGN.md) and needs not be: only the creature's owners are prompted.
 * It answers "prompted", or why it prompted no one (for the asker's notice).
 */
export async function repeatPrompt(data: { sessionId: string; targetId: string }): Promise<RefusalReason | "prompted"> {
  const session = await changeSession(data.sessionId, (s) => ({ result: s }));
  if (!session?.open) return "closed";
  const target = session.targets.find((t) => t.id === data.targetId);
  if (!target) return "unknownTarget";
  if (target.status !== "waiting") return "alreadySaved";
  for (const userId of target.ownerIds.filter(isOnline)) safely(askPlayer(session, userId, [target]));
  return "prompted";
}
