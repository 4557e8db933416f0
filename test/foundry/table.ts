/**
 * A game table for the workflow tests, for pf1 or D35E, built from the shared real data: a GM, Alice (who
 * plays the hero) and Bob (who plays the wizard, and on demand a cleric), goblin-like NPCs owned by the GM
 * (two, or more), one scene.
 * `cast()` has Bob's client post the system's own spell-use message, as pf1 or D35E would.
 */
import { ChatMessage, createWorld, type World } from "../harness";
import { registerModule } from "../../src/main";
import { readData, readDataText, d35eMessageSpell, message } from "../fixtures/data";
import { preparePf1Actor } from "../fixtures/pf1Prepare";
import type { ItemData } from "../../src/systems/adapter";
import type { Client } from "../harness/client";

export type SystemName = "pf1" | "D35E";
type Data = Record<string, unknown>;

export const GM = "GMuser0000000001";
export const ALICE = "Aliceuser0000001";
export const BOB = "Bobuser000000001";

interface SpellRecord {
  name: string;
  school: string;
  levels: Record<string, number>;
  sr: boolean;
  area: string | null;
  effect: string | null;
  actions?: { name: string; actionType: string; save: Data }[];
  damage: [string, string[]][];
}

function pf1Record(name: string): SpellRecord {
  const lines = readDataText("spells-pf1.jsonl").split("\n");
  for (const line of lines) {
    if (!line.trim()) continue;
    const record = JSON.parse(line) as SpellRecord;
    if (record.name === name) return record;
  }
  throw new Error(`no pf1 spell ${name}`);
}

/** A pf1 spell item shaped like the compendium's (one action carrying the save), in the caster's book. */
export function pf1Spell(name: string, level: number, id: string): ItemData {
  const record = pf1Record(name);
  return {
    _id: id,
    name,
    type: "spell",
    system: {
      spellbook: "primary",
      level,
      school: record.school,
      sr: record.sr,
      learnedAt: { class: record.levels },
      actions: (record.actions ?? []).map((action, i) => ({
        _id: `${id.slice(0, 12)}act${i}`,
        name: action.name,
        actionType: action.actionType,
        save: action.save,
        area: record.area ?? "",
        measureTemplate: { type: record.area ? "circle" : "" },
        damage: { parts: record.damage.map(([formula, types]) => ({ formula, type: { values: types, custom: "" } })) },
      })),
    },
  };
}

function clone<T>(value: T): T {
  return structuredClone(value);
}

export interface Table {
  world: World;
  system: SystemName;
  gm: Client;
  alice: Client;
  bob: Client;
  sceneId: string;
  casterId: string;
  casterTokenId: string;
  heroId: string;
  heroToken: string;
  goblinIds: string[];
  goblinTokens: string[];
  /** Bob's cleric (TableOptions.cleric), who casts Cure Light Wounds. */
  clericId?: string;
  /** Token uuid of a token id on the table's scene. */
  uuid(tokenId: string): string;
  /** The uuid of the creature behind a token: the world actor, or an unlinked token's synthetic actor. */
  actorUuid(tokenId: string): string;
  /** The system's spell-use message data for this spell at these tokens (as pf1 or D35E would post it). */
  castData(spell: SpellName, targetTokens: string[]): Record<string, unknown>;
  /** Bob's client posts the system's spell-use message for this spell at these tokens. */
  cast(spell: SpellName, targetTokens: string[]): Promise<string>;
}

export type SpellName = "Fireball" | "Hold Person" | "Cure Light Wounds";

export interface TableOptions {
  settings?: Partial<Record<"npcSaves" | "dcVisibility" | "damageMode" | "playerTimeout" | "onTimeout" | "systemSaveButtons", unknown>>;
  /** Extra NPCs (world actors, linked tokens). */
  extraGoblins?: number;
  aliceLang?: string;
  bobLang?: string;
  /** The goblins' tokens are unlinked (synthetic actors) instead of two world actors. */
  unlinkedGoblins?: boolean;
  /** Bob also plays a cleric (a wisdom spellbook) who knows Cure Light Wounds. */
  cleric?: boolean;
  /** Data merged over the hero before the game starts (dotted keys), e.g. temporary hit points. */
  hero?: Data;
}

