import type { SaveSession } from "../workflow/session";
import { loadSession, storeSession } from "./cards";
import { clientState } from "./clientState";

/**
 * Runs one change of a session at a time on the acting GM's client: reports that arrive together must not
 * overwrite each other's results. `change` returns the new session (stored in one request) or undefined
 * to leave it as it is.
 */
export function changeSession<T>(
  sessionId: string,
  change: (session: SaveSession) => Promise<{ session?: SaveSession; result: T }> | { session?: SaveSession; result: T },
): Promise<T | undefined> {
  const queues = clientState().sessionQueues;
  const previous = queues.get(sessionId) ?? Promise.resolve();
  const next = previous.then(async () => {
    const session = loadSession(sessionId);
    if (!session) return undefined;
    const { session: changed, result } = await change(session);
    if (changed) await storeSession(changed);
    return result;
  });
  const settled = next.catch(() => undefined);
  queues.set(sessionId, settled);
  void settled.then(() => {
    if (queues.get(sessionId) === settled) queues.delete(sessionId);
  });
  return next;
}
