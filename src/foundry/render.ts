import { MODULE_ID } from "../constants";
import { adapterFor } from "../systems/index";
import type { PublicCard, TargetView } from "../workflow/views";
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
 * client's language; mailbox messages are hidden; the systems' own save buttons go unless this user chose
 * to see them (a client setting: each user decides on their own computer).
 *
 * Foundry fires this hook again on every update of a message, and other code may fire it on an element
 * already drawn: every step here may run twice on the same element without doing anything twice.
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

/** The last draw asked of each element: a slower, earlier draw must not overwrite a newer card. */
const latestDraw = new WeakMap<HTMLElement, object>();

/** Elements that already have their listener: none is ever given a second one. */
const wired = new WeakSet<Element>();

function listenOnce(element: HTMLElement, eventName: string, listener: (event: Event) => void): void {
  if (wired.has(element)) return;
  wired.add(element);
  element.addEventListener(eventName, listener);
}

async function drawCard(html: HTMLElement, flags: ModuleFlags): Promise<void> {
  const ticket = {};
  latestDraw.set(html, ticket);
  const markup = await renderModuleFlags(flags);
  if (latestDraw.get(html) !== ticket) return;
  const content = html.querySelector(".message-content") ?? html;
  // New elements each time: the listeners below go on elements that have none.
  content.innerHTML = markup;
  if (flags.session) wireGmCard(content, flags.session.id);
  // Saves are asked for once the card is open and the GM no longer chooses among the save line's alternatives.
  if (flags.card) wireSaveButtons(content, flags.card.sessionId, flags.card.targets, flags.card.open && !flags.card.choosing);
  if (flags.owner) {
    const open = publicCardOf(flags.owner.sessionId)?.open ?? true;
    wireSaveButtons(content, flags.owner.sessionId, flags.owner.targets, open && !flags.owner.choosing);
  }
}

function wireGmCard(root: Element, sessionId: string): void {
  root.querySelectorAll<HTMLElement>("[data-d20ss-action]").forEach((element) => {
    const action = element.dataset.d20ssAction as GmAction;
    if (!GM_ACTIONS.includes(action)) return;
    const targetId = element.closest<HTMLElement>("[data-target-id]")?.dataset.targetId ?? "";
    const eventName = element instanceof HTMLSelectElement ? "change" : "click";
    listenOnce(element, eventName, (event) => {
      event.preventDefault();
      const value = element instanceof HTMLSelectElement ? element.value : (element.dataset.value ?? "");
      safely(runGmAction(sessionId, action, targetId, value));
    });
  });
}

/** The public card of a session as this client holds it (the owner card does not say whether it is open). */
function publicCardOf(sessionId: string): PublicCard | undefined {
  const message = game.messages.find((m) => moduleCards(m).card?.sessionId === sessionId);
  return message ? moduleCards(message).card : undefined;
}

/**
 * Whether this user's Save button for a creature leads somewhere: the acting GM prompts the creature's
 * player owners, so the button is a player's, for its own creature. A GM (who owns every creature) rolls
 * from the GM card instead; a creature no player owns has no one to prompt.
 */
function asksOwnPrompt(targetId: string): boolean {
  if (game.user.isGM) return false;
  return creatureFromUuidSync(targetId)?.testUserPermission(game.user, "OWNER") ?? false;
}

/**
 * The Save buttons of a public or owner card: for the creature's player owners only, while the card is
 * open and the creature waits. A click asks the acting GM to prompt again (an area spell's owner looks at
 * its owner card, a targeted spell's at the public card: both behave the same).
 */
function wireSaveButtons(root: Element, sessionId: string, targets: readonly TargetView[], asking: boolean): void {
  root.querySelectorAll<HTMLElement>("[data-target-id]").forEach((row) => {
    const button = row.querySelector<HTMLButtonElement>("[data-d20ss-save]");
    if (!button) return;
    const target = targets.find((x) => x.id === row.dataset.targetId);
    if (!target || target.done || !asking || !asksOwnPrompt(target.id)) {
      button.remove();
      return;
    }
    listenOnce(button, "click", (event) => {
      event.preventDefault();
      button.disabled = true;
      safely(
        askForPrompt(sessionId, target.id).finally(() => {
          button.disabled = false;
        }),
      );
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
