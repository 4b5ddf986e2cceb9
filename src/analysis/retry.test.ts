import { describe, expect, it } from 'vitest';
import { isRetryableStatus, retryDelayMs } from './retry.js';

const headers = (values: Record<string, string>) => new Headers(values);
const NOW = Date.parse('2026-11-23T01:00:00Z');
const noJitter = () => 0;
const fullJitter = () => 1;

describe('which statuses are retried', () => {
  it('408, 429 and every 5xx; no other 4xx', () => {
    expect([408, 429, 500, 502, 503, 504, 599].every(isRetryableStatus)).toBe(true);
    expect([400, 401, 403, 404, 409, 413, 422].some(isRetryableStatus)).toBe(false);
  });
});

describe('the wait before a retry', () => {
  it('doubles from 0.5 s to at most 8 s when the server names no wait', () => {
    const waits = [0, 1, 2, 3, 4, 5, 8].map((retry) => retryDelayMs(retry, undefined, NOW, noJitter));
    expect(waits).toEqual([500, 1000, 2000, 4000, 8000, 8000, 8000]);
  });

  it('takes off up to a quarter at random, so many workers do not retry in step', () => {
    expect(retryDelayMs(1, undefined, NOW, fullJitter)).toBe(750);
    expect(retryDelayMs(4, headers({}), NOW, fullJitter)).toBe(6000);
  });

  it('obeys retry-after-ms first, then Retry-After in seconds or as an HTTP date', () => {
    expect(retryDelayMs(0, headers({ 'retry-after-ms': '250', 'retry-after': '9' }), NOW)).toBe(250);
    expect(retryDelayMs(0, headers({ 'retry-after': '3' }), NOW)).toBe(3000);
    expect(retryDelayMs(0, headers({ 'retry-after': '0.5' }), NOW)).toBe(500);
    expect(retryDelayMs(0, headers({ 'retry-after': 'Mon, 23 Nov 2026 01:00:20 GMT' }), NOW)).toBe(20_000);
  });

  it('does not cap what the server asks for: the adapter compares it with the time left', () => {
    expect(retryDelayMs(0, headers({ 'retry-after': '3600' }), NOW)).toBe(3_600_000);
  });

  it('a date in the past means now; a header it cannot read means the backoff', () => {
    expect(retryDelayMs(0, headers({ 'retry-after': 'Sun, 22 Nov 2026 00:00:00 GMT' }), NOW)).toBe(0);
    expect(retryDelayMs(2, headers({ 'retry-after': 'soon' }), NOW, noJitter)).toBe(2000);
    expect(retryDelayMs(0, headers({ 'retry-after-ms': 'x' }), NOW, noJitter)).toBe(500);
  });
});
