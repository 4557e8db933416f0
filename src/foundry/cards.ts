import type { SaveSession } from "../workflow/session";
import { ownerCard, ownersOf, publicCard } from "../workflow/views";
import { flagsOf, moduleFlags, type ModuleFlags } from "./flags";
import { setting } from "./settings";
import { renderModuleFlags } from "./templates";
import { gmIds } from "./users";

interface CardData {
  _id: string;
  content: string;
  whisper: string[];
  speaker: { alias: string };
  flags: Record<string, ModuleFlags>;
}

/** The GM card (the session), the public card and one card per owning player (R13: each sees its own). */
async function cardsOf(session: SaveSession): Promise<CardData[]> {
  const visibility = setting("dcVisibility");
  const speaker = { alias: session.caster.name };
  const entries: { id: string; whisper: string[]; flags: ModuleFlags }[] = [
    { id: session.messages.gm, whisper: gmIds(), flags: { session } },
    { id: session.messages.public, whisper: [], flags: { card: publicCard(session, visibility) } },
  ];
  for (const userId of ownersOf(session)) {
    const owner = ownerCard(session, userId, visibility);
    const id = session.messages.owners[userId];
    if (owner && id) entries.push({ id, whisper: [userId], flags: { owner } });
  }
  return Promise.all(
    entries.map(async (e) => ({ _id: e.id, content: await renderModuleFlags(e.flags), whisper: e.whisper, speaker, flags: flagsOf(e.flags) })),
  );
}

/** Posts a new session's cards in one request, with ids chosen beforehand so the cards can name each other. */
export async function postSession(session: SaveSession): Promise<void> {
  const cards = await cardsOf(session);
  await ChatMessage.implementation.createDocuments(cards, { keepId: true });
}

/**
 * Writes the session's new state to all its cards in one request. The flags are replaced, not merged
 * (`recursive: false`): a key the new state no longer has (a chained save of the alternative the GM left)
 * must not linger. The module's cards hold no other flags.
 */
export async function storeSession(session: SaveSession): Promise<void> {
  // A card someone deleted is not written again; the others (the GM card first) keep the session going.
  const cards = (await cardsOf(session)).filter((card) => game.messages.has(card._id));
  const updates = cards.map(({ _id, content, flags }) => ({ _id, content, flags }));
  await ChatMessage.implementation.updateDocuments(updates, { diff: false, recursive: false });
}

/**
 * The module's cards in a message, as far as this client may believe them. Flags prove nothing: a player
 * can write any flags into a message of its own. Only the acting GM's client posts cards, so a card is
 * written by a GM; and the GM card, which holds the whole session, is also whispered to GMs alone.
 */
export function moduleCards(message: ChatMessage.Implementation): Pick<ModuleFlags, "session" | "card" | "owner"> {
  if (!message.author?.isGM) return {};
  const { session, card, owner } = moduleFlags(message);
  const toGMsOnly = message.whisper.length > 0 && message.whisper.every((id) => id !== null && (game.users.get(id)?.isGM ?? false));
  return { ...(session && toGMsOnly ? { session } : {}), ...(card ? { card } : {}), ...(owner ? { owner } : {}) };
}

/** The session as the GM card holds it (only GM clients receive that card). */
export function loadSession(sessionId: string): SaveSession | undefined {
  const message = game.messages.get(sessionId);
  return message ? moduleCards(message).session : undefined;
}

/** Message ids for a new session's cards: the GM card's id is the session's id. */
export function newSessionMessages(ownerIds: readonly string[]): SaveSession["messages"] {
  const id = () => foundry.utils.randomID();
  return { gm: id(), public: id(), owners: Object.fromEntries(ownerIds.map((u) => [u, id()])) };
}
