/**
 * The D&D 3.5 system (`D35E` 2.4.3, and the `erog84/D35E-v13` overlay, which leaves chat, items and
 * spells unchanged): its chat-message flags, spell items, spellbooks, actors and items, read from plain
 * data (paths confirmed in its code, see the notes per function).
 */
import type {
  ActorData,
  CasterBook,
  CastMessage,
  HitPoints,
  ItemData,
  MessageData,
  SpellData,
  SystemAdapter,
  TargetItem,
} from "./adapter";
import {
  aimOf,
  bool,
  casterBookFrom,
  damageFrom,
  durabilityFields,
  sharedItemFields,
  evasionFrom,
  fold,
  harmlessInText,
  hitPointsOf,
  isCarried,
  isRecord,
  itemId,
  list,
  MAGIC_CONSUMABLES,
  num,
  parseJson,
  rec,
  saveKindFromWord,
  saveTotal,
  speakerOf,
  spellResistanceTotal,
  str,
  targetItem,
  text,
  tokenUuid,
  type Data,
  type ItemCategory,
  type ItemFacts,
} from "./common";

// ---------------------------------------------------------------------------------------------------
// Chat messages (`ItemUse#useAttack` → module/chat.js createCustomChatMessage; templates/chat/*)

const ATTACK_ROLL = /attack-roll\.html$/;

/** D35E damage type → id: `damageTypeUid` "energy-fire" → "fire"; else the lower-case name. */
function damageTypeId(part: unknown): string | undefined {
  const uid = text(part, "damageTypeUid");
  if (uid) return uid.toLowerCase().replace(/^(energy|damage)-/, "");
  const name = text(part, "damageType");
  return name ? fold(name).replace(/ energy$/, "") : undefined;
}

/** `attacks[i].cards[0].data`: a JSON string of `[{roll, damageType, damageTypeUid, source, base}]`. */
function damageParts(attack: unknown): { total: number; types: string[] }[] {
  const data = parseJson(at0(list(attack, "cards"))?.data);
  if (!Array.isArray(data)) return [];
  const parts: { total: number; types: string[] }[] = [];
  for (const part of data as unknown[]) {
    const total = num(part, "roll.total");
    if (total === undefined) continue;
    const type = damageTypeId(part);
    parts.push({ total, types: type ? [type] : [] });
  }
  return parts;
}

function at0(values: unknown[]): Data | undefined {
  const first = values[0];
  return isRecord(first) ? first : undefined;
}

/**
 * A real spell use is the attack-roll.html message with `chatTemplateData.isSpell` (the item-card.html
 * message posted just before it is identical to a plain display; a save roll uses saving-throw.html).
 */
function readCast(message: MessageData): CastMessage | null {
  const flags = rec(message.flags, "D35E");
  const ctd = rec(flags, "chatTemplateData");
  if (!ctd || !ATTACK_ROLL.test(str(flags, "template") ?? "") || bool(ctd, "isSpell") !== true) return null;
  const spellItemId = text(ctd, "item._id");
  if (!spellItemId) return null;

  const speaker = speakerOf(message);
  const attack = at0(list(ctd, "attacks"));
  const sceneId = speaker.scene;
  // Token ids on the message's scene: the dialog's targets, or the template's tokens (hidden ones apart).
  const ids = [...list(ctd, "targets"), ...list(ctd, "hiddenTargets")]
    .map((t) => text(t, "id"))
    .filter((t): t is string => t !== undefined);
  const targetTokenIds = ids.length
    ? [...new Set(ids)]
    : (str(ctd, "targetIds") ?? "").split(";").filter((t) => t.trim() !== "");
  const cast: CastMessage = {
    system: "D35E",
    spellItemId,
    spellName: text(ctd, "item.name") ?? text(ctd, "name") ?? "",
    targetTokenIds,
    targetTokenUuids: sceneId ? targetTokenIds.map((t) => tokenUuid(sceneId, t)) : [],
    template: Boolean(text(ctd, "measureId")),
  };
  // `actor._id` is the base actor; `tokenId` ("<scene>.<token>") is set only for an unlinked token.
  const actorId = text(ctd, "actor._id") ?? speaker.actor;
  const [unlinkedScene, unlinkedToken] = (str(ctd, "tokenId") ?? "").split(".");
  if (actorId) {
    cast.casterActorId = actorId;
    cast.casterActorUuid =
      unlinkedScene && unlinkedToken
        ? `${tokenUuid(unlinkedScene, unlinkedToken)}.Actor.${actorId}`
        : `Actor.${actorId}`;
  }
  if (sceneId) cast.sceneId = sceneId;
  const casterToken = speaker.token ?? unlinkedToken;
  if (casterToken) cast.casterTokenId = casterToken;
  // use.js #_getSpellDC: {dc: null} when the spell has no save; `type` is "reflexhalf", "willnegates"…
  const dc = num(ctd, "dc.dc");
  if (dc !== undefined && dc > 0) cast.printedDC = dc;
  const save = saveKindFromWord(str(ctd, "dc.type"));
  if (save) cast.printedSave = save;
  // The item's own line ("Will negates; see text"); `dc.description` may be the enum's label instead.
  const saveText = text(attack, "item.system.save.description") ?? text(ctd, "dc.description");
  if (saveText) cast.saveText = saveText;
  const cl = num(ctd, "cl") ?? num(ctd, "dc.cl") ?? num(attack, "rollData.cl");
  if (cl !== undefined) cast.casterLevel = cl;
  const sl = num(attack, "rollData.sl");
  if (sl !== undefined) cast.spellLevel = sl;

  const total = num(attack, "damage.total") ?? 0;
  let parts = damageParts(attack);
  if (parts.length === 0 && total > 0) parts = [{ total, types: [] }];
  // The embedded item says "heal"; the flavor ("Healing") is localised, so it is only a fallback.
  const healing =
    str(attack, "item.system.actionType") === "heal" || str(attack, "damage.flavor") === "Healing";
  const damage = damageFrom(parts, healing);
  if (damage) cast.damage = damage;
  return cast;
}

