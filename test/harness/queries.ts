import type { Client } from "./client";
import { duplicate } from "./utils";

export interface QueryRecord {
  from: string;
  to: string;
  name: string;
  data: unknown;
  status: "pending" | "resolved" | "rejected";
  result?: unknown;
  error?: unknown;
}

/**
 * V13 `User#query(name, data, {timeout})`: runs `CONFIG.queries[name](data, {timeout})` on the target
 * user's client, in that client's store, and resolves with its (serialised) return value. Rejects when the
 * target is offline, has no such handler, the handler throws, or the timeout passes. Like Foundry (issue
 * #13418) the handler is NOT told who sent the query: its only arguments are the data and the options.
 */
export async function queryUser(
  sender: Client,
  targetUserId: string,
  name: string,
  data: unknown,
  options: { timeout?: number } = {},
): Promise<unknown> {
  const world = sender.world;
  const record: QueryRecord = { from: sender.userId, to: targetUserId, name, data: duplicate(data ?? null), status: "pending" };
  world.queryLog.push(record);
  world.touch();
  const settle = <T>(status: QueryRecord["status"], value: T): T => {
    record.status = status;
    if (status === "resolved") record.result = value;
    else record.error = value;
    world.touch();
    return value;
  };
  await Promise.resolve();
  const target = world.clients.get(targetUserId);
  const user = world.users.get(targetUserId);
  if (!target || !user?.active) throw settle("rejected", new Error(`User [${targetUserId}] is not active and cannot be queried`));
  const handler = target.config.queries[name];
  if (typeof handler !== "function") throw settle("rejected", new Error(`The query "${name}" is not registered on the client of User [${targetUserId}]`));
  const run = target.run(() => Promise.resolve().then(() => handler(duplicate(data ?? null), { timeout: options.timeout })));
  world.track(run, `query "${name}" on ${user.name}`, { report: false });
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout =
    options.timeout === undefined
      ? null
      : new Promise<never>((_resolve, reject) => {
          timer = setTimeout(() => {
            reject(new Error(`The query "${name}" to User [${targetUserId}] timed out after ${options.timeout}ms`));
          }, options.timeout);
        });
  try {
    const result: unknown = await (timeout ? Promise.race([run, timeout]) : run);
    return settle("resolved", result === undefined ? undefined : duplicate(result));
  } catch (error) {
    throw settle("rejected", error);
  } finally {
    if (timer) clearTimeout(timer);
  }
}
