/** The part of Foundry's `CONST` the module uses, with V13 values. */
export const CONST = Object.freeze({
  DOCUMENT_OWNERSHIP_LEVELS: Object.freeze({ INHERIT: -1, NONE: 0, LIMITED: 1, OBSERVER: 2, OWNER: 3 }),
  USER_ROLES: Object.freeze({ NONE: 0, PLAYER: 1, TRUSTED: 2, ASSISTANT: 3, GAMEMASTER: 4 }),
  USER_ROLE_NAMES: Object.freeze({ 0: "NONE", 1: "PLAYER", 2: "TRUSTED", 3: "ASSISTANT", 4: "GAMEMASTER" }),
  DICE_ROLL_MODES: Object.freeze({ PUBLIC: "publicroll", PRIVATE: "gmroll", BLIND: "blindroll", SELF: "selfroll" }),
  CHAT_MESSAGE_STYLES: Object.freeze({ OTHER: 0, OOC: 1, IC: 2, EMOTE: 3 }),
  TOKEN_DISPOSITIONS: Object.freeze({ SECRET: -2, HOSTILE: -1, NEUTRAL: 0, FRIENDLY: 1 }),
});

export const OWNERSHIP = CONST.DOCUMENT_OWNERSHIP_LEVELS;
export const ROLES = CONST.USER_ROLES;
export type RollMode = "publicroll" | "gmroll" | "blindroll" | "selfroll" | "roll";

/** Resolve "OWNER" or a number to an ownership level. */
export function ownershipLevel(permission: string | number): number {
  if (typeof permission === "number") return permission;
  const level = (OWNERSHIP as Record<string, number>)[permission];
  if (level === undefined) throw new Error(`Unknown ownership level "${permission}"`);
  return level;
}
