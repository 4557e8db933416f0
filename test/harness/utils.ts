/**
 * `foundry.utils` as the module sees it: the object helpers Foundry documents publicly
 * (mergeObject, expandObject, flattenObject, getProperty, setProperty, deepClone, randomID, duplicate…),
 * written from their documented behaviour.
 */

export type Data = Record<string, unknown>;

/** Text of a value of unknown type (objects as JSON, null/undefined as ""). */
export function str(value: unknown): string {
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "boolean" || typeof value === "bigint") return String(value);
  if (value === null || value === undefined) return "";
  return JSON.stringify(value);
}

export function isPlainObject(value: unknown): value is Data {
  if (value === null || typeof value !== "object") return false;
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
}

/** A deep copy of plain objects, arrays and dates; other objects (documents, classes) are kept by reference. */
export function deepClone<T>(value: T): T {
  if (Array.isArray(value)) return value.map((v: unknown) => deepClone(v)) as T;
  if (value instanceof Date) return new Date(value.getTime()) as T;
  if (isPlainObject(value)) {
    const out: Data = {};
    for (const [k, v] of Object.entries(value)) out[k] = deepClone(v);
    return out as T;
  }
  return value;
}

/** The old `duplicate`: a JSON round trip (functions and undefined are dropped). */
export function duplicate<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}

/** Expand "a.b.c" keys into nested objects. */
export function expandObject(obj: Data): Data {
  const out: Data = {};
  for (const [key, raw] of Object.entries(obj)) {
    const value = isPlainObject(raw) ? expandObject(raw) : raw;
    if (!key.includes(".")) {
      const existing = out[key];
      out[key] = isPlainObject(existing) && isPlainObject(value) ? mergeObject(existing, value) : value;
      continue;
    }
    setProperty(out, key, value);
  }
  return out;
}

/** Flatten nested plain objects into "a.b.c" keys (arrays and empty objects are values). */
export function flattenObject(obj: Data, prefix = ""): Data {
  const out: Data = {};
  for (const [key, value] of Object.entries(obj)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (isPlainObject(value) && Object.keys(value).length > 0) Object.assign(out, flattenObject(value, path));
    else out[path] = value;
  }
  return out;
}

export function getProperty(obj: unknown, key: string): unknown {
  if (!key) return undefined;
  if (isPlainObject(obj) && key in obj) return obj[key];
  let target: unknown = obj;
  for (const part of key.split(".")) {
    if (target === null || target === undefined || typeof target !== "object") return undefined;
    target = (target as Data)[part];
  }
  return target;
}

export function hasProperty(obj: unknown, key: string): boolean {
  let target: unknown = obj;
  for (const part of key.split(".")) {
    if (target === null || target === undefined || typeof target !== "object") return false;
    if (!(part in target)) return false;
    target = (target as Data)[part];
  }
  return true;
}

/** Set a dotted property, creating intermediate objects; returns whether the value changed. */
export function setProperty(obj: Data, key: string, value: unknown): boolean {
  const parts = key.split(".");
  const last = parts.pop() ?? key;
  let target: Data = obj;
  for (const part of parts) {
    const next = target[part];
    if (next === null || next === undefined || typeof next !== "object") target[part] = {};
    target = target[part] as Data;
  }
  const changed = target[last] !== value;
  target[last] = value;
  return changed;
}

export function deleteProperty(obj: Data, key: string): boolean {
  const parts = key.split(".");
  const last = parts.pop() ?? key;
  const parent = parts.length ? getProperty(obj, parts.join(".")) : obj;
  if (!isPlainObject(parent) || !(last in parent)) return false;
  Reflect.deleteProperty(parent, last);
  return true;
}

export interface MergeOptions {
  insertKeys?: boolean;
  insertValues?: boolean;
  overwrite?: boolean;
  recursive?: boolean;
  inplace?: boolean;
  enforceTypes?: boolean;
  performDeletions?: boolean;
}

