/** Users, ownership and the one GM client that acts for everyone. */

/** The single client that runs the workflow: the active GM's (DESIGN.md, `game.users.activeGM`). */
export function isActingGM(): boolean {
  return game.users.activeGM?.id === game.user.id;
}

export function gmIds(): string[] {
  return game.users.filter((u) => u.isGM).map((u) => u.id);
}

/** Players (not GMs) who own the actor: they roll or waive its saves. */
export function playerOwnerIds(actor: Actor.Implementation): string[] {
  return game.users.filter((u) => !u.isGM && actor.testUserPermission(u, "OWNER")).map((u) => u.id);
}

/** May this user act for this actor? GMs may act for every creature. */
export function mayActFor(user: User.Implementation, actor: Actor.Implementation): boolean {
  return user.isGM || actor.testUserPermission(user, "OWNER");
}

export function isOnline(userId: string): boolean {
  return game.users.get(userId)?.active ?? false;
}
