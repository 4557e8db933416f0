/**
 * Imported first by the harness: marks the process as a test harness so that src/main.ts skips its
 * top-level `registerModule()` (the harness calls it inside every simulated client instead).
 */
Object.defineProperty(globalThis, "__d20Harness", { value: true, configurable: true, enumerable: false });

export {};
