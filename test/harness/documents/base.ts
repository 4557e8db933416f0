import type { Client } from "../client";
import { OWNERSHIP, ownershipLevel } from "../constants";
import { deepClone, getProperty, type Data } from "../utils";
import type { User } from "./user";

/**
 * What every client-side document shares: its client (each client holds its own copy of the documents it
 * was sent), its source data, flags, ownership tests and `toObject()`. Writes go to the server (the world),
 * which checks permissions and broadcasts the change to the clients that receive it.
 */
export abstract class ClientDocument {
  static documentName = "Document";

  /** The client this copy lives on. */
  readonly _client: Client;
  _source: Data;
  parent: ClientDocument | null;

  constructor(client: Client, source: Data, parent: ClientDocument | null = null) {
    this._client = client;
    this._source = source;
    this.parent = parent;
  }

  get documentName(): string {
    return (this.constructor as typeof ClientDocument).documentName;
  }

  get id(): string {
    return this._source._id as string;
  }

  get _id(): string {
    return this.id;
  }

  abstract get uuid(): string;

  get name(): string {
    return (this._source.name as string | undefined) ?? "";
  }

  get flags(): Record<string, Record<string, unknown>> {
    this._source.flags ??= {};
    return this._source.flags as Record<string, Record<string, unknown>>;
  }

  getFlag(scope: string, key: string): unknown {
    const scoped = this.flags[scope];
    if (scoped === undefined) return undefined;
    return getProperty(scoped, key);
  }

  async setFlag(scope: string, key: string, value: unknown): Promise<this | undefined> {
    return this.update({ [`flags.${scope}.${key}`]: value });
  }

  async unsetFlag(scope: string, key: string): Promise<this | undefined> {
    const parts = key.split(".");
    const last = parts.pop() ?? key;
    const path = ["flags", scope, ...parts, `-=${last}`].join(".");
    return this.update({ [path]: null });
  }

  toObject(): Data {
    return deepClone(this._source);
  }

  toJSON(): Data {
    return this.toObject();
  }

  /** Ownership level of a user: subclasses define how. */
  abstract getUserLevel(user: User | null | undefined): number;

  testUserPermission(user: User | null | undefined, permission: string | number, options: { exact?: boolean } = {}): boolean {
    const level = this.getUserLevel(user);
    const wanted = ownershipLevel(permission);
    return options.exact ? level === wanted : level >= wanted;
  }

  /** Ownership level of this client's user. */
  get permission(): number {
    return this.getUserLevel(this._client.user);
  }

  get isOwner(): boolean {
    return this.permission >= OWNERSHIP.OWNER;
  }

  get limited(): boolean {
    return this.permission === OWNERSHIP.LIMITED;
  }

  get visible(): boolean {
    return this.permission >= OWNERSHIP.LIMITED;
  }

  abstract update(changes: Data, options?: Data): Promise<this | undefined>;

  abstract delete(options?: Data): Promise<this | undefined>;
}
