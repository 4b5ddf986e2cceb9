// The embedded data directory is locked: a second process (here, a second lock attempt) is refused
// with a clear error and the directory is left as it was.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DataDirLockedError, lockDataDir } from './lock.js';

const failOnLost = (err: Error) => {
  throw err;
};

describe('data directory lock', () => {
  it('refuses a second holder and admits one after release', async () => {
    const dir = path.join(await fs.mkdtemp(path.join(os.tmpdir(), 'hwa-lock-')), 'pglite');
    const release = await lockDataDir(dir, failOnLost);
    await fs.writeFile(path.join(dir, 'marker'), 'data');

    const second = lockDataDir(dir, failOnLost);
    await expect(second).rejects.toBeInstanceOf(DataDirLockedError);
    await expect(second).rejects.toThrow(/in use by another hwa process.*POST \/api\/v1\/tokens/s);
    expect(await fs.readdir(dir)).toEqual(['marker']);

    await release();
    const again = await lockDataDir(dir, failOnLost);
    await again();
  });
});
