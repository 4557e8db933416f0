/**
 * The system adapters by Foundry system id (`game.system.id`): pf1 and D35E. Anything else has none:
 * the module stays idle there.
 */
import type { SystemAdapter } from "./adapter";
import { d35eAdapter } from "./d35e";
import { pf1Adapter } from "./pf1";

export type * from "./adapter";
export { d35eAdapter } from "./d35e";
export { pf1Adapter } from "./pf1";

const ADAPTERS: Readonly<Record<string, SystemAdapter>> = { pf1: pf1Adapter, D35E: d35eAdapter };

/** The adapter for a Foundry system id, or `undefined` for a system the module does not support. */
export function adapterFor(systemId: string): SystemAdapter | undefined {
  return Object.hasOwn(ADAPTERS, systemId) ? ADAPTERS[systemId] : undefined;
}
