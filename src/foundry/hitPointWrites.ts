import { adapterFor } from "../systems/index";
import type { HitPoints } from "../systems/adapter";
import type { HpTaken } from "../workflow/session";
import { actorData, creatureFromUuid } from "./documents";

/** One creature's new hit points, and what the change took (for Undo). */
export interface HpChange {
  targetId: string;
  actorUuid: string;
  taken: HpTaken;
  next: Pick<HitPoints, "value" | "temp">;
}

type Creature = NonNullable<Awaited<ReturnType<typeof creatureFromUuid>>>;

/** Reads each creature's hit points; targets whose creature no longer exists are left out (and named). */
export async function readHitPoints(
  targets: readonly { id: string; actorUuid: string }[],
): Promise<{ found: { targetId: string; creature: Creature; hp: HitPoints }[]; gone: string[] }> {
  const adapter = adapterFor(game.system.id);
  const found: { targetId: string; creature: Creature; hp: HitPoints }[] = [];
  const gone: string[] = [];
  for (const target of targets) {
    const creature = await creatureFromUuid(target.actorUuid);
    if (!creature || !adapter) gone.push(target.id);
    else found.push({ targetId: target.id, creature, hp: adapter.hitPoints(actorData(creature.actor)) });
  }
  return { found, gone };
}

/**
 * Writes every change in as few requests as Foundry allows: one for all world actors, and one per
 * unlinked token (Foundry updates a synthetic actor only through its own token).
 */
export async function writeHitPoints(changes: readonly HpChange[], creatures: ReadonlyMap<string, Creature>): Promise<void> {
  const adapter = adapterFor(game.system.id);
  if (!adapter || changes.length === 0) return;
  const world: Record<string, unknown>[] = [];
  const byToken = new Map<TokenDocument.Implementation, Record<string, unknown>[]>();
  for (const change of changes) {
    const creature = creatures.get(change.targetId);
    if (!creature) continue;
    const update = { _id: creature.actor.id, ...adapter.hitPointsUpdate(actorData(creature.actor), change.next) };
    const token = creature.actor.isToken ? creature.token ?? creature.actor.token : null;
    if (!token) world.push(update);
    else byToken.set(token, [...(byToken.get(token) ?? []), update]);
  }
  const writes: Promise<unknown>[] = [];
  if (world.length > 0) writes.push(Actor.implementation.updateDocuments(world));
  for (const [token, updates] of byToken) writes.push(Actor.implementation.updateDocuments(updates, { parent: token }));
  await Promise.all(writes);
}
