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

/** Which targets' hit points reached the sheets, and which did not (their request was refused or failed). */
export interface HpWriteOutcome {
  written: string[];
  failed: string[];
}

/**
 * Writes every change in as few requests as Foundry allows: one for all world actors, and one per
 * unlinked token (Foundry updates a synthetic actor only through its own token). The requests are
 * independent: one that fails (a token deleted meanwhile) leaves the others written, so each target is
 * reported as written or failed and only what was written is recorded on the card.
 */
export async function writeHitPoints(changes: readonly HpChange[], creatures: ReadonlyMap<string, Creature>): Promise<HpWriteOutcome> {
  const adapter = adapterFor(game.system.id);
  if (!adapter) return { written: [], failed: changes.map((c) => c.targetId) };
  const world: { targetIds: string[]; updates: Record<string, unknown>[] } = { targetIds: [], updates: [] };
  const byToken = new Map<TokenDocument.Implementation, { targetIds: string[]; updates: Record<string, unknown>[] }>();
  const failed: string[] = [];
  for (const change of changes) {
    const creature = creatures.get(change.targetId);
    if (!creature) {
      failed.push(change.targetId);
      continue;
    }
    const update = { _id: creature.actor.id, ...adapter.hitPointsUpdate(actorData(creature.actor), change.next) };
    const token = creature.actor.isToken ? creature.token ?? creature.actor.token : null;
    const batch = token ? byToken.get(token) ?? { targetIds: [], updates: [] } : world;
    batch.targetIds.push(change.targetId);
    batch.updates.push(update);
    if (token) byToken.set(token, batch);
  }
  // All requests leave at once; an error thrown while sending one counts as that request's failure.
  const send = async (write: () => Promise<unknown>) => write();
  const requests: { targetIds: string[]; write: Promise<unknown> }[] = [];
  if (world.updates.length > 0) {
    requests.push({ targetIds: world.targetIds, write: send(() => Actor.implementation.updateDocuments(world.updates)) });
  }
  for (const [token, batch] of byToken) {
    requests.push({ targetIds: batch.targetIds, write: send(() => Actor.implementation.updateDocuments(batch.updates, { parent: token })) });
  }
  const results = await Promise.allSettled(requests.map((r) => r.write));
  const written: string[] = [];
  results.forEach((result, i) => {
    const targetIds = requests[i]?.targetIds ?? [];
    if (result.status === "fulfilled") written.push(...targetIds);
    else {
      console.error("d20-spell-saves | a hit point write failed:", result.reason);
      failed.push(...targetIds);
    }
  });
  return { written, failed };
}
