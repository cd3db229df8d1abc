/** What one HTTP attempt to a receiver gave: the log keeps status, duration and the first 1 KB. */
export interface SendResult {
  ok: boolean;
  status: number | null;
  body: string | null;
  error: string | null;
  durationMs: number;
  /** The receiver asked to wait this long (429 with Retry-After or Discord's `retry_after`). */
  retryAfterMs: number | null;
}

const LOG_BYTES = 1024;

async function firstBytes(response: Response): Promise<string> {
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  while (size < LOG_BYTES) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    size += value.byteLength;
  }
  await reader.cancel().catch(() => undefined);
  return Buffer.concat(chunks).subarray(0, LOG_BYTES).toString('utf8');
}

/** Discord answers 429 with `{ retry_after: seconds }` and a Retry-After header (seconds). */
function retryAfterOf(response: Response, body: string): number | null {
  if (response.status !== 429) return null;
  try {
    const parsed = JSON.parse(body) as { retry_after?: unknown };
    if (typeof parsed.retry_after === 'number' && parsed.retry_after >= 0) {
      return Math.ceil(parsed.retry_after * 1000);
    }
  } catch {
    // not JSON: fall back to the header
  }
  const header = Number(response.headers.get('retry-after'));
  return Number.isFinite(header) && header >= 0 ? Math.ceil(header * 1000) : null;
}

/** POSTs one JSON body to a receiver (a seller's server or Discord), never waiting past the timeout. */
export async function postJson(
  url: string,
  rawBody: string,
  headers: Record<string, string>,
  timeoutMs: number,
): Promise<SendResult> {
  const started = performance.now();
  const signal = AbortSignal.timeout(timeoutMs);
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'user-agent': 'Stellar-Webhooks/1.0',
        ...headers,
      },
      body: rawBody,
      redirect: 'manual',
      signal,
    });
    const body = await firstBytes(response);
    return {
      ok: response.status >= 200 && response.status < 300,
      status: response.status,
      body,
      error: null,
      durationMs: Math.round(performance.now() - started),
      retryAfterMs: retryAfterOf(response, body),
    };
  } catch (err) {
    const timedOut = signal.aborted;
    return {
      ok: false,
      status: null,
      body: null,
      error: timedOut
        ? `Timed out after ${timeoutMs} ms`
        : `Connection failed: ${(err as Error).message}`,
      durationMs: Math.round(performance.now() - started),
      retryAfterMs: null,
    };
  }
}
