/**
 * Argument checks shared by the rule functions (R9–R18).
 *
 * A rule function that is handed a bad argument (a negative spell level, NaN, 2.5 where the rules only
 * know whole numbers, an unknown save effect) throws at once with a message that names the function and
 * the argument, e.g. `spellSaveDC: spellLevel must be an integer >= 0, got -1`. It never answers with a
 * wrong number: a DC or a damage figure that silently came out of `NaN` would reach the table.
 *
 * Convention: a value of the wrong JavaScript type (a string where a number is needed, `undefined` where
 * a boolean is needed) is a `TypeError`; a number of the right type but outside what the rules allow
 * (NaN, Infinity, a fraction, below the minimum) is a `RangeError`, as are unknown enum values.
 */

/** Bounds for {@link requireInteger}; both inclusive. */
export interface IntegerBounds {
  min?: number;
  max?: number;
}

/** A short, safe rendering of any value for an error message. */
export function describeValue(value: unknown): string {
  if (typeof value === "string") return JSON.stringify(value);
  if (typeof value === "number" || typeof value === "boolean" || typeof value === "bigint") return `${value}`;
  if (value === undefined) return "undefined";
  if (value === null) return "null";
  if (typeof value === "function") return "a function";
  if (typeof value === "symbol") return value.toString();
  try {
    return JSON.stringify(value);
  } catch {
    return "an object";
  }
}

function boundsText(bounds: IntegerBounds): string {
  const { min, max } = bounds;
  if (min !== undefined && max !== undefined) return ` from ${min} to ${max}`;
  if (min !== undefined) return ` >= ${min}`;
  if (max !== undefined) return ` <= ${max}`;
  return "";
}

/**
 * Returns `value` when it is an integer within `bounds`; throws otherwise.
 * @param fn the public rule function doing the check (for the message)
 * @param arg the argument's name as the caller wrote it (e.g. `"spellLevel"`, `"bonuses[1].value"`)
 */
export function requireInteger(fn: string, arg: string, value: unknown, bounds: IntegerBounds = {}): number {
  const wanted = `an integer${boundsText(bounds)}`;
  if (typeof value !== "number") {
    throw new TypeError(`${fn}: ${arg} must be ${wanted}, got ${describeValue(value)}`);
  }
  if (!Number.isInteger(value)) {
    throw new RangeError(`${fn}: ${arg} must be ${wanted}, got ${describeValue(value)}`);
  }
  if ((bounds.min !== undefined && value < bounds.min) || (bounds.max !== undefined && value > bounds.max)) {
    throw new RangeError(`${fn}: ${arg} must be ${wanted}, got ${describeValue(value)}`);
  }
  return value;
}

/** Like {@link requireInteger}, but `undefined` is allowed (an optional argument) and passed through. */
export function optionalInteger(
  fn: string,
  arg: string,
  value: unknown,
  bounds: IntegerBounds = {},
): number | undefined {
  return value === undefined ? undefined : requireInteger(fn, arg, value, bounds);
}

/** A finite number, fractions allowed (e.g. an object's thickness in inches). */
export function requireFiniteNumber(fn: string, arg: string, value: unknown, bounds: IntegerBounds = {}): number {
  const wanted = `a finite number${boundsText(bounds)}`;
  if (typeof value !== "number") {
    throw new TypeError(`${fn}: ${arg} must be ${wanted}, got ${describeValue(value)}`);
  }
  if (
    !Number.isFinite(value) ||
    (bounds.min !== undefined && value < bounds.min) ||
    (bounds.max !== undefined && value > bounds.max)
  ) {
    throw new RangeError(`${fn}: ${arg} must be ${wanted}, got ${describeValue(value)}`);
  }
  return value;
}

export function requireBoolean(fn: string, arg: string, value: unknown): boolean {
  if (typeof value !== "boolean") {
    throw new TypeError(`${fn}: ${arg} must be true or false, got ${describeValue(value)}`);
  }
  return value;
}

/** `undefined` stands for the documented default; anything else must be a boolean. */
export function optionalBoolean(fn: string, arg: string, value: unknown, fallback: boolean): boolean {
  return value === undefined ? fallback : requireBoolean(fn, arg, value);
}

export function requireString(fn: string, arg: string, value: unknown): string {
  if (typeof value !== "string") {
    throw new TypeError(`${fn}: ${arg} must be a string, got ${describeValue(value)}`);
  }
  return value;
}

/** Returns `value` when it is one of `allowed` (exact match); throws a RangeError listing them otherwise. */
export function requireOneOf<const T extends string>(fn: string, arg: string, value: unknown, allowed: readonly T[]): T {
  if (typeof value === "string" && (allowed as readonly string[]).includes(value)) return value as T;
  const list = allowed.map((a) => JSON.stringify(a)).join(", ");
  const error = typeof value === "string" ? RangeError : TypeError;
  throw new error(`${fn}: ${arg} must be one of ${list}, got ${describeValue(value)}`);
}

/** Throws unless `value` is a plain object (the single-argument "input" of most rule functions). */
export function requireObject(fn: string, arg: string, value: unknown): Record<string, unknown> {
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw new TypeError(`${fn}: ${arg} must be an object, got ${describeValue(value)}`);
  }
  return value as Record<string, unknown>;
}
