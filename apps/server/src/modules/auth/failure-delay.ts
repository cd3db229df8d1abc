/**
 * A progressive delay per (username, address) after failed sign-ins: free for the first few
 * failures, then doubling up to a ceiling. Kept in process memory (a delay, not a lock: the rate
 * limits are the hard bound), entries forgotten after a quiet window.
 */
export class FailureDelay {
  private readonly failures = new Map<string, { count: number; at: number }>();

  constructor(
    private readonly freeFailures = 3,
    private readonly baseMs = 100,
    private readonly maxMs = 1_000,
    private readonly forgetAfterMs = 15 * 60_000,
  ) {}

  /** How long to wait before answering the next attempt of `key`. */
  delayMs(key: string, now = Date.now()): number {
    const entry = this.failures.get(key);
    if (!entry || now - entry.at > this.forgetAfterMs) return 0;
    const over = entry.count - this.freeFailures;
    return over <= 0 ? 0 : Math.min(this.baseMs * 2 ** (over - 1), this.maxMs);
  }

  fail(key: string, now = Date.now()): void {
    const entry = this.failures.get(key);
    const count = entry && now - entry.at <= this.forgetAfterMs ? entry.count + 1 : 1;
    this.failures.set(key, { count, at: now });
    if (this.failures.size > 100_000) this.prune(now);
  }

  succeed(key: string): void {
    this.failures.delete(key);
  }

  private prune(now: number): void {
    for (const [key, entry] of this.failures) {
      if (now - entry.at > this.forgetAfterMs) this.failures.delete(key);
    }
  }
}
