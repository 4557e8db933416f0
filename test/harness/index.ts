import "./flag";
import { ApplicationV2, HandlebarsApplicationMixin } from "./applications";
import { Collection } from "./collection";
import { CONST } from "./constants";
import { DialogV2 } from "./dialogs";
import { Die, NumericTerm, OperatorTerm, ParentheticalTerm, Roll, RollTerm, setFallbackDice } from "./dice";
import { Actor, Item } from "./documents/actor";
import { ClientDocument } from "./documents/base";
import { ChatMessage } from "./documents/chatMessage";
import { Scene, Token, TokenDocument } from "./documents/scene";
import { User } from "./documents/user";
import { installGlobals } from "./globals";
import { loadTemplates, renderTemplate } from "./templates";
import { fromUuid, fromUuidSync } from "./uuid";
import { utils } from "./utils";
import { World, type WorldOptions } from "./world";
import "./systemRolls";

/** The `foundry` namespace the module sees (the parts the harness implements). */
export const foundryNamespace = {
  utils: { ...utils, Collection },
  CONST,
  abstract: { Document: ClientDocument },
  documents: { Actor, Item, ChatMessage, User, Scene, TokenDocument },
  dice: { Roll, terms: { RollTerm, Die, NumericTerm, OperatorTerm, ParentheticalTerm } },
  applications: {
    api: { DialogV2, ApplicationV2, HandlebarsApplicationMixin },
    handlebars: { renderTemplate, loadTemplates },
  },
  canvas: { placeables: { Token } },
};

const STATIC_GLOBALS: Record<string, unknown> = {
  foundry: foundryNamespace,
  CONST,
  Actor,
  Item,
  ChatMessage,
  User,
  Scene,
  TokenDocument,
  Token,
  Roll,
  Die,
  Collection,
  fromUuid,
  fromUuidSync,
};

/**
 * Create an in-memory Foundry world for one test: `createWorld({system: "pf1"})`. Installs the Foundry
 * globals (per-client getters for game/Hooks/CONFIG/ui/canvas) the first time.
 */
export function createWorld(options: WorldOptions): World {
  installGlobals(STATIC_GLOBALS);
  const world = new World(options);
  setFallbackDice(world.dice);
  return world;
}

export { World, type WorldOptions } from "./world";
export type { UserInput, ActorOptions, TokenInput, HarnessError, SystemId } from "./world";
export { Client, type Notice } from "./client";
export type { OpenDialog, DialogAnswer, DialogAnswerer, DialogConfig } from "./dialogs";
export { Actor, Item, ChatMessage, User, Scene, TokenDocument, Token, Roll, DialogV2, CONST };
export { D20RollPF } from "./systemRolls";
export { clientStore, currentClient } from "./globals";
export type { WriteCounts, WriteRecord, ActorSource, MessageSource } from "./types";
