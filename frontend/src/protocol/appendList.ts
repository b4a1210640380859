// An immutable append-only list for the state's logs (Kubernetes Events): a push copies the last
// chunk (at most CHUNK items) and the chunk index, not the whole list — 10,000 events folded one
// by one copied 50 million references as arrays. Earlier states keep their own view.

const CHUNK = 256;

export class AppendList<T> {
  private array: readonly T[] | null = null;

  private constructor(
    private readonly chunks: readonly (readonly T[])[],
    readonly length: number,
  ) {}

  static empty<T>(): AppendList<T> {
    return new AppendList<T>([], 0);
  }

  static from<T>(items: readonly T[]): AppendList<T> {
    const chunks: T[][] = [];
    for (let i = 0; i < items.length; i += CHUNK) chunks.push(items.slice(i, i + CHUNK));
    return new AppendList<T>(chunks, items.length);
  }

  push(item: T): AppendList<T> {
    const chunks = this.chunks.slice();
    const last = chunks[chunks.length - 1];
    if (!last || last.length >= CHUNK) chunks.push([item]);
    else chunks[chunks.length - 1] = [...last, item];
    return new AppendList<T>(chunks, this.length + 1);
  }

  /** The last `n` items, oldest first, without building the whole array. */
  tail(n: number): T[] {
    const out: T[] = [];
    for (let c = this.chunks.length - 1; c >= 0 && out.length < n; c--) {
      const chunk = this.chunks[c];
      for (let i = chunk.length - 1; i >= 0 && out.length < n; i--) out.push(chunk[i]);
    }
    return out.reverse();
  }

  /** The items, oldest first (built once per list: the list never changes). */
  toArray(): readonly T[] {
    if (this.array === null) this.array = ([] as T[]).concat(...this.chunks);
    return this.array;
  }
}
