/**
 * A budget per key (a person) in this process: a bucket that holds `perMinute` tokens and fills at
 * `perMinute` a minute. A take of `n` that finds fewer tokens takes none, so a refused call costs
 * its sender nothing more and the others nothing at all. Full buckets are forgotten by `sweep`, so
 * the map holds only those who sent something lately.
 */
export class TokenBuckets<K> {
  private readonly buckets = new Map<K, { tokens: number; at: number }>();
  private readonly perMs: number;

  constructor(readonly perMinute: number) {
    this.perMs = perMinute / 60_000;
  }

  /** Takes `n` tokens from `key`'s bucket at `now` (ms): 0 when taken, else the whole seconds to wait. */
  take(key: K, n: number, now = Date.now()): number {
    const bucket = this.buckets.get(key) ?? { tokens: this.perMinute, at: now };
    const tokens = Math.min(this.perMinute, bucket.tokens + Math.max(0, now - bucket.at) * this.perMs);
    if (tokens >= n) {
      this.buckets.set(key, { tokens: tokens - n, at: now });
      return 0;
    }
    this.buckets.set(key, { tokens, at: now });
    // More than a bucket holds never fits: the wait says a minute, the time a bucket takes to fill.
    if (n > this.perMinute) return 60;
    return Math.max(1, Math.ceil((n - tokens) / this.perMs / 1000));
  }

  /** Forgets the buckets that are full again at `now`. */
  sweep(now = Date.now()): void {
    for (const [key, bucket] of this.buckets) {
      if (bucket.tokens + (now - bucket.at) * this.perMs >= this.perMinute) this.buckets.delete(key);
    }
  }

  get size(): number {
    return this.buckets.size;
  }
}