/**
 * Merge `other` into `original` (in place by default). Dotted keys of `other` are expanded; with
 * `performDeletions`, "-=key" deletes a key and "==key" replaces an object wholesale, as the server does
 * on updates.
 */
export function mergeObject<T extends object>(original: T, other: object = {}, options: MergeOptions = {}): T {
  const opts: Required<MergeOptions> = {
    insertKeys: true,
    insertValues: true,
    overwrite: true,
    recursive: true,
    inplace: true,
    enforceTypes: false,
    performDeletions: false,
    ...options,
  };
  const target = (opts.inplace ? original : deepClone(original)) as Data;
  let source = other as Data;
  if (Object.keys(source).some((k) => k.includes("."))) source = expandObject(source);
  mergeInto(target, source, opts);
  return target as T;
}

function mergeInto(target: Data, source: Data, opts: Required<MergeOptions>): void {
  for (const [key, raw] of Object.entries(source)) {
    let value = raw;
    if (opts.performDeletions && key.startsWith("-=")) {
      Reflect.deleteProperty(target, key.slice(2));
      continue;
    }
    if (opts.performDeletions && key.startsWith("==")) {
      target[key.slice(2)] = deepClone(value);
      continue;
    }
    if (!opts.performDeletions && (key.startsWith("-=") || key.startsWith("=="))) {
      target[key] = value;
      continue;
    }
    const exists = key in target;
    const existing = target[key];
    if (isPlainObject(value) && isPlainObject(existing) && opts.recursive) {
      mergeInto(existing, value, { ...opts, insertKeys: opts.insertValues ? true : opts.insertKeys });
      continue;
    }
    if (!exists && !opts.insertKeys) continue;
    if (exists && !opts.overwrite) continue;
    if (opts.enforceTypes && exists && existing !== undefined && existing !== null && typeof existing !== typeof value) {
      throw new Error(`Mismatched data types encountered during object merge for key ${key}`);
    }
    if (isPlainObject(value)) value = deepClone(value);
    else if (Array.isArray(value)) value = deepClone(value);
    target[key] = value;
  }
}

/** What in `other` differs from `original` (nested). */
export function diffObject(original: Data, other: Data): Data {
  const out: Data = {};
  for (const [key, value] of Object.entries(other)) {
    const before = original[key];
    if (isPlainObject(value) && isPlainObject(before)) {
      const inner = diffObject(before, value);
      if (Object.keys(inner).length) out[key] = inner;
    } else if (JSON.stringify(before) !== JSON.stringify(value)) out[key] = value;
  }
  return out;
}

export function objectsEqual(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

export function isEmpty(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (Array.isArray(value)) return value.length === 0;
  if (value instanceof Set || value instanceof Map) return value.size === 0;
  if (isPlainObject(value)) return Object.keys(value).length === 0;
  return false;
}

const ID_CHARS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

export function randomID(length = 16): string {
  let id = "";
  for (let i = 0; i < length; i++) id += ID_CHARS.charAt(Math.floor(Math.random() * ID_CHARS.length));
  return id;
}

/** A seeded generator of 16-character ids, so server-assigned ids are the same on every run. */
export function idGenerator(seed: number): () => string {
  let state = seed >>> 0 || 1;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return () => {
    let id = "";
    for (let i = 0; i < 16; i++) id += ID_CHARS.charAt(Math.floor(next() * ID_CHARS.length));
    return id;
  };
}

export function escapeHTML(text: unknown): string {
  return String(text)
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#x27;");
}

/** Foundry cleans dialog HTML; the harness only strips <script> elements. */
export function cleanHTML(html: string): string {
  return html.replace(/<script[\s\S]*?<\/script>/gi, "");
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export const utils = {
  deepClone,
  duplicate,
  expandObject,
  flattenObject,
  getProperty,
  hasProperty,
  setProperty,
  deleteProperty,
  mergeObject,
  diffObject,
  objectsEqual,
  isEmpty,
  randomID,
  escapeHTML,
  cleanHTML,
  sleep,
  isPlainObject,
};
