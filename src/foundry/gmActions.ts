import type { SaveSession } from "../workflow/session";
import { amountDue, chooseOption, closeSession, confirmOption, overrideDamage, WorkflowRefusal } from "../workflow/transitions";
import { applyDamage, undoDamage } from "./damage";
import { t } from "./i18n";
import { showNotice } from "./notices";
import { receiveReports } from "./reports";
import { requestSaves, rollForGM } from "./requests";
import { changeSession } from "./sessionQueue";
import { isActingGM, isOnline } from "./users";

/** The buttons of the GM card, by their data-action. */
export type GmAction = "rollWaiting" | "roll" | "waive" | "apply" | "applyAll" | "undo" | "edit" | "option" | "ask" | "close";

export const GM_ACTIONS: readonly GmAction[] = ["rollWaiting", "roll", "waive", "apply", "applyAll", "undo", "edit", "option", "ask", "close"];

type Change = (session: SaveSession) => SaveSession | Promise<SaveSession>;

function change(sessionId: string, fn: Change): Promise<unknown> {
  return changeSession(sessionId, async (session) => ({ session: await fn(session), result: true }));
}

/**
 * Targets the GM rolls for with one click ("Roll NPC saves"): those no connected player answers for. The
 * GM card counts them with the same function, so its button shows only when a click would roll something.
 */
export function gmRolled(session: SaveSession, online: (userId: string) => boolean = isOnline): string[] {
  return session.targets.filter((t) => t.status === "waiting" && (t.gmFallback || !t.ownerIds.some(online))).map((t) => t.id);
}

async function askAmount(current: number | undefined): Promise<number | undefined> {
  const result: unknown = await foundry.applications.api.DialogV2.input({
    window: { title: t("Card.EditDamage") },
    content: `<label>${t("Card.Damage")} <input type="number" name="amount" min="0" step="1" value="${current ?? 0}" autofocus></label>`,
    ok: { label: t("Card.Confirm") },
    rejectClose: false,
  });
  const amount = Number((result as { amount?: unknown } | null)?.amount);
  return Number.isInteger(amount) && amount >= 0 ? amount : undefined;
}

/** Runs a GM card button. Only the acting GM's client changes the session (one writer, DESIGN.md). */
export async function runGmAction(sessionId: string, action: GmAction, targetId = "", value = ""): Promise<void> {
  if (!isActingGM()) {
    showNotice({ level: "warn", key: "Notice.NotActingGM", data: { name: game.users.activeGM?.name ?? "" } });
    return;
  }
  try {
    await dispatch(sessionId, action, targetId, value);
  } catch (error) {
    if (!(error instanceof WorkflowRefusal)) throw error;
    showNotice({ level: "warn", key: `Refusal.${error.reason}` });
  }
}

async function dispatch(sessionId: string, action: GmAction, targetId: string, value: string): Promise<void> {
  switch (action) {
    case "rollWaiting": {
      const ids = await changeSession(sessionId, (session) => ({ result: gmRolled(session) }));
      if (ids?.length) await rollForGM(sessionId, ids);
      return;
    }
    case "roll":
      return rollForGM(sessionId, [targetId]);
    case "waive":
      return receiveReports([{ sessionId, targetId, report: { kind: "waived" } }], game.user);
    case "apply":
      await change(sessionId, (session) => applyDamage(session, [targetId]));
      return;
    case "applyAll":
      await change(sessionId, (session) => applyDamage(session, session.targets.filter((x) => amountDue(x) !== undefined).map((x) => x.id)));
      return;
    case "undo":
      await change(sessionId, (session) => undoDamage(session, [targetId]));
      return;
    case "edit": {
      const current = await changeSession(sessionId, (session) => ({ result: session.targets.find((x) => x.id === targetId) }));
      const amount = await askAmount(current ? amountDue(current) : undefined);
      if (amount !== undefined) await change(sessionId, (session) => overrideDamage(session, targetId, amount));
      return;
    }
    case "option":
      await change(sessionId, (session) => chooseOption(session, Number(value)));
      return;
    case "ask": {
      // The GM settled on the save: the prompts go out now (R1–R8 alternatives).
      const asked = await changeSession(sessionId, (session) => {
        const next = confirmOption(session);
        return { session: next, result: next };
      });
      if (asked) await requestSaves(asked);
      return;
    }
    case "close":
      await change(sessionId, closeSession);
      return;
  }
}
