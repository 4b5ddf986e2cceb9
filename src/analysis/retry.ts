// When a failed model call is tried again, and after how long. The adapter runs its own retry loop
// (the SDK's is turned off with maxRetries: 0) because openai 6.49's loop, read in
// node_modules/openai/client.js (retryRequest, calculateDefaultRetryTimeoutMillis):
//   - sleeps between attempts with a plain timer that ignores the AbortSignal, so a cancelled job
//     would wait out a backoff (up to 8 s, or whatever Retry-After says) before it stops;
//   - obeys Retry-After with no upper bound: a 429 saying `Retry-After: 3600` sleeps an hour;
//   - applies `timeout` to each attempt, and only until the response headers arrive, so one call can
//     take (maxRetries + 1) x timeout plus the waits.
// Kept from it: the same statuses (408, 429, 5xx; not 409, an OpenAI-specific lock timeout), the
// same backoff (0.5 s doubling to at most 8 s, minus up to 25 % jitter) and the same reading of
// `retry-after-ms` and `Retry-After` (seconds or an HTTP date).

const INITIAL_DELAY_MS = 500;
const MAX_DELAY_MS = 8_000;

/** Statuses that say "try again later" rather than "this request is wrong". */
export const isRetryableStatus = (status: number): boolean =>
  status === 408 || status === 429 || status >= 500;

/**
 * Milliseconds to wait before retry number `retry` (0 for the first): what the server asked for
 * when it said, else exponential backoff with jitter.
 */
export function retryDelayMs(
  retry: number,
  headers: Headers | undefined,
  now: number = Date.now(),
  random: () => number = Math.random,
): number {
  const asked = serverDelayMs(headers, now);
  if (asked !== undefined) return asked;
  const backoff = Math.min(INITIAL_DELAY_MS * 2 ** retry, MAX_DELAY_MS);
  return backoff * (1 - random() * 0.25);
}

function serverDelayMs(headers: Headers | undefined, now: number): number | undefined {
  const ms = headers?.get('retry-after-ms');
  if (ms != null && ms.trim() !== '' && Number.isFinite(Number(ms))) return Math.max(0, Number(ms));
  const after = headers?.get('retry-after')?.trim();
  if (after == null || after === '') return undefined;
  if (/^\d+(\.\d+)?$/.test(after)) return Number(after) * 1000;
  const date = Date.parse(after);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}
