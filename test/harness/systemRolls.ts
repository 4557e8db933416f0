import { ChatMessage } from "./documents/chatMessage";
import type { Actor } from "./documents/actor";
import type { TokenDocument } from "./documents/scene";
import { DialogV2, openDialog, type DialogConfig } from "./dialogs";
import { Roll, registerRollClass, type Die } from "./dice";
import { currentClient } from "./globals";
import { getProperty, mergeObject, str, type Data } from "./utils";

/**
 * The systems' own saving throws, emulated from /work/research/systems.md and the fixtures in
 * shared/data/messages (pf1 master / v10.8 and D35E 2.4.3). The d20 comes from the world's fixed dice;
 * the bonus is `system.attributes.savingThrows.<save>.total` (pf1 actor JSON lacks derived totals: give
 * them when adding the actor).
 */

type SaveId = "fort" | "ref" | "will";

const SAVE_NAMES: Record<SaveId, string> = { fort: "Fortitude", ref: "Reflex", will: "Will" };
const SAVE_ABILITY: Record<SaveId, string> = { fort: "Constitution", ref: "Dexterity", will: "Wisdom" };

/** pf1's D20RollPF: a Roll with natural-die accessors (and v11's dc/isSuccess when a dc option is given). */
export class D20RollPF extends Roll {
  get d20(): Die | undefined {
    return this.dice[0];
  }

  get natural(): number | undefined {
    return this.d20?.total;
  }

  get isNat1(): boolean {
    return this.natural === 1;
  }

  get isNat20(): boolean {
    return this.natural === 20;
  }

  get isStatic(): boolean {
    return false;
  }

  get dc(): number | undefined {
    return typeof this.options.dc === "number" ? this.options.dc : undefined;
  }

  get isSuccess(): boolean | undefined {
    return this.dc === undefined || this.total === undefined ? undefined : this.total >= this.dc;
  }
}
registerRollClass("D20RollPF", D20RollPF);

/** D35E's roll class name in its messages. */
export class Roll35e extends Roll {}
registerRollClass("Roll35e", Roll35e);

function saveTotal(actor: Actor, save: SaveId): number {
  return Number(getProperty(actor.system, `attributes.savingThrows.${save}.total`) ?? 0);
}

function d35eSaveId(value: unknown): SaveId | null {
  const s = String(value).toLowerCase();
  if (s === "fort" || s.startsWith("fortitude")) return "fort";
  if (s === "ref" || s.startsWith("reflex")) return "ref";
  if (s === "will" || s.startsWith("will")) return "will";
  return null;
}

/** A system roll dialog (pf1 unless skipDialog; D35E always): answered "roll" (values bonus, rollMode) or closed. */
async function systemDialog(title: string): Promise<Data | null> {
  const client = currentClient("system roll dialog");
  const config: DialogConfig = {
    window: { title },
    content:
      `<div class="form-group"><label>Situational Bonus</label><input type="text" name="bonus" value=""></div>` +
      `<div class="form-group"><label>Roll Mode</label><select name="rollMode">` +
      ["publicroll", "gmroll", "blindroll", "selfroll"].map((m) => `<option value="${m}">${m}</option>`).join("") +
      `</select></div>`,
    buttons: [],
  };
  const dialog = openDialog(client, "system", config, [{ action: "roll", label: "Roll", default: true, callback: () => dialog.values() }], new DialogV2(config));
  const result = await dialog.promise;
  return (result as Data | null) ?? null;
}

function rollModeSetting(): string {
  return String(currentClient("rollSavingThrow").game.settings.get("core", "rollMode"));
}