function actorJson(system: SystemName, file: string): Data {
  return readData(`${system === "pf1" ? "actors-pf1" : "actors-d35e"}/${file}.json`) as Data;
}

const FILES = {
  pf1: { caster: "battle-mage", hero: "human-bandit", goblin: "goblin" },
  D35E: { caster: "Derro", hero: "Gruk_the_Barbarian", goblin: "Bugbear" },
} as const;

/** The wizard's spells: pf1 compendium items; D35E items as its spell-use messages embed them. */
function casterSpells(system: SystemName): ItemData[] {
  if (system === "pf1") return [pf1Spell("Fireball", 3, "fireballItem0001"), pf1Spell("Hold Person", 3, "holdPersonItem01")];
  return ["Fireball", "Hold Person"].map((name, i) => {
    const item = clone(d35eMessageSpell(name)) as ItemData & Data;
    item._id = i === 0 ? "fireballItem0001" : "holdPersonItem01";
    (item.system as Data).spellbook = "primary";
    return item;
  });
}

/** A D35E actor made a 5th-level caster of a class whose spells hang on one ability (the D35E data has neither). */
function d35eCaster(source: Data, className: string, ability: "int" | "wis", score: number): void {
  const system = source.system as { abilities: Data; attributes: { spells: { spellbooks: Data } } };
  system.abilities[ability] = { ...(system.abilities[ability] as Data), total: score, mod: Math.floor((score - 10) / 2), value: score };
  const books = system.attributes.spells.spellbooks;
  books.primary = { ...(books.primary as Data), class: className, ability, cl: { base: 5, value: 5, total: 5, formula: "" } };
}

/** The cleric's Cure Light Wounds: pf1's acolyte has it; D35E's is the item its spell-use message embeds. */
export const CURE_LIGHT_WOUNDS = { pf1: "2t2IIlKruMUuVOoW", D35E: "THo9zuxv5QcF77op" } as const;

/** Bob's cleric: pf1's acolyte (a cleric with a wisdom book); D35E's Derro made a cleric with Wis 15 (+2). */
function clericData(system: SystemName): Data {
  if (system === "pf1") return actorJson(system, "acolyte");
  const data = actorJson(system, "Derro");
  d35eCaster(data, "cleric", "wis", 15);
  const cure = clone(d35eMessageSpell("Cure Light Wounds")) as ItemData & Data;
  (cure.system as Data).spellbook = "primary";
  data.items = [...((data.items as Data[] | undefined) ?? []), cure];
  return data;
}

export async function setupTable(system: SystemName, options: TableOptions = {}): Promise<Table> {
  const world = createWorld({
    system,
    ...(system === "pf1" ? { prepareActor: (source) => preparePf1Actor(source as never).system } : {}),
  }).boot(registerModule);
  world.addUser({ id: GM, name: "Gamemaster", role: "GAMEMASTER" });
  world.addUser({ id: ALICE, name: "Alice", lang: options.aliceLang ?? "en" });
  world.addUser({ id: BOB, name: "Bob", lang: options.bobLang ?? "en" });

  const files = FILES[system];
  const casterData = actorJson(system, files.caster);
  if (system === "D35E") d35eCaster(casterData, "wizard", "int", 17);
  casterData.items = [...((casterData.items as Data[] | undefined) ?? []), ...casterSpells(system)];
  const caster = world.addActor(casterData, { owners: [BOB] });
  const hero = world.addActor(actorJson(system, files.hero), { owners: [ALICE], ...(options.hero ? { overrides: options.hero } : {}) });
  const cleric = options.cleric ? world.addActor(clericData(system), { id: "clericActor00001", owners: [BOB] }) : undefined;
  const goblinCount = 2 + (options.extraGoblins ?? 0);
  const goblins = options.unlinkedGoblins
    ? [world.addActor(actorJson(system, files.goblin), { ownership: { default: 0 } })]
    : Array.from({ length: goblinCount }, (_, i) =>
        world.addActor(actorJson(system, files.goblin), { id: `goblinActor${String(i).padStart(5, "0")}`, ownership: { default: 0 } }),
      );

  const scene = world.addScene({ name: "Crypt" });
  const casterToken = world.addToken(scene._id, { actorId: caster._id, actorLink: true });
  const heroToken = world.addToken(scene._id, { actorId: hero._id, actorLink: true });
  const goblinTokens = Array.from({ length: goblinCount }, (_, i) =>
    world.addToken(scene._id, {
      actorId: (goblins[options.unlinkedGoblins ? 0 : i] ?? goblins[0])?._id ?? "",
      actorLink: !options.unlinkedGoblins,
      name: `Goblin ${i + 1}`,
    }),
  );

  for (const [key, value] of Object.entries(options.settings ?? {})) world.setSetting(`d20-spell-saves.${key}`, value);
  const gm = await world.addClient(GM);
  const alice = await world.addClient(ALICE);
  const bob = await world.addClient(BOB);
  const uuid = (tokenId: string) => `Scene.${scene._id}.Token.${tokenId}`;

  const table: Table = {
    world,
    system,
    gm,
    alice,
    bob,
    sceneId: scene._id,
    casterId: caster._id,
    casterTokenId: casterToken._id,
    heroId: hero._id,
    heroToken: heroToken._id,
    goblinIds: goblins.map((g) => g._id),
    goblinTokens: goblinTokens.map((t) => t._id),
    ...(cleric ? { clericId: cleric._id } : {}),
    uuid,
    actorUuid: (tokenId) => {
      const token = scene.tokens.find((t) => t._id === tokenId);
      if (!token?.actorId) throw new Error(`token ${tokenId} has no actor`);
      return token.actorLink ? `Actor.${token.actorId}` : `${uuid(tokenId)}.Actor.${token.actorId}`;
    },
    castData: (spell, targets) => (system === "pf1" ? pf1Cast(table, spell, targets) : d35eCast(table, spell, targets)),
    cast: async (spell, targets) => {
      const data = table.castData(spell, targets);
      const created = await bob.run(() => ChatMessage.create(data));
      await world.settle();
      return (created as { id: string }).id;
    },
  };
  return table;
}

