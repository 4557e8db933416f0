import { MODULE_ID } from "../constants";
import type { CastMessage, SpellData, SystemAdapter } from "../systems/adapter";
import { adapterFor } from "../systems/index";
import { createSession, type TargetInput } from "../workflow/createSession";
import type { SaveSession } from "../workflow/session";
import { moduleCards, newSessionMessages, postSession } from "./cards";
import { actorData, asUuid, creatureFromUuid, itemData } from "./documents";
import { clientState } from "./clientState";
import { moduleFlags } from "./flags";
import { tellUser } from "./notices";
import { requestSaves } from "./requests";
import { isActingGM, mayActFor, playerOwnerIds } from "./users";

function castTargets(cast: CastMessage): string[] {
  if (cast.targetTokenUuids.length > 0) return cast.targetTokenUuids;
  return cast.sceneId ? cast.targetTokenIds.map((id) => `Scene.${cast.sceneId ?? ""}.Token.${id}`) : [];
}

function myTargets(): string[] {
  return [...game.user.targets].map((token) => token.document.uuid);
}

/**
 * createChatMessage, on every client. A spell use is recognised from the system's own flags; displayed
 * cards and save rolls are not casts. The caster's client adds its targets when the message names none
 * (only it knows them); the acting GM's client starts the workflow.
 */
export async function onCastMessage(message: ChatMessage.Implementation, userId: string): Promise<void> {
  const adapter = adapterFor(game.system.id);
  const cast = adapter?.readCast(message.toObject() as never);
  if (!adapter || !cast) return;
  if (userId === game.user.id && !game.users.activeGM) {
    await tellUser(undefined, { level: "warn", key: "Notice.NoGM" });
    return;
  }
  const listed = castTargets(cast);
  if (listed.length === 0 && userId === game.user.id) {
    const mine = myTargets();
    if (mine.length === 0) await tellUser(undefined, { level: "info", key: "NoSession.noTargets", data: { spell: cast.spellName } });
    else if (isActingGM()) await startFromCast(adapter, message, cast, mine, userId);
    else await message.setFlag(MODULE_ID, "castTargets", mine);
    return;
  }
  if (listed.length > 0 && isActingGM()) await startFromCast(adapter, message, cast, listed, userId);
}

/**
 * updateChatMessage: the caster's client has named its targets. Only the cast's author may name them,
 * and only for a cast whose message lists none.
 */
export async function onCastTargets(message: ChatMessage.Implementation, userId: string): Promise<void> {
  const targets = moduleFlags(message).castTargets;
  const adapter = adapterFor(game.system.id);
  const cast = adapter?.readCast(message.toObject() as never);
  if (!targets || !adapter || !cast || !isActingGM()) return;
  if (userId !== message.author?.id || castTargets(cast).length > 0 || !Array.isArray(targets)) return;
  await startFromCast(adapter, message, cast, targets.filter((t): t is string => typeof t === "string"), userId);
}

/** A session already started from this cast message (its GM card names it): after a reload too. */
function sessionOfCast(castId: string): boolean {
  return game.messages.contents.some((m) => moduleCards(m).session?.castMessageId === castId);
}

async function startFromCast(
  adapter: SystemAdapter,
  message: ChatMessage.Implementation,
  cast: CastMessage,
  targetUuids: readonly string[],
  authorId: string,
): Promise<void> {
  const castId = message.id ?? "";
  // A cast message is taken up once, whatever hooks fire again, and after the GM's client reloads.
  const started = clientState().startedCasts;
  if (started.has(castId) || sessionOfCast(castId)) return;
  started.add(castId);
  const caster = await casterOf(cast);
  const author = game.users.get(authorId);
  const item = caster?.items.get(cast.spellItemId);
  // The message's author (attested by Foundry) must be able to cast as that creature: flags prove nothing.
  if (!author || (caster ? !mayActFor(author, caster) : !author.isGM)) {
    await tellUser(authorId, { level: "warn", key: "Refusal.notOwner" });
    return;
  }
  // Only a GM's message may stand for a spell its caster no longer has.
  if (!item && !author.isGM) {
    await tellUser(authorId, { level: "warn", key: "Notice.NoSpell", data: { name: caster?.name ?? cast.spellName } });
    return;
  }
  const spell: SpellData = item ? adapter.readSpell(itemData(item), cast.actionId) : spellFromMessage(cast);
  // The name the table saw speak: the system's speaker, else the token's or the actor's (R13: a disguised
  // caster is not unmasked by the module's cards).
  const casterName = message.speaker.alias || (caster?.token?.name ?? caster?.name ?? "");
  await startSession({
    adapter,
    castMessageId: castId,
    caster: { name: casterName, ...(caster ? { actorUuid: caster.uuid } : {}), userId: authorId },
    casterActor: caster,
    spell: { ...spell, ...(item ? { img: item.img ?? undefined, itemUuid: item.uuid } : {}) },
    cast,
    targetUuids,
  });
}

