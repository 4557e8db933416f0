/**
 * A game table for the workflow tests, for pf1 or D35E, built from the shared real data: a GM, Alice (who
 * plays the hero) and Bob (who plays the wizard), two goblin-like NPCs owned by the GM, one scene.
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
  /** Token uuid of a token id on the table's scene. */
  uuid(tokenId: string): string;
  /** Bob's client posts the system's spell-use message for this spell at these tokens. */
  cast(spell: "Fireball" | "Hold Person", targetTokens: string[]): Promise<string>;
}

export interface TableOptions {
  settings?: Partial<Record<"npcSaves" | "dcVisibility" | "damageMode" | "playerTimeout" | "onTimeout" | "systemSaveButtons", unknown>>;
  /** Extra NPCs (world actors, linked tokens). */
  extraGoblins?: number;
  aliceLang?: string;
  /** The goblins' tokens are unlinked (synthetic actors) instead of two world actors. */
  unlinkedGoblins?: boolean;
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

/** D35E's Derro made a 5th-level wizard with Int 17 (mod +3): the D35E data has no wizard. */
function d35eWizard(source: Data): void {
  const system = source.system as { abilities: Data; attributes: { spells: { spellbooks: Data } } };
  system.abilities.int = { ...(system.abilities.int as Data), total: 17, mod: 3, value: 17 };
  const books = system.attributes.spells.spellbooks;
  books.primary = { ...(books.primary as Data), class: "wizard", ability: "int", cl: { base: 5, value: 5, total: 5, formula: "" } };
}

export async function setupTable(system: SystemName, options: TableOptions = {}): Promise<Table> {
  const world = createWorld({
    system,
    ...(system === "pf1" ? { prepareActor: (source) => preparePf1Actor(source as never).system } : {}),
  }).boot(registerModule);
  world.addUser({ id: GM, name: "Gamemaster", role: "GAMEMASTER" });
  world.addUser({ id: ALICE, name: "Alice", lang: options.aliceLang ?? "en" });
  world.addUser({ id: BOB, name: "Bob" });

  const files = FILES[system];
  const casterData = actorJson(system, files.caster);
  if (system === "D35E") d35eWizard(casterData);
  casterData.items = [...((casterData.items as Data[] | undefined) ?? []), ...casterSpells(system)];
  const caster = world.addActor(casterData, { owners: [BOB] });
  const hero = world.addActor(actorJson(system, files.hero), { owners: [ALICE] });
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
    uuid,
    cast: async (spell, targets) => {
      const data = system === "pf1" ? pf1Cast(table, spell, targets) : d35eCast(table, spell, targets);
      const created = await bob.run(() => ChatMessage.create(data));
      await world.settle();
      return (created as { id: string }).id;
    },
  };
  return table;
}

/** pf1's action-use message (data/messages/pf1-spell-message.json) for this table's caster and targets. */
function pf1Cast(table: Table, spell: "Fireball" | "Hold Person", targets: string[]): Data {
  const data = clone(message("pf1-spell-message", spell === "Fireball" ? 0 : 1)) as Data & { flags: { pf1: { metadata: Data } } };
  const itemId = spell === "Fireball" ? "fireballItem0001" : "holdPersonItem01";
  const metadata = data.flags.pf1.metadata;
  metadata.actor = `Actor.${table.casterId}`;
  metadata.item = itemId;
  metadata.action = `${itemId.slice(0, 12)}act0`;
  metadata.targets = targets.map((id) => table.uuid(id));
  data.speaker = { scene: table.sceneId, actor: table.casterId, token: table.casterTokenId, alias: "Ezren" };
  delete data._id;
  return data;
}

/** D35E's spell-use message (data/messages/d35e-spell-message.json) for this table's caster and targets. */
function d35eCast(table: Table, spell: "Fireball" | "Hold Person", targets: string[]): Data {
  const data = clone(message("d35e-spell-message", spell === "Fireball" ? 0 : 1)) as Data & { flags: { D35E: { chatTemplateData: Data } } };
  const ctd = data.flags.D35E.chatTemplateData;
  (ctd.actor as Data)._id = table.casterId;
  (ctd.item as Data)._id = spell === "Fireball" ? "fireballItem0001" : "holdPersonItem01";
  ctd.targets = targets.map((id) => ({ id, name: "target", img: "" }));
  ctd.tokenId = null;
  data.speaker = { scene: table.sceneId, actor: table.casterId, token: table.casterTokenId, alias: "Mialee" };
  delete data._id;
  return data;
}