/** Each spell's message in data/messages (same order in both systems' files) and who casts it. */
function castOf(table: Table, spell: SpellName): { index: number; casterId: string; itemId: string } {
  if (spell === "Fireball") return { index: 0, casterId: table.casterId, itemId: "fireballItem0001" };
  if (spell === "Hold Person") return { index: 1, casterId: table.casterId, itemId: "holdPersonItem01" };
  if (!table.clericId) throw new Error("Cure Light Wounds needs the cleric: setupTable(system, { cleric: true })");
  return { index: 2, casterId: table.clericId, itemId: CURE_LIGHT_WOUNDS[table.system] };
}

/** pf1's action-use message (data/messages/pf1-spell-message.json) for this table's caster and targets. */
function pf1Cast(table: Table, spell: SpellName, targets: string[]): Data {
  const { index, casterId, itemId } = castOf(table, spell);
  const data = clone(message("pf1-spell-message", index)) as Data & { flags: { pf1: { metadata: Data } } };
  const metadata = data.flags.pf1.metadata;
  metadata.actor = `Actor.${casterId}`;
  metadata.item = itemId;
  // Cure Light Wounds keeps the acolyte's own action id, which its message already names.
  if (spell !== "Cure Light Wounds") metadata.action = `${itemId.slice(0, 12)}act0`;
  metadata.targets = targets.map((id) => table.uuid(id));
  data.speaker = { scene: table.sceneId, actor: casterId, token: casterId === table.casterId ? table.casterTokenId : null, alias: "Ezren" };
  delete data._id;
  return data;
}

/** D35E's spell-use message (data/messages/d35e-spell-message.json) for this table's caster and targets. */
function d35eCast(table: Table, spell: SpellName, targets: string[]): Data {
  const { index, casterId, itemId } = castOf(table, spell);
  const data = clone(message("d35e-spell-message", index)) as Data & { flags: { D35E: { chatTemplateData: Data } } };
  const ctd = data.flags.D35E.chatTemplateData;
  (ctd.actor as Data)._id = casterId;
  (ctd.item as Data)._id = itemId;
  ctd.targets = targets.map((id) => ({ id, name: "target", img: "" }));
  ctd.targetIds = targets.map((id) => `${id};`).join("");
  ctd.tokenId = null;
  data.speaker = { scene: table.sceneId, actor: casterId, token: casterId === table.casterId ? table.casterTokenId : null, alias: "Mialee" };
  delete data._id;
  return data;
}