/** pf1 `actor.rollSavingThrow(savingThrowId, options)`. */
async function rollPF1(actor: Actor, saveId: SaveId, options: Data = {}): Promise<unknown> {
  const client = currentClient("pf1 rollSavingThrow");
  if (!actor.isOwner) {
    client.ui.notifications.warn(`You lack permission to roll ${actor.name}'s saving throw.`);
    return undefined;
  }
  const token = (options.token as TokenDocument | undefined) ?? actor.token;
  const flavor = `${SAVE_NAMES[saveId]} Saving Throw`;
  const rollOptions: Data = {
    ...options,
    rollData: actor.getRollData(),
    flavor,
    subject: { save: saveId },
    speaker: ChatMessage.getSpeaker({ actor, token: token ?? null }),
  };
  if (!client.hooks.call("pf1PreActorRollSave", actor, rollOptions, saveId)) return undefined;
  let bonus = rollOptions.bonus as string | number | undefined;
  let rollMode = (rollOptions.rollMode as string | undefined) ?? rollModeSetting();
  if (!rollOptions.skipDialog) {
    const answer = await systemDialog(`${actor.name}: ${flavor}`);
    if (!answer) return undefined;
    if (answer.bonus) bonus = str(answer.bonus);
    if (answer.rollMode) rollMode = str(answer.rollMode);
  }
  const total = saveTotal(actor, saveId);
  const dice = (rollOptions.dice as string | undefined) ?? "1d20";
  const formula = `${dice} + ${total}[${SAVE_ABILITY[saveId]}]${bonus !== undefined && bonus !== "" ? ` + ${bonus}` : ""}`;
  const roll = new D20RollPF(formula, rollOptions.rollData as Data, {
    critical: 20,
    flavor,
    staticRoll: null,
    bonus: bonus ?? "",
    ...(typeof rollOptions.dc === "number" ? { dc: rollOptions.dc } : {}),
  });
  await roll.evaluate();
  const natural = roll.natural ?? 0;
  const state = natural === 1 ? " natural-1 failure" : natural === 20 ? " natural-20 success" : "";
  const content =
    `<span class="flavor-text">${flavor}</span>\n<div class="dice-roll"><div class="dice-result">` +
    `<h4 data-natural="${natural}" data-bonus="${total}" class="dice-total${state}">${roll.total}</h4></div></div>`;
  const messageData: Data = mergeObject(
    {
      speaker: rollOptions.speaker,
      flavor: "",
      content,
      sound: "sounds/dice.wav",
      rolls: [roll],
      flags: { pf1: { subject: { save: saveId } } },
    },
    (rollOptions.messageData as Data | undefined) ?? {},
  );
  messageData.rolls = [roll];
  if (rollOptions.chatMessage === false) {
    ChatMessage.applyRollMode(messageData, rollMode);
    messageData.rolls = [JSON.stringify(roll.toJSON())];
    client.hooks.callAll("pf1ActorRollSave", actor, messageData, saveId);
    return messageData;
  }
  const message = await ChatMessage.create(messageData, { rollMode });
  client.hooks.callAll("pf1ActorRollSave", actor, message, saveId);
  return message;
}

/** D35E `actor.rollSavingThrow(savingThrow, ability, target, options)`: always its roll dialog; resolves the Roll. */
async function rollD35E(actor: Actor, saveArg: unknown, _ability: unknown, target: unknown, options: Data = {}): Promise<unknown> {
  const client = currentClient("D35E rollSavingThrow");
  if (!actor.testUserPermission(client.user, "OWNER")) {
    client.ui.notifications.warn(`You lack permission to roll ${actor.name}'s saving throw.`);
    return undefined;
  }
  const saveId = d35eSaveId(saveArg);
  if (!saveId) throw new Error(`D35E rollSavingThrow: unknown saving throw "${String(saveArg)}"`);
  const saveTypeName = SAVE_NAMES[saveId];
  const answer = await systemDialog(`${actor.name} - ${saveTypeName}`);
  if (!answer) return undefined;
  const rollMode = str(answer.rollMode) || str(options.rollMode) || "gmroll";
  const total = saveTotal(actor, saveId);
  const bonus = answer.bonus ? ` + ${str(answer.bonus)}` : "";
  const roll = new Roll35e(`1d20 + ${total}${bonus}`, actor.getRollData());
  await roll.evaluate();
  const controlled = client.canvas.tokens.controlled[0]?.document ?? null;
  const speaker = (options.speaker as Data | undefined) ?? ChatMessage.getSpeaker({ actor, token: controlled ?? actor.token });
  const rollJson = roll.toJSON();
  rollJson.class = "Roll";
  const success = target !== undefined && target !== null && target !== "" ? (roll.total ?? 0) >= Number(target) : undefined;
  const content =
    `<div class="D35E chat-card item-card" data-actor-id="${actor.id}" data-item-id="">` +
    `<header class="card-header flexrow"><h3>${actor.name} - ${saveTypeName}</h3></header>` +
    `<div class="card-content"><div class="dice-result"><h4 class="dice-total">${roll.total}</h4></div></div></div>`;
  const data: Data = {
    speaker,
    content,
    sound: "sounds/dice.wav",
    rolls: client.world.options.d35eSaveMessageRolls ? [roll] : [],
    flags: {
      core: { canPopout: true },
      D35E: {
        chatTemplateData: {
          name: actor.name,
          type: 0,
          rollMode,
          actor: { _id: actor.id, name: actor.name, img: actor.img },
          img: actor.img,
          saveTypeName,
          roll: rollJson,
          total: roll.total,
          result: roll.result,
          target,
          success,
          properties: [],
          hasProperties: false,
          actions: [],
        },
        template: "systems/D35E/templates/chat/saving-throw.html",
        revealed: false,
        noRollRender: true,
      },
    },
  };
  await ChatMessage.create(data, { rollMode });
  return roll;
}

/** Dispatch `actor.rollSavingThrow(...)` to the world's system. */
export function rollSavingThrow(actor: Actor, args: unknown[]): Promise<unknown> {
  const system = actor._client.world.system;
  if (system === "pf1") {
    const saveId = args[0] as SaveId;
    if (!(saveId in SAVE_NAMES)) return Promise.reject(new Error(`pf1 rollSavingThrow: unknown saving throw "${saveId}"`));
    return rollPF1(actor, saveId, (args[1] as Data | undefined) ?? {});
  }
  return rollD35E(actor, args[0], args[1], args[2], (args[3] as Data | undefined) ?? {});
}