async function casterOf(cast: CastMessage): Promise<Actor.Implementation | null> {
  if (cast.casterActorUuid) return (await creatureFromUuid(cast.casterActorUuid))?.actor ?? null;
  if (cast.sceneId && cast.casterTokenId) {
    const token = await creatureFromUuid(`Scene.${cast.sceneId}.Token.${cast.casterTokenId}`);
    if (token) return token.actor;
  }
  return cast.casterActorId ? (game.actors.get(cast.casterActorId) ?? null) : null;
}

/** When the caster's spell item is gone, the message still says what the save was. */
function spellFromMessage(cast: CastMessage): SpellData {
  return {
    name: cast.spellName,
    saveText: cast.saveText ?? "",
    ...(cast.printedSave ? { saveKind: cast.printedSave } : {}),
    harmless: false,
    spellResistance: false,
    levelsByClass: {},
    ...(cast.spellLevel === undefined ? {} : { level: cast.spellLevel }),
    aim: cast.template ? "area" : "targeted",
  };
}

export interface StartInput {
  adapter: SystemAdapter;
  castMessageId?: string;
  caster: SaveSession["caster"];
  casterActor: Actor.Implementation | null;
  spell: SpellData & { img?: string; itemUuid?: string };
  cast?: CastMessage;
  targetUuids: readonly string[];
}

/** Builds the session, lets other modules cancel it, posts its cards and sends the prompts (acting GM only). */
export async function startSession(input: StartInput): Promise<SaveSession | undefined> {
  const { adapter, cast } = input;
  const targets = await targetsOf(adapter, input.targetUuids);
  const book = input.casterActor ? adapter.casterBook(actorData(input.casterActor), input.spell) : undefined;
  const messages = newSessionMessages([...new Set(targets.flatMap((t) => t.ownerIds))]);
  const session = createSession({
    id: messages.gm,
    messages,
    system: adapter.id,
    ...(input.castMessageId ? { castMessageId: input.castMessageId } : {}),
    caster: input.caster,
    spell: { ...input.spell, aim: cast?.template ? "area" : input.spell.aim },
    ...(book ? { book } : {}),
    ...(cast?.spellLevel === undefined ? {} : { castSpellLevel: cast.spellLevel }),
    ...(cast?.casterLevel === undefined ? {} : { castCasterLevel: cast.casterLevel }),
    ...(cast?.printedDC === undefined ? {} : { printedDC: cast.printedDC }),
    ...(cast?.damage ? { damage: cast.damage } : {}),
    targets,
  });
  if (typeof session === "string") {
    if (session !== "noSave") await tellUser(undefined, { level: "info", key: `NoSession.${session}`, data: { spell: input.spell.name } });
    return undefined;
  }
  if (!Hooks.call(`${MODULE_ID}.preRequestSaves`, session)) return undefined;
  await postSession(session);
  // A line with alternatives waits for the GM to pick one: nobody rolls against a save that is then dropped.
  if (!session.choosing) await requestSaves(session);
  return session;
}

/** Each target token's creature; a token without an actor is named to the GM and left out. */
async function targetsOf(adapter: SystemAdapter, uuids: readonly string[]): Promise<TargetInput[]> {
  const targets: TargetInput[] = [];
  for (const uuid of new Set(uuids)) {
    const creature = await creatureFromUuid(uuid);
    if (!creature) {
      const token = fromUuidSync(asUuid(uuid)) as { name?: string } | null;
      await tellUser(undefined, { level: "warn", key: "Notice.NoActor", data: { name: token?.name ?? uuid } });
      continue;
    }
    const data = actorData(creature.actor);
    const evasion = adapter.evasion(data);
    const img = creature.token?.texture.src ?? creature.actor.img;
    targets.push({
      id: uuid,
      name: creature.token?.name ?? creature.actor.name,
      ...(img ? { img } : {}),
      ...(creature.token ? { tokenUuid: creature.token.uuid } : {}),
      actorUuid: creature.actor.uuid,
      saveBonuses: { fort: adapter.saveBonus(data, "fort"), ref: adapter.saveBonus(data, "ref"), will: adapter.saveBonus(data, "will") },
      ...(evasion ? { evasion } : {}),
      ...(creature.token?.hidden ? { hidden: true } : {}),
      ownerIds: playerOwnerIds(creature.actor),
    });
  }
  return targets;
}