// ---------------------------------------------------------------------------------------------------
// Spell items (`system.save`, `system.learnedAt.class` as [[className, level]…])

function readSpell(item: ItemData): SpellData {
  const sys = item.system;
  const saveText = (str(sys, "save.description") ?? "").trim();
  const levels: Record<string, number> = {};
  for (const entry of list(sys, "learnedAt.class")) {
    if (Array.isArray(entry) && typeof entry[0] === "string" && typeof entry[1] === "number") levels[entry[0]] = entry[1];
  }
  const spell: SpellData = {
    name: item.name,
    saveText,
    // D35E writes "(harmless)" only in the text.
    harmless: harmlessInText(saveText),
    spellResistance: bool(sys, "sr") === true,
    level: num(sys, "level") ?? 1,
    levelsByClass: levels,
    aim: aimOf({
      area: text(sys, "spellArea"),
      effect: text(sys, "spellEffect"),
      template: text(sys, "measureTemplate.type"),
    }),
  };
  const saveKind = saveKindFromWord(str(sys, "save.type"));
  if (saveKind) spell.saveKind = saveKind;
  const book = text(sys, "spellbook");
  if (book) spell.spellbook = book;
  const school = text(sys, "school");
  if (school) spell.school = school;
  const actionType = text(sys, "actionType");
  if (actionType) spell.actionType = actionType;
  spell.healing = actionType === "heal";
  // use.js #_getSpellDC: roll(save.dc) + roll(spellbook.baseDCFormula); save.dc is "0" by default.
  const extra = num(sys, "save.dc");
  if (extra) spell.itemDCBonus = extra;
  return spell;
}

// ---------------------------------------------------------------------------------------------------
// Actors

/** D35E's active items (module/item/helpers/itemActiveHelper.js). */
function isActive(item: ItemData): boolean {
  const sys = item.system;
  switch (item.type) {
    case "feat":
    case "race":
    case "class":
      return true;
    case "aura":
    case "buff":
      return bool(sys, "active") === true;
    case "equipment":
      return bool(sys, "equipped") !== false && bool(sys, "melded") !== true;
    default:
      return false;
  }
}

/** `@item.school` compared with the feat's custom "Spell School" (the Spell Focus feats' condition). */
const SCHOOL_CONDITION = /^'@item\.school'\s*===?\s*'@self\.custom\.([a-z0-9]+)'$/i;

/** A feat's custom attributes as D35E's roll data names them: name without spaces, lower case. */
function customAttribute(item: ItemData, key: string): unknown {
  for (const attr of Object.values(rec(item.system, "customAttributes") ?? {})) {
    const name = (text(attr, "name") ?? text(attr, "id") ?? "").replace(/ /g, "").toLowerCase();
    if (name === key.toLowerCase() && isRecord(attr)) return attr.value;
  }
  return undefined;
}

/**
 * Spell DC bonuses: D35E has them only as combat changes `[itemType, actionType, condition,
 * "featSpellDCBonus", formula]` on active feats, auras, buffs and equipment (use.js #_getSpellDC adds
 * `rollData.featSpellDCBonus`). A change whose condition this reader cannot evaluate is left out:
 * only "" and the Spell Focus school test are read. Optional ("spellOptional") changes are chosen at
 * cast time and are not counted.
 */
