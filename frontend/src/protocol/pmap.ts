// A small persistent map: keys are spread over fixed shards, so an update copies one shard
// (size/256 entries), not the whole map. Folding an event into a state with 50,000 pods then
// costs microseconds instead of milliseconds, and untouched entries keep their identity.

const SHARDS = 256;

function shardOf(key: string): number {
  let h = 5381;
  for (let i = 0; i < key.length; i++) h = ((h << 5) + h + key.charCodeAt(i)) | 0;
  return (h >>> 0) % SHARDS;
}

export class PMap<V> {
  private constructor(
    private readonly shards: readonly ReadonlyMap<string, V>[],
    readonly size: number,
  ) {}

  static empty<V>(): PMap<V> {
    return new PMap<V>(Array.from({ length: SHARDS }, () => new Map<string, V>()), 0);
  }

  static from<V>(entries: Iterable<readonly [string, V]>): PMap<V> {
    const shards = Array.from({ length: SHARDS }, () => new Map<string, V>());
    let size = 0;
    for (const [k, v] of entries) {
      const s = shards[shardOf(k)];
      if (!s.has(k)) size++;
      s.set(k, v);
    }
    return new PMap<V>(shards, size);
  }

  get(key: string): V | undefined {
    return this.shards[shardOf(key)].get(key);
  }

  has(key: string): boolean {
    return this.shards[shardOf(key)].has(key);
  }

  set(key: string, value: V): PMap<V> {
    const i = shardOf(key);
    const old = this.shards[i];
    if (old.get(key) === value && old.has(key)) return this;
    const shard = new Map(old);
    shard.set(key, value);
    const shards = this.shards.slice();
    shards[i] = shard;
    return new PMap<V>(shards, this.size + (old.has(key) ? 0 : 1));
  }

  delete(key: string): PMap<V> {
    const i = shardOf(key);
    if (!this.shards[i].has(key)) return this;
    const shard = new Map(this.shards[i]);
    shard.delete(key);
    const shards = this.shards.slice();
    shards[i] = shard;
    return new PMap<V>(shards, this.size - 1);
  }

  values(): V[] {
    const out: V[] = [];
    for (const s of this.shards) for (const v of s.values()) out.push(v);
    return out;
  }

  keys(): string[] {
    const out: string[] = [];
    for (const s of this.shards) for (const k of s.keys()) out.push(k);
    return out;
  }
}
