/** How far back the speed looks: long enough to smooth bursts, short enough to follow a change. */
const WINDOW_MS = 5000;
/** Below this much history the speed is not told yet. */
const MIN_SPAN_MS = 400;

/** The transfer speed over the last seconds, from (time, bytes) samples. */
export class RateMeter {
  private samples: { at: number; bytes: number }[] = [];

  constructor(private readonly now: () => number = () => Date.now()) {}

  /** Starts afresh from `bytes` (a resumed upload does not count the bytes sent before). */
  reset(bytes = 0): void {
    this.samples = [{ at: this.now(), bytes }];
  }

  /** Records the bytes sent so far; answers bytes per second, or null while there is too little history. */
  sample(bytes: number): number | null {
    const at = this.now();
    if (this.samples.length === 0) this.samples.push({ at, bytes });
    this.samples.push({ at, bytes });
    while (this.samples.length > 2 && at - this.samples[1]!.at >= WINDOW_MS) this.samples.shift();
    const first = this.samples[0]!;
    const span = at - first.at;
    if (span < MIN_SPAN_MS) return null;
    return Math.max(0, ((bytes - first.bytes) * 1000) / span);
  }
}