function combatChangeBonuses(actor: ActorData, spell: SpellData): { label: string; value: number }[] {
  const terms: { label: string; value: number }[] = [];
  for (const item of actor.items) {
    if (!["feat", "aura", "buff", "equipment"].includes(item.type) || !isActive(item)) continue;
    for (const change of list(item.system, "combatChanges")) {
      if (!Array.isArray(change)) continue;
      const [itemType, actionType, condition, field, formula] = change as unknown[];
      if (field !== "featSpellDCBonus" || (itemType !== "spell" && itemType !== "all")) continue;
      if (actionType && actionType !== spell.actionType) continue;
      const value = num({ v: formula }, "v");
      if (!value) continue;
      const cond = typeof condition === "string" ? condition.trim() : "";
      if (cond !== "") {
        const school = SCHOOL_CONDITION.exec(cond);
        if (!school?.[1] || !spell.school || customAttribute(item, school[1]) !== spell.school) continue;
      }
      terms.push({ label: item.name, value });
    }
  }
  if (spell.itemDCBonus) terms.push({ label: spell.name, value: spell.itemDCBonus });
  return terms;
}

function casterBook(actor: ActorData, spell: SpellData): CasterBook | undefined {
  return casterBookFrom(
    actor,
    spell.spellbook ?? "primary",
    "3.5",
    {
      // actorUpdater.js: total = value - drain - damage; mod = floor((total - 10) / 2).
      score: (ability) => num(actor.system, `abilities.${ability}.total`) ?? num(actor.system, `abilities.${ability}.value`),
      modifier: (ability) => num(actor.system, `abilities.${ability}.mod`),
    },
    combatChangeBonuses(actor, spell),
  );
}

function hitPoints(actor: ActorData): HitPoints {
  return hitPointsOf(actor);
}

/** D35E stores `hp.value` and `hp.temp` as they are (actorUpdater.js only parses "+n"/"-n" strings). */
function hitPointsUpdate(_actor: ActorData, hp: Pick<HitPoints, "value" | "temp">): Record<string, unknown> {
  return { "system.attributes.hp.value": hp.value, "system.attributes.hp.temp": hp.temp };
}

function evasion(actor: ActorData): "evasion" | "improved" | undefined {
  const items = [...actor.items];
  return evasionFrom(
    items.filter((i) => i.type === "feat").map((i) => ({ name: i.name, uniqueId: str(i.system, "uniqueId") })),
    items.filter((i) => i.type === "equipment" && isActive(i)),
  );
}

// ---------------------------------------------------------------------------------------------------
// Items (D35E template.json physicalItem: carried, hardness 0, hp 10/10; weapons and equipment equipped)

const PHYSICAL = new Set(["weapon", "equipment", "consumable", "loot", "valuable"]);

function equipmentCategory(sys: Data): ItemCategory {
  const type = str(sys, "equipmentType") ?? "armor";
  if (type === "armor") return "armor";
  if (type === "shield") return "shield";
  if (str(sys, "equipmentSubtype") === "clothing") return "clothing";
  return "worn";
}

function itemFacts(item: ItemData): ItemFacts {
  const sys = item.system;
  const enhancement = num(sys, item.type === "equipment" ? "armor.enh" : "enh") ?? 0;
  const cl = num(sys, "baseCl") ?? 0;
  const enhancementItems = list(sys, "enhancements.items").length;
  let category: ItemCategory = "other";
  if (item.type === "weapon") category = "weapon";
  else if (item.type === "equipment") category = equipmentCategory(sys);
  // Neither system marks an item magic: caster level, enhancement (or enhancement items), wondrous.
  const magic =
    cl > 0 ||
    enhancement > 0 ||
    enhancementItems > 0 ||
    (item.type === "equipment" && str(sys, "equipmentSubtype") === "wondrous") ||
    (item.type === "consumable" && MAGIC_CONSUMABLES.has(str(sys, "consumableType") ?? "potion"));
  const facts: ItemFacts = {
    id: itemId(item),
    name: item.name,
    category,
    equipped: item.type === "weapon" || item.type === "equipment" ? bool(sys, "equipped") !== false : false,
    magic,
    enhancement,
    ...durabilityFields(sys),
    ...sharedItemFields(sys, { size: "weaponData.size" }),
    hints: [str(sys, "weaponBaseType") ?? ""],
  };
  if (cl > 0) facts.casterLevel = cl;
  return facts;
}

function items(actor: ActorData): TargetItem[] {
  const out: TargetItem[] = [];
  for (const item of actor.items) {
    if (!PHYSICAL.has(item.type) || !isCarried(item) || bool(item.system, "melded") === true) continue;
    out.push(targetItem(itemFacts(item)));
  }
  return out;
}

export const d35eAdapter: SystemAdapter = {
  id: "D35E",
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
