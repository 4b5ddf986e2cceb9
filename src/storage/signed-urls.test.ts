// Signed download links (the filesystem adapter's export) and the secret that signs them. Time is
// passed in explicitly, so expiry is tested at its exact edge without waiting.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { resolveSecret } from './open.js';
import { DownloadSigner } from './signed-urls.js';

const SECRET = 'test-secret-for-signed-links-0123456789';
const ID = '0194abcd-ef01-7000-8000-00000000000a';
const NOW = Date.UTC(2026, 0, 15, 12, 0, 0, 250);
const TTL = 900;

/** The id, expiry and signature of a link, as the download route reads them. */
function parts(link: string) {
  const url = new URL(link);
  return {
    id: url.pathname.split('/').at(-1)!,
    expires: Number(url.searchParams.get('expires')),
    signature: url.searchParams.get('signature')!,
  };
}

describe('DownloadSigner', () => {
  const signer = new DownloadSigner(SECRET);
  const link = signer.sign('https://hwa.example.com/base', ID, TTL, NOW);
  const { expires, signature } = parts(link);

  it('makes a link to the download route carrying its expiry in unix seconds', () => {
    expect(link).toMatch(
      new RegExp(
        `^https://hwa\\.example\\.com/base/downloads/${ID}\\?expires=\\d+&signature=[A-Za-z0-9_-]{43}$`,
      ),
    );
    expect(expires).toBe(Math.floor(NOW / 1000) + TTL);
  });

  it('verifies a link until its expiry and not after', () => {
    expect(signer.verify(ID, expires, signature, NOW)).toBe(true);
    expect(signer.verify(ID, expires, signature, expires * 1000 - 1)).toBe(true);
    expect(signer.verify(ID, expires, signature, expires * 1000)).toBe(true);
    expect(signer.verify(ID, expires, signature, expires * 1000 + 1)).toBe(false);
    expect(signer.verify(ID, expires, signature, NOW + 24 * 3600 * 1000)).toBe(false);
  });

  it('verifies with another signer holding the same secret (another server behind the balancer)', () => {
    expect(new DownloadSigner(SECRET).verify(ID, expires, signature, NOW)).toBe(true);
  });

  it('fails for another attachment id', () => {
    expect(signer.verify('01940000-0000-7000-8000-000000000002', expires, signature, NOW)).toBe(false);
    expect(signer.verify(ID.toUpperCase(), expires, signature, NOW)).toBe(false);
  });

  it('fails for a changed expiry, later or earlier', () => {
    expect(signer.verify(ID, expires + 1, signature, NOW)).toBe(false);
    expect(signer.verify(ID, expires + 365 * 24 * 3600, signature, NOW)).toBe(false);
    expect(signer.verify(ID, expires - 1, signature, NOW)).toBe(false);
  });

  it('fails for an expiry that is not a whole number, without throwing', () => {
    for (const bad of [Number.NaN, Infinity, expires + 0.5, Number.MAX_SAFE_INTEGER + 2]) {
      expect(signer.verify(ID, bad, signature, NOW)).toBe(false);
    }
  });

  it('fails for a changed signature, whichever character changes to whichever other', () => {
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    for (let i = 0; i < signature.length; i++) {
      for (const c of alphabet) {
        if (c === signature[i]) continue;
        const changed = signature.slice(0, i) + c + signature.slice(i + 1);
        expect(signer.verify(ID, expires, changed, NOW), changed).toBe(false);
      }
    }
  });

  it("fails for another secret's signature of the same id and expiry", () => {
    const other = parts(
      new DownloadSigner('b'.repeat(48)).sign('https://hwa.example.com/base', ID, TTL, NOW),
    );
    expect(other.expires).toBe(expires);
    expect(other.signature).not.toBe(signature);
    expect(signer.verify(ID, expires, other.signature, NOW)).toBe(false);
  });

  it('fails for a truncated, padded, empty or non-base64url signature', () => {
    const bad = [
      signature.slice(0, -1),
      signature.slice(0, 22),
      signature + 'A',
      signature + '=',
      signature + '!',
      `${signature.slice(0, 10)}.${signature.slice(10)}`,
      Buffer.from(signature, 'base64url').toString('base64'), // the same bytes in standard base64
      Buffer.from(signature, 'base64url').toString('hex'),
      '',
      '!'.repeat(43),
    ];
    for (const candidate of bad) {
      if (candidate === signature) continue; // base64 and base64url may coincide
      expect(signer.verify(ID, expires, candidate, NOW), JSON.stringify(candidate)).toBe(false);
    }
  });
});

describe('resolveSecret', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'hwa-secret-'));
  });
  afterAll(() => fs.rm(dataDir, { recursive: true, force: true }));

  it('uses HWA_SECRET when set, and writes nothing', async () => {
    const dir = path.join(dataDir, 'with-env');
    const config = loadConfig({ HWA_DATA_DIR: dir, HWA_SECRET: SECRET });
    expect(await resolveSecret(config)).toBe(SECRET);
    await expect(fs.stat(dir)).rejects.toThrow(/ENOENT/);
  });

  it('otherwise generates one into <dataDir>/secret, mode 0600, and returns the same one after', async () => {
    const dir = path.join(dataDir, 'generated', 'nested');
    const config = loadConfig({ HWA_DATA_DIR: dir });
    expect(config.secret).toBeUndefined();

    const first = await resolveSecret(config);
    expect(first).toMatch(/^[0-9a-f]{64}$/);
    const file = path.join(dir, 'secret');
    expect(await fs.readFile(file, 'utf8')).toBe(first);
    expect((await fs.stat(file)).mode & 0o777).toBe(0o600);

    expect(await resolveSecret(loadConfig({ HWA_DATA_DIR: dir }))).toBe(first);
    // A different data directory is a different installation: a different secret.
    expect(await resolveSecret(loadConfig({ HWA_DATA_DIR: path.join(dataDir, 'elsewhere') }))).not.toBe(
      first,
    );
  });

  it('gives every process starting at once the same secret', async () => {
    // Several servers started together on one data directory race to create the file.
    const config = loadConfig({ HWA_DATA_DIR: path.join(dataDir, 'race') });
    const secrets = await Promise.all(Array.from({ length: 8 }, () => resolveSecret(config)));
    expect(secrets[0]).toMatch(/^[0-9a-f]{64}$/);
    expect(new Set(secrets)).toEqual(new Set([secrets[0]]));
    expect(await fs.readFile(path.join(dataDir, 'race', 'secret'), 'utf8')).toBe(secrets[0]);
  });

  it('keeps a secret an operator put in the file (surrounding whitespace ignored)', async () => {
    const dir = path.join(dataDir, 'operator');
    await fs.mkdir(dir);
    await fs.writeFile(path.join(dir, 'secret'), `${SECRET}\n`, { mode: 0o600 });
    expect(await resolveSecret(loadConfig({ HWA_DATA_DIR: dir }))).toBe(SECRET);
  });
});
