import type { Data } from "./utils";

/** Server-side (authoritative) sources: plain data, as Foundry stores documents. */

export interface UserSource {
  _id: string;
  name: string;
  role: number;
  /** Actor id of the user's character. */
  character: string | null;
  /** The client's language ("en", "fr"). */
  lang: string;
  active: boolean;
  flags: Data;
}

export interface ItemSource extends Data {
  _id: string;
  name: string;
  type: string;
  system: Data;
  flags: Data;
}

export interface ActorSource extends Data {
  _id: string;
  name: string;
  type: string;
  img: string;
  system: Data;
  items: ItemSource[];
  ownership: Record<string, number>;
  flags: Data;
}

export interface TokenSource extends Data {
  _id: string;
  name: string;
  actorId: string | null;
  actorLink: boolean;
  /** The ActorDelta of an unlinked token: overrides of the base actor's data (and `items` by _id). */
  delta: Data;
  x: number;
  y: number;
  disposition: number;
  hidden: boolean;
  flags: Data;
}

export interface SceneSource extends Data {
  _id: string;
  name: string;
  active: boolean;
  tokens: TokenSource[];
  flags: Data;
}

export interface MessageSource extends Data {
  _id: string;
  type: string;
  system: Data;
  style: number;
  author: string;
  timestamp: number;
  flavor: string;
  content: string;
  speaker: { scene: string | null; actor: string | null; token: string | null; alias: string | undefined };
  whisper: string[];
  blind: boolean;
  /** Rolls as JSON strings, as V13 stores them. */
  rolls: string[];
  sound: string | null;
  emote: boolean;
  flags: Data;
  _stats: Data;
}

/** Server write requests counted per document type and operation, e.g. {Actor: {update: 2}}. */
export type WriteCounts = Record<string, Record<string, number>>;

export interface WriteRecord {
  userId: string;
  documentName: string;
  action: "create" | "update" | "delete";
  /** How many documents the one request changed. */
  documents: number;
  ids: string[];
}
