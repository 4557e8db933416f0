/** Foundry's Collection: a Map with array helpers (`contents`, `filter`, `find`, `getName`…). */
export class Collection<V> extends Map<string, V> {
  get contents(): V[] {
    return Array.from(this.values());
  }

  filter(fn: (value: V, index: number, collection: this) => unknown): V[] {
    return this.contents.filter((v, i) => fn(v, i, this));
  }

  find(fn: (value: V, index: number, collection: this) => unknown): V | undefined {
    return this.contents.find((v, i) => fn(v, i, this));
  }

  some(fn: (value: V, index: number, collection: this) => unknown): boolean {
    return this.contents.some((v, i) => fn(v, i, this));
  }

  every(fn: (value: V, index: number, collection: this) => unknown): boolean {
    return this.contents.every((v, i) => fn(v, i, this));
  }

  map<T>(fn: (value: V, index: number, collection: this) => T): T[] {
    return this.contents.map((v, i) => fn(v, i, this));
  }

  reduce<T>(fn: (acc: T, value: V, index: number) => T, initial: T): T {
    return this.contents.reduce(fn, initial);
  }

  getName(name: string): V | undefined {
    return this.find((v) => (v as { name?: unknown }).name === name);
  }

  /** Like Foundry: `get(key, {strict: true})` throws when the key is absent. */
  override get(key: string, options?: { strict?: boolean }): V | undefined {
    const value = super.get(key);
    if (value === undefined && options?.strict) throw new Error(`The key ${key} does not exist in the Collection`);
    return value;
  }

  toJSON(): unknown[] {
    return this.contents.map((v) => (v as { toJSON?: () => unknown }).toJSON?.() ?? v);
  }
}
