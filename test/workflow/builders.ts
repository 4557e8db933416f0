/**
 * Shared builders for the workflow tests: realistic casts (SRD spells, SRD creatures) turned into
 * SaveSessions through the real createSession, so every test starts from what the module would build.
 */
import type { Evasion } from "../../src/rules/damage";
import type { SaveKind } from "../../src/rules/saveLine";
import type { CasterBook, SpellDamage, SpellData } from "../../src/systems/adapter";
import { createSession, type SessionInput, type TargetInput } from "../../src/workflow/createSession";
import type { SaveSession } from "../../src/workflow/session";
import { recordSave, type SaveReport } from "../../src/workflow/transitions";

/** Users of the table (none of them a GM): each owns one player character. */
export const USERS = { alice: "user-alice", bob: "user-bob", casterPlayer: "user-carol" } as const;

/** A 5th-level wizard with Int 17 (+3): Mialee of the SRD, at 5th level. */
export function wizardBook(overrides: Partial<CasterBook> = {}): CasterBook {
  return { bookId: "primary", className: "wizard", ability: "int", abilityScore: 17, casterLevel: 5, dcBonuses: [], ...overrides };
}

/** An 11th-level cleric with Wis 18 (+4). */
export function clericBook(overrides: Partial<CasterBook> = {}): CasterBook {
  return { bookId: "primary", className: "cleric", ability: "wis", abilityScore: 18, casterLevel: 11, dcBonuses: [], ...overrides };
}

/** SRD Fireball: Wiz/Sor 3, "Reflex half", 20-ft.-radius spread (an area spell, R13). */
export function fireballSpell(overrides: Partial<SpellData> = {}): SpellData {
  return {
    name: "Fireball",
    saveText: "Reflex half",
    harmless: false,
    spellResistance: true,
    spellbook: "primary",
    level: 3,
    levelsByClass: { Wizard: 3, Sorcerer: 3 },
    aim: "area",
    school: "evo",
    actionType: "spellsave",
    ...overrides,
  };
}

/** SRD Hold Person: Brd 2, Clr 2, Sor/Wiz 3, "Will negates; see text", one humanoid (targeted), no damage. */
export function holdPersonSpell(overrides: Partial<SpellData> = {}): SpellData {
  return {
    name: "Hold Person",
    saveText: "Will negates; see text",
    harmless: false,
    spellResistance: true,
    level: 3,
    levelsByClass: { Bard: 2, Cleric: 2, Wizard: 3, Sorcerer: 3 },
    aim: "targeted",
    school: "enc",
    actionType: "other",
    ...overrides,
  };
}

/** SRD Cure Light Wounds as D35E stores it (levels from data/spells-d35e.jsonl). */
export function cureLightWoundsSpell(overrides: Partial<SpellData> = {}): SpellData {
  return {
    name: "Cure Light Wounds",
    saveText: "Will half (harmless); see text",
    harmless: true,
    spellResistance: true,
    level: 1,
    levelsByClass: { Blackguard: 1, Bard: 1, Cleric: 1, Druid: 1, Paladin: 1, Ranger: 2 },
    aim: "targeted",
    school: "con",
    actionType: "heal",
    healing: true,
    ...overrides,
  };
}

/** A fireball from a 5th-level caster: 5d6 rolled 21 fire damage. */
export function fireDamage(total = 21): SpellDamage {
  return { total, types: ["fire"], healing: false };
}

function saves(fort: number, ref: number, will: number): Record<SaveKind, number> {
  return { fort, ref, will };
}

/** SRD goblin (Fort +3, Ref +1, Will -1), a GM creature: no player owns it. */
export function goblin(overrides: Partial<TargetInput> = {}): TargetInput {
  return {
    id: "goblin",
    name: "Goblin",
    img: "icons/creatures/goblin.webp",
    tokenUuid: "Scene.s.Token.goblin",
    actorUuid: "Actor.goblin",
    saveBonuses: saves(3, 1, -1),
    ownerIds: [],
    ...overrides,
  };
}

/** Tordek, SRD dwarf fighter (level 5 here): owned by Alice. */
export function tordek(overrides: Partial<TargetInput> = {}): TargetInput {
  return {
    id: "tordek",
    name: "Tordek",
    tokenUuid: "Scene.s.Token.tordek",
    actorUuid: "Actor.tordek",
    saveBonuses: saves(6, 1, 1),
    ownerIds: [USERS.alice],
    ...overrides,
  };
}

/** Lidda, SRD halfling rogue (level 5 here, evasion): owned by Bob. */
export function lidda(evasion: Evasion = "evasion", overrides: Partial<TargetInput> = {}): TargetInput {
  return {
    id: "lidda",
    name: "Lidda",
    tokenUuid: "Scene.s.Token.lidda",
    actorUuid: "Actor.lidda",
    saveBonuses: saves(2, 8, 2),
    evasion,
    ownerIds: [USERS.bob],
    ...overrides,
  };
}

/** A cast as the Foundry side would describe it: a 5th-level wizard's fireball at three creatures. */
export function fireballInput(overrides: Partial<SessionInput> = {}): SessionInput {
  return {
    id: "session-fireball",
    messages: { gm: "session-fireball", public: "msg-public", owners: {} },
    system: "D35E",
    castMessageId: "msg-cast",
    caster: { name: "Mialee", actorUuid: "Actor.mialee", userId: USERS.casterPlayer },
    spell: { ...fireballSpell(), img: "icons/magic/fire/explosion-fireball-orange.webp", itemUuid: "Actor.mialee.Item.fireball" },
    book: wizardBook(),
    damage: fireDamage(),
    targets: [goblin(), tordek(), lidda()],
    ...overrides,
  };
}

/** createSession, failing the test when it returns a reason instead of a session. */
export function sessionOf(input: SessionInput): SaveSession {
  const session = createSession(input);
  if (typeof session === "string") throw new Error(`expected a session, got "${session}"`);
  return session;
}

/** Fireball (DC 16, 21 fire damage) at the goblin, Tordek and Lidda (evasion). */
export function fireballSession(overrides: Partial<SessionInput> = {}): SaveSession {
  return sessionOf(fireballInput(overrides));
}

/** Hold Person (targeted, no damage) by the same wizard at the goblin and Tordek: DC 10 + 3 + 3 = 16. */
export function holdPersonSession(overrides: Partial<SessionInput> = {}): SaveSession {
  return sessionOf(
    fireballInput({
      id: "session-hold",
      messages: { gm: "session-hold", public: "msg-public-hold", owners: {} },
      spell: holdPersonSpell(),
      damage: undefined,
      targets: [goblin(), tordek()],
      ...overrides,
    }),
  );
}

/** A rolled report: the d20 shows `natural`, the total adds the save bonus. */
export function rolled(natural: number, total: number): SaveReport {
  return { kind: "rolled", natural, total };
}

/** Records several reports in order. */
export function recordAll(session: SaveSession, reports: Record<string, SaveReport>): SaveSession {
  return Object.entries(reports).reduce((s, [id, report]) => recordSave(s, id, report), session);
}
