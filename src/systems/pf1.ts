/**
 * The Pathfinder 1e system (`pf1`): its chat-message flags, spell items, spellbooks, actors and items,
 * read from plain data (pf1 master, late 2024; paths confirmed in its code, see the notes per function).
 */
import {
  SYSTEM_DC_TERM,
  type ActorData,
  type CasterBook,
  type CastMessage,
  type HitPoints,
  type ItemData,
  type MessageData,
  type SpellData,
  type SystemAdapter,
  type TargetItem,
} from "./adapter";
import {
  actorIdOf,
  aimOf,
  at,
  bool,
  casterBookFrom,
  damageFrom,
  durabilityFields,
  sharedItemFields,
  evasionFrom,
  harmlessInText,
  hitPointsOf,
  isCarried,
  isRecord,
  isSaveKind,
  itemId,
  list,
  MAGIC_CONSUMABLES,
  num,
  parseJson,
  rec,
  saveTotal,
  speakerOf,
  spellResistanceTotal,
  str,
  targetItem,
  text,
  tokenIdOf,
  type Data,
  type ItemCategory,
  type ItemFacts,
} from "./common";

// ---------------------------------------------------------------------------------------------------
// Chat messages (`ActionUse#generateChatMetadata`, module/action-use/action-use.mjs)

/** One damage roll of `metadata.rolls.attacks[i].damage[]`: its total and `options.damageType` ids. */
function damagePart(roll: unknown): { total: number; types: string[] } | undefined {
  const r = parseJson(roll);
  const total = num(r, "total");
  if (total === undefined) return undefined;
  const types = list(r, "options.damageType.values").filter((t): t is string => typeof t === "string");
  const custom = (str(r, "options.damageType.custom") ?? "")
    .split(/[,;]/)
    .map((t) => t.trim())
    .filter(Boolean);
  return { total, types: [...types, ...custom].map((t) => t.toLowerCase()) };
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " " };

function decodeEntities(s: string): string {
  return s.replace(/&(#x?[0-9a-f]+|[a-z]+);/gi, (whole, code: string) => {
    if (code.startsWith("#x") || code.startsWith("#X")) return String.fromCodePoint(parseInt(code.slice(2), 16));
    if (code.startsWith("#")) return String.fromCodePoint(parseInt(code.slice(1), 10));
    return ENTITIES[code.toLowerCase()] ?? whole;
  });
}

/**
 * The spell's name: pf1 does not put it in the flags; the card header reads "<Item> (<Action>)"
 * (`action-use.mjs`: `${item.name} (${action.name})`). The item itself (readSpell) is the better source.
 */
function headerName(content: string | undefined): string {
  const m = /<h3 class="item-name">([\s\S]*?)<\/h3>/.exec(content ?? "");
  if (!m?.[1]) return "";
  return decodeEntities(m[1].replace(/<[^>]*>/g, ""))
    .trim()
    .replace(/\s*\([^()]*\)$/, "");
}

/**
 * A real spell use: `flags.pf1.metadata` with `item`, `action` and `spell` (`displayCard` has only
 * `{item}`; a save roll has at most `{combat}` and `flags.pf1.subject`).
 */
function readCast(message: MessageData): CastMessage | null {
  const meta = rec(message.flags, "pf1.metadata");
  const spellItemId = text(meta, "item");
  const actionId = text(meta, "action");
  if (!meta || !spellItemId || !actionId || !isRecord(meta.spell)) return null;

  const speaker = speakerOf(message);
  const casterActorUuid = text(meta, "actor");
  const targetTokenUuids = list(meta, "targets").filter((t): t is string => typeof t === "string");
  const cast: CastMessage = {
    system: "pf1",
    spellItemId,
    spellName: headerName(message.content),
    actionId,
    targetTokenUuids,
    targetTokenIds: targetTokenUuids.map(tokenIdOf).filter((t): t is string => t !== undefined),
    template: typeof meta.template === "string" && meta.template !== "",
  };
  const casterActorId = speaker.actor ?? actorIdOf(casterActorUuid);
  if (casterActorUuid) cast.casterActorUuid = casterActorUuid;
  if (casterActorId) cast.casterActorId = casterActorId;
  if (speaker.scene) cast.sceneId = speaker.scene;
  if (speaker.token) cast.casterTokenId = speaker.token;
  // `save` is present only when the DC is not 0 (action-use.mjs: `if (this.shared.saveDC)`).
  const dc = num(meta, "save.dc");
  if (dc !== undefined) cast.printedDC = dc;
  const save = at(meta, "save.type");
  if (isSaveKind(save)) cast.printedSave = save;
  const cl = num(meta, "spell.cl");
  const sl = num(meta, "spell.sl");
  if (cl !== undefined) cast.casterLevel = cl;
  if (sl !== undefined) cast.spellLevel = sl;
  // A save spell has one "attack" holding its damage rolls (an empty one for no damage).
  const parts = list(meta, "rolls.attacks.0.damage")
    .map(damagePart)
    .filter((p): p is { total: number; types: string[] } => p !== undefined);
  // Healing is not in the flags: the action's type is "heal" (ItemAction#isHealing); the card's
  // apply link says so with the tooltip key PF1.ApplyHealing (not localised in the stored HTML).
  const damage = damageFrom(parts, /data-tooltip="PF1\.ApplyHealing"/.test(message.content ?? ""));
  if (damage) cast.damage = damage;
  return cast;
}

