/**
 * What one client remembers between hooks: casts already taken up, prompts open, the session queue,
 * cards being drawn. It hangs on this client's `game`, so that nothing leaks from one game to another.
 */
export interface ClientState {
  startedCasts: Set<string>;
  openPrompts: Set<string>;
  sessionQueues: Map<string, Promise<unknown>>;
  drawing: Set<Promise<void>>;
}

const states = new WeakMap<object, ClientState>();

export function clientState(): ClientState {
  let state = states.get(game);
  if (!state) {
    state = { startedCasts: new Set(), openPrompts: new Set(), sessionQueues: new Map(), drawing: new Set() };
    states.set(game, state);
  }
  return state;
}
