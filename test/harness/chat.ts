import type { Client } from "./client";
import { ROLES } from "./constants";
import type { ChatMessage } from "./documents/chatMessage";
import type { MessageSource, UserSource } from "./types";
import { escapeHTML } from "./utils";

/**
 * Who receives a chat message (decided by the server, V13 behaviour):
 * - no whisper → everyone;
 * - a message with rolls → everyone, even when whispered by a private/blind roll mode (other clients show
 *   "rolled privately"), flags included;
 * - otherwise a whisper → its recipients, its author and the GMs.
 */
export function receivesMessage(user: UserSource, message: MessageSource): boolean {
  if (message.whisper.length === 0 || message.rolls.length > 0) return true;
  return user.role >= ROLES.ASSISTANT || user._id === message.author || message.whisper.includes(user._id);
}

/**
 * Render a message into this client's chat log like Foundry's chat log does:
 * `<li class="chat-message message" data-message-id><header/><div class="message-content">…</div></li>`,
 * then fire `renderChatMessageHTML(message, html, context)` on this client. A private roll this client may
 * not read shows a hidden roll instead of the content. Re-rendering replaces the previous element.
 */
export function renderMessage(client: Client, message: ChatMessage): HTMLElement {
  const doc = globalThis.document as Document | undefined;
  if (!doc) throw new Error("Rendering needs a DOM: put `// @vitest-environment happy-dom` at the top of the test file.");
  const li = doc.createElement("li");
  const whisper = message.whisper.length > 0;
  li.className = ["chat-message", "message", "flexcol", whisper ? "whisper" : "", message.blind ? "blind" : "", message.isRoll ? "roll" : ""]
    .filter(Boolean)
    .join(" ");
  li.dataset.messageId = message.id;
  const names = message.whisper.map((id) => client.game.users.get(id)?.name ?? id);
  const visible = message.isContentVisible;
  const content = visible
    ? message.content
    : `<div class="dice-roll private-roll"><div class="dice-result"><div class="dice-formula">???</div><h4 class="dice-total">?</h4></div></div><p class="private-roll-notice">${escapeHTML(message.alias)} rolled privately.</p>`;
  li.innerHTML =
    `<header class="message-header flexrow"><h4 class="message-sender">${escapeHTML(message.alias)}</h4>` +
    `<span class="message-metadata"><time class="message-timestamp">${message.timestamp}</time></span>` +
    (whisper ? `<span class="whisper-to">To: ${escapeHTML(names.join(", "))}</span>` : "") +
    `</header>` +
    (message.flavor && visible ? `<span class="flavor-text">${message.flavor}</span>` : "") +
    `<div class="message-content">${content}</div>`;
  const context = {
    message: message.toObject(),
    user: client.user,
    author: message.author,
    alias: message.alias,
    cssClass: li.className,
    isWhisper: whisper,
    canDelete: client.user.isGM,
    canClose: false,
    whisperTo: names.join(", "),
  };
  const previous = client.rendered.get(message.id);
  if (previous?.parentElement) previous.replaceWith(li);
  else client.chatLog().appendChild(li);
  client.rendered.set(message.id, li);
  client.hooks.callAll("renderChatMessageHTML", message, li, context);
  return li;
}

/** Remove a deleted message's element from this client's chat log. */
export function unrenderMessage(client: Client, messageId: string): void {
  client.rendered.get(messageId)?.remove();
  client.rendered.delete(messageId);
}
