import { Collection } from "../collection";
import { OWNERSHIP, ROLES } from "../constants";
import { queryUser } from "../queries";
import type { UserSource } from "../types";
import type { Actor } from "./actor";
import { ClientDocument } from "./base";
import type { Token } from "./scene";

/** A client's copy of a User. `targets` is that user's set of targeted Token placeables. */
export class User extends ClientDocument {
  static override documentName = "User";

  readonly targets = new Set<Token>();

  get source(): UserSource {
    return this._source as unknown as UserSource;
  }

  get uuid(): string {
    return `User.${this.id}`;
  }

  get role(): number {
    return this.source.role;
  }

  /** Foundry counts assistants as GMs. */
  get isGM(): boolean {
    return this.role >= ROLES.ASSISTANT;
  }

  get active(): boolean {
    return this.source.active;
  }

  get isSelf(): boolean {
    return this._client.userId === this.id;
  }

  get character(): Actor | null {
    const id = this.source.character;
    return id ? (this._client.game.actors.get(id) ?? null) : null;
  }

  get isActiveGM(): boolean {
    return this._client.game.users.activeGM?.id === this.id;
  }

  get color(): string {
    return "#888888";
  }

  hasRole(role: string | number, options: { exact?: boolean } = {}): boolean {
    const level = typeof role === "number" ? role : ((ROLES as Record<string, number>)[role] ?? Infinity);
    return options.exact ? this.role === level : this.role >= level;
  }

  /** The harness grants every core permission (creating messages, querying users…). */
  can(permission: string): boolean {
    return permission.length > 0;
  }

  getUserLevel(user: User | null | undefined): number {
    if (!user) return OWNERSHIP.NONE;
    return user.isGM || user.id === this.id ? OWNERSHIP.OWNER : OWNERSHIP.LIMITED;
  }

  /** V13 User#query: run CONFIG.queries[name] on this user's client and resolve with its return value. */
  query(name: string, data: unknown, options: { timeout?: number } = {}): Promise<unknown> {
    return queryUser(this._client, this.id, name, data, options);
  }

  update(): Promise<this | undefined> {
    return Promise.reject(new Error("The harness does not update User documents; use world.setActive/world.target."));
  }

  delete(): Promise<this | undefined> {
    return Promise.reject(new Error("The harness does not delete User documents."));
  }
}

/** game.users: the collection with `activeGM` (an active GAMEMASTER before an ASSISTANT, then the lowest id). */
export class Users extends Collection<User> {
  constructor(private readonly selfId: string) {
    super();
  }

  get current(): User | null {
    return this.get(this.selfId) ?? null;
  }

  get activeGM(): User | null {
    const gms = this.filter((u) => u.isGM && u.active).sort((a, b) => {
      const full = Number(b.role === ROLES.GAMEMASTER) - Number(a.role === ROLES.GAMEMASTER);
      return full !== 0 ? full : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
    });
    return gms[0] ?? null;
  }

  get players(): User[] {
    return this.filter((u) => !u.isGM);
  }
}
