const SECOND = 1000;
const HOUR = 60 * 60 * SECOND;

/** docs/integrations.md: after attempt n fails, wait RETRY_DELAYS_MS[n-1]; then every 6 h. */
export const RETRY_DELAYS_MS = [
  10 * SECOND,
  60 * SECOND,
  5 * 60 * SECOND,
  30 * 60 * SECOND,
  2 * HOUR,
];
export const LATER_RETRY_MS = 6 * HOUR;
/** No attempt is scheduled later than this after the first one. */
export const RETRY_WINDOW_MS = 24 * HOUR;
/** An endpoint whose every attempt failed for this long is disabled. */
export const DISABLE_AFTER_MS = 3 * 24 * HOUR;

/**
 * When to try again after failed attempt `attempt` (1-based), or null when the 24 hours are
 * over. A receiver's own wait (429 retry_after) replaces the backoff.
 */
export function nextAttemptAt(
  attempt: number,
  firstAttemptAt: Date,
  now: Date,
  retryAfterMs: number | null = null,
): Date | null {
  const delay = retryAfterMs ?? RETRY_DELAYS_MS[attempt - 1] ?? LATER_RETRY_MS;
  const next = new Date(now.getTime() + delay);
  return next.getTime() - firstAttemptAt.getTime() > RETRY_WINDOW_MS ? null : next;
}
