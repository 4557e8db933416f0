import { onCastMessage, onCastTargets } from "./cast";
import { onRequestMessage } from "./macroRequest";
import { moduleFlags } from "./flags";
import { NOTICE_QUERY, showNotice } from "./notices";
import { PROMPT_QUERY, promptAndReport } from "./prompt";
import { onRenderChatMessage, REPEAT_PROMPT_QUERY } from "./render";
import { onMailboxMessage } from "./reports";
import { repeatPrompt } from "./requests";
import { safely } from "./safely";

/** Queries this client answers. None of them is told its sender, so none of them grants anything. */
export function registerQueries(): void {
  CONFIG.queries[NOTICE_QUERY] = (notice) => {
    showNotice(notice);
    return true;
  };
  CONFIG.queries[PROMPT_QUERY] = (request) => promptAndReport(request);
  CONFIG.queries[REPEAT_PROMPT_QUERY] = (data) => repeatPrompt(data);
}

/** Chat hooks: casts start sessions, mailbox messages carry saves, cards draw themselves per client. */
export function registerChatHooks(): void {
  Hooks.on("createChatMessage", (message, _options, userId) => {
    const flags = moduleFlags(message);
    if (flags.report) safely(onMailboxMessage(message, userId));
    else if (flags.request) safely(onRequestMessage(message, userId));
    else safely(onCastMessage(message, userId));
  });
  Hooks.on("updateChatMessage", (message, changes, _options, userId) => {
    if (moduleFlags({ flags: (changes as { flags?: unknown }).flags }).castTargets) safely(onCastTargets(message, userId));
  });
  Hooks.on("renderChatMessageHTML", (message, html) => {
    onRenderChatMessage(message, html);
  });
}
