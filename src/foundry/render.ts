import { MODULE_ID } from "../constants";
import { adapterFor } from "../systems/index";
import type { PublicCard } from "../workflow/views";
import { moduleCards } from "./cards";
import { clientState } from "./clientState";
import { creatureFromUuidSync } from "./documents";
import { moduleFlags, type ModuleFlags } from "./flags";
import { GM_ACTIONS, runGmAction, type GmAction } from "./gmActions";
import { showNotice } from "./notices";
import { safely } from "./safely";
import { setting } from "./settings";
import { renderModuleFlags } from "./templates";

export const REPEAT_PROMPT_QUERY = `${MODULE_ID}.repeatPrompt`;

/** The systems' own save buttons on a cast card (pf1, D35E: data/messages/README.md §2). */
const SYSTEM_SAVE_BUTTONS = 'button[data-action="save"], button[data-action="rollSave"]';

/** Waits for the cards this client is drawing. */
export async function cardsDrawn(): Promise<void> {
  await Promise.all([...clientState().drawing]);
}

/**
 * renderChatMessageHTML, on every client. The module's cards are drawn again from their flags in this
 * client's language; mailbox messages are hidden; the systems' own save buttons go when the GM says so.
 */
export function onRenderChatMessage(message: ChatMessage.Implementation, html: HTMLElement): void {
  const flags = moduleFlags(message);
  if (flags.report || flags.request) {
    html.hidden = true;
    html.classList.add("d20ss-mailbox");
    return;
  }
  if (!setting("systemSaveButtons") && adapterFor(game.system.id)?.readCast(message.toObject() as never)) {
    html.querySelectorAll(SYSTEM_SAVE_BUTTONS).forEach((button) => {
      button.remove();
    });
  }
  // A player's message carrying card flags is shown as it was written, never as one of the module's cards.
  const cards = moduleCards(message);
  if (!cards.session && !cards.card && !cards.owner) return;
  const drawing = clientState().drawing;
  const draw = drawCard(html, cards).finally(() => drawing.delete(draw));
  drawing.add(draw);
  safely(draw);
}

async function drawCard(html: HTMLElement, flags: ModuleFlags): Promise<void> {
  const content = html.querySelector(".message-content") ?? html;
  content.innerHTML = await renderModuleFlags(flags);
  if (flags.session) wireGmCard(content, flags.session.id);
  if (flags.card) wirePublicCard(content, flags.card);
}

function wireGmCard(root: Element, sessionId: string): void {
  root.querySelectorAll<HTMLElement>("[data-d20ss-action]").forEach((element) => {
    const action = element.dataset.d20ssAction as GmAction;
    if (!GM_ACTIONS.includes(action)) return;
    const targetId = element.closest<HTMLElement>("[data-target-id]")?.dataset.targetId ?? "";
    const eventName = element instanceof HTMLSelectElement ? "change" : "click";
    element.addEventListener(eventName, (event) => {
      event.preventDefault();
      const value = element instanceof HTMLSelectElement ? element.value : (element.dataset.value ?? "");
      safely(runGmAction(sessionId, action, targetId, value));
    });
  });
}

/** A row's save button is for the creature's owners only, while the card is open and the creature waits. */
function wirePublicCard(root: Element, card: PublicCard): void {
  root.querySelectorAll<HTMLElement>("[data-target-id]").forEach((row) => {
    const button = row.querySelector<HTMLButtonElement>("[data-d20ss-save]");
    if (!button) return;
    const target = card.targets.find((x) => x.id === row.dataset.targetId);
    const mine = target ? (creatureFromUuidSync(target.id)?.isOwner ?? false) : false;
    if (!target || !mine || target.done || !card.open) {
      button.remove();
      return;
    }
    button.addEventListener("click", (event) => {
      event.preventDefault();
      button.disabled = true;
      safely(askForPrompt(card.sessionId, target.id));
    });
  });
}

/**
 * A player's click asks the acting GM to send the prompt again. The GM sends it to the creature's own
 * owners only, so the query needs no authority: whoever sent it, nothing reaches anyone else. When the
 * GM prompts no one (the save was made, the card closed), the player is told why.
 */
async function askForPrompt(sessionId: string, targetId: string): Promise<void> {
  const gm = game.users.activeGM;
  if (!gm) {
    showNotice({ level: "warn", key: "Notice.NoGM" });
    return;
  }
  let answer: unknown;
  try {
    answer = await gm.query(REPEAT_PROMPT_QUERY, { sessionId, targetId }, { timeout: 10_000 });
  } catch {
    showNotice({ level: "warn", key: "Notice.NoGM" });
    return;
  }
  if (typeof answer === "string" && answer !== "prompted") showNotice({ level: "info", key: `Refusal.${answer}` });
}
