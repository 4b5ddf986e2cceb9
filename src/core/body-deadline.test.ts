// Node's own request limits as derived from the configuration (the body deadline itself is tested
// over real sockets in test/slow-clients.test.ts).
import http from 'node:http';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { requestLimits } from './body-deadline.js';

const MiB = 1024 * 1024;
const DEFAULT_LARGEST_UPLOAD = 20 * 100 * MiB + MiB;

describe('requestLimits', () => {
  it('with the defaults: 60 s for headers, and a whole-request backstop as long as the largest upload at 16 KiB/s', () => {
    const limits = requestLimits(loadConfig({}), DEFAULT_LARGEST_UPLOAD);
    expect(limits.body).toEqual({ baseMs: 30_000, minBytesPerSecond: 16 * 1024 });
    expect(limits.http.headersTimeout).toBe(60_000);
    expect(limits.requestTimeout).toBe(60_000 + 30_000 + Math.ceil((DEFAULT_LARGEST_UPLOAD / 16384) * 1000));
    expect(limits.requestTimeout / 3_600_000).toBeGreaterThan(35); // 20 files of 100 MiB at 16 KiB/s
    expect(limits.http.requestTimeout).toBe(limits.requestTimeout);
    expect(limits.http.connectionsCheckingInterval).toBe(15_000);
  });

  it('checks often enough for a 1 s header limit to fire within a quarter of it', () => {
    const limits = requestLimits(loadConfig({ HWA_HEADERS_TIMEOUT: '1' }), MiB);
    expect(limits.http.headersTimeout).toBe(1000);
    expect(limits.http.connectionsCheckingInterval).toBe(250);
  });

  it('caps the backstop at a year for extreme settings, which Node then accepts', () => {
    const config = loadConfig({ HWA_UPLOAD_LIMIT: String(1024 ** 4), HWA_BODY_MIN_RATE: '1' });
    const limits = requestLimits(config, 20 * 1024 ** 4);
    expect(limits.requestTimeout).toBe(365 * 24 * 3600 * 1000);
    expect(() => http.createServer(limits.http).close()).not.toThrow();
  });
});
