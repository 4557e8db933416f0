import type { SaveKind } from "../rules/saveLine";
import { t } from "./i18n";

export interface SaveRollOptions {
  /** Situational bonus typed by the player (a number or a formula the system understands). */
  bonus?: string;
  rollMode?: string;
  /** Post the roll in chat (players' saves); the GM's batch of NPC saves is shown on the GM card only. */
  chatMessage: boolean;
}

export interface SaveRollResult {
  natural: number;
  total: number;
}

/** pf1's `ActorPF#rollSavingThrow(id, options)`: its bonuses, conditions and dice animations apply. */
interface Pf1SaveRoller {
  rollSavingThrow(
    id: SaveKind,
    options: { skipDialog: boolean; bonus?: string; rollMode?: string; chatMessage: boolean; noSound: boolean },
  ): Promise<unknown>;
}

function isPf1Roller(actor: Actor.Implementation): actor is Actor.Implementation & Pf1SaveRoller {
  return game.system.id === "pf1" && typeof (actor as Partial<Pf1SaveRoller>).rollSavingThrow === "function";
}

interface RollLike {
  total?: number;
  dice?: { results?: { result: number }[] }[];
}

/** The d20 and total of the first roll of a message (or of its source data, whose rolls are JSON strings). */
function readRoll(message: unknown): SaveRollResult | undefined {
  const rolls = (message as { rolls?: unknown[] } | undefined)?.rolls;
  const first = rolls?.[0];
  const roll: RollLike | undefined = typeof first === "string" ? Roll.fromJSON(first) : (first as RollLike | undefined);
  const natural = roll?.dice?.[0]?.results?.[0]?.result;
  if (natural === undefined || roll?.total === undefined) return undefined;
  return { natural, total: roll.total };
}

/**
 * Rolls a creature's save. pf1: through the system's own save roll (dialog skipped: the module's prompt
 * already asked). D35E's save roll always opens its own dialog, so the module rolls `1d20 + save total`,
 * the total D35E computed with its bonuses and conditions. Returns undefined when the system cancelled.
 */
export async function rollSave(actor: Actor.Implementation, save: SaveKind, bonusTotal: number, options: SaveRollOptions): Promise<SaveRollResult | undefined> {
  if (isPf1Roller(actor)) {
    const result = await actor.rollSavingThrow(save, {
      skipDialog: true,
      chatMessage: options.chatMessage,
      noSound: !options.chatMessage,
      ...(options.bonus ? { bonus: options.bonus } : {}),
      ...(options.rollMode ? { rollMode: options.rollMode } : {}),
    });
    return readRoll(result);
  }
  const formula = options.bonus ? `1d20 + @save + (${options.bonus})` : "1d20 + @save";
  const roll = await new Roll(formula, { save: bonusTotal }).evaluate();
  if (options.chatMessage) {
    await roll.toMessage(
      { speaker: ChatMessage.implementation.getSpeaker({ actor }), flavor: t(`SaveRoll.${save}`) },
      options.rollMode ? { rollMode: options.rollMode as foundry.CONST.DICE_ROLL_MODES } : {},
    );
  }
  return readRoll({ rolls: [roll] });
}