// ---------------------------------------------------------------------------------------------------
// Spell items (`system.actions[]`, ItemAction in module/components/action.mjs)

function actionOf(item: ItemData, actionId?: string): Data | undefined {
  const actions = list(item.system, "actions").filter(isRecord);
  return (
    (actionId ? actions.find((a) => a._id === actionId) : undefined) ??
    actions.find((a) => text(a, "save.type") !== undefined) ??
    actions[0]
  );
}

function readSpell(item: ItemData, actionId?: string): SpellData {
  const sys = item.system;
  const action = actionOf(item, actionId);
  const saveText = str(action, "save.description") ?? "";
  const saveType = at(action, "save.type");
  const levels: Record<string, number> = {};
  for (const [cls, level] of Object.entries(rec(sys, "learnedAt.class") ?? {})) {
    if (typeof level === "number") levels[cls] = level;
  }
  const spell: SpellData = {
    name: item.name,
    saveText,
    harmless: bool(action, "save.harmless") === true || harmlessInText(saveText),
    spellResistance: bool(sys, "sr") ?? true, // pf1 template default: true
    level: num(sys, "level") ?? 1, // pf1 template default: 1
    levelsByClass: levels,
    aim: aimOf({ area: text(action, "area"), effect: text(action, "effect"), template: text(action, "measureTemplate.type") }),
  };
  if (isSaveKind(saveType)) spell.saveKind = saveType;
  const book = text(sys, "spellbook");
  if (book) spell.spellbook = book;
  const school = text(sys, "school");
  if (school) spell.school = school;
  const id = str(action, "_id");
  if (id) spell.actionId = id;
  const actionType = text(action, "actionType");
  if (actionType) spell.actionType = actionType;
  spell.healing = actionType === "heal";
  // action.mjs getDC: `formula = spellbook.baseDCFormula; if (save.dc) formula += " + " + save.dc`.
  const extra = num(action, "save.dc");
  if (extra) spell.itemDCBonus = extra;
  return spell;
}

// ---------------------------------------------------------------------------------------------------
// Actors

/**
 * R9 current score: pf1 keeps `total = value - drain (+ changes)` and takes damage and penalties off the
 * modifier (utils/lib.mjs getAbilityModifier); here they come off the score.
 */
function abilityScore(actor: ActorData, ability: string): number | undefined {
  const a = rec(actor.system, `abilities.${ability}`);
  if (!a) return undefined;
  const damage = Math.abs(num(a, "damage") ?? 0);
  const penalty = Math.abs(num(a, "penalty") ?? num(a, "userPenalty") ?? 0);
  const total = num(a, "total") ?? (num(a, "value") ?? 10) - Math.abs(num(a, "drain") ?? 0);
  return total - damage - penalty;
}

/**
 * DC bonuses in pf1's prepared data: change target `dc` → `attributes.spells.school.all.dc`, target
 * `dc.school.<id>` → `attributes.spells.school.<id>.dc` (apply-changes.mjs), both added by
 * ItemAction#getDC; and the action's own `save.dc`. Conditional `dcBonus` exists only at use time.
 */
function dcBonuses(actor: ActorData, spell: SpellData): { label: string; value: number }[] {
  const terms: { label: string; value: number }[] = [];
  const all = num(actor.system, "attributes.spells.school.all.dc");
  if (all) terms.push({ label: SYSTEM_DC_TERM.spellDC, value: all });
  if (spell.school) {
    const school = num(actor.system, `attributes.spells.school.${spell.school}.dc`);
    // "schoolDC.evo": the card names the school in the reader's language.
    if (school) terms.push({ label: `${SYSTEM_DC_TERM.schoolDC}.${spell.school}`, value: school });
  }
  if (spell.itemDCBonus) terms.push({ label: spell.name, value: spell.itemDCBonus });
  return terms;
}

function casterBook(actor: ActorData, spell: SpellData): CasterBook | undefined {
  // A spell in no spellbook takes the item DC (action.mjs getDC: 10 + level + floor(level / 2)).
  return casterBookFrom(
    actor,
    spell.spellbook,
    "pf1",
    {
      score: (ability) => abilityScore(actor, ability),
      modifier: (ability) => num(actor.system, `abilities.${ability}.mod`),
    },
    dcBonuses(actor, spell),
  );
}

/** pf1 stores `hp.offset` from the maximum; prepared data carry `hp.value = max + offset`. */
function hitPoints(actor: ActorData): HitPoints {
  const hp = rec(actor.system, "attributes.hp");
  const max = num(hp, "max") ?? 0;
  return hitPointsOf(actor, num(hp, "value") ?? max + (num(hp, "offset") ?? 0));
}

/**
 * pf1 never keeps `hp.value`: ActorPF#_preUpdate turns a written value into `offset = value - max` and
 * deletes it, unless the update is made with `diff: false` or `recursive: false`. Writing the offset
 * directly stores the same thing without depending on that step.
 */
function hitPointsUpdate(actor: ActorData, hp: Pick<HitPoints, "value" | "temp">): Record<string, unknown> {
  const { max } = hitPoints(actor);
  return { "system.attributes.hp.offset": hp.value - max, "system.attributes.hp.temp": hp.temp };
}

function isActiveFeature(item: ItemData): boolean {
  return item.type === "feat" && bool(item.system, "disabled") !== true;
}

function isEquipped(item: ItemData): boolean {
  return bool(item.system, "equipped") !== false; // pf1 template default: equipped
}

function evasion(actor: ActorData): "evasion" | "improved" | undefined {
  const items = [...actor.items];
  return evasionFrom(
    items.filter(isActiveFeature),
    items.filter((i) => i.type === "equipment" && isEquipped(i)),
  );
}

// ---------------------------------------------------------------------------------------------------
// Items (pf1 template.json: physical items default to equipped, carried, hardness 0, hp 10/10, cl 0)

const PHYSICAL = new Set(["weapon", "equipment", "consumable", "loot", "container"]);

function equipmentCategory(sys: Data): ItemCategory {
  const slot = str(sys, "slot") ?? "slotless";
  const subType = str(sys, "subType") ?? "armor";
  if (slot === "armor" || (slot === "slotless" && subType === "armor")) return "armor";
  if (slot === "shield" || subType === "shield") return "shield";
  if (slot === "clothing" || subType === "clothing") return "clothing";
  return "worn";
}

function itemFacts(item: ItemData): ItemFacts {
  const sys = item.system;
  const enhancement = num(sys, item.type === "equipment" ? "armor.enh" : "enh") ?? 0;
  const cl = num(sys, "cl") ?? 0;
  const aura = Boolean(text(sys, "aura.school")) || bool(sys, "artifact") === true;
  const subType = str(sys, "subType");
  let category: ItemCategory = "other";
  if (item.type === "weapon") category = "weapon";
  else if (item.type === "equipment") category = equipmentCategory(sys);
  // Neither system marks an item magic: caster level, enhancement, aura, or a kind that is magic.
  const magic =
    cl > 0 ||
    enhancement > 0 ||
    aura ||
    (item.type === "equipment" && subType === "wondrous") ||
    (item.type === "consumable" && MAGIC_CONSUMABLES.has(subType ?? "potion"));
  const facts: ItemFacts = {
    id: itemId(item),
    name: item.name,
    category,
    equipped: isEquipped(item),
    magic,
    enhancement,
    ...durabilityFields(sys),
    ...sharedItemFields(sys, { size: "size", material: ["armor.material.base.value", "material.base.value"] }),
    hints: [
      ...list(sys, "baseTypes").filter((t): t is string => typeof t === "string"),
      ...list(sys, "weaponGroups.value").filter((t): t is string => typeof t === "string"),
    ],
  };
  if (cl > 0) facts.casterLevel = cl;
  return facts;
}

function items(actor: ActorData): TargetItem[] {
  const out: TargetItem[] = [];
  for (const item of actor.items) {
    if (!PHYSICAL.has(item.type) || !isCarried(item)) continue;
    out.push(targetItem(itemFacts(item)));
  }
  return out;
}

export const pf1Adapter: SystemAdapter = {
  id: "pf1",
  readCast,
  readSpell,
  casterBook,
  saveBonus: saveTotal,
  spellResistance: spellResistanceTotal,
  evasion,
  hitPoints,
  hitPointsUpdate,
  items,
};
