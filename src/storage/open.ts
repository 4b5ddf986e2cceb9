// The storage the configuration names, and the signing secret for hwa-served download links.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../config.js';
import { FileStorage } from './fs.js';
import type { ObjectStorage } from './port.js';
import { S3Storage } from './s3.js';

export function openStorage(config: Config): ObjectStorage {
  return config.storageUrl ? new S3Storage(config.storageUrl) : new FileStorage(config.storageDir);
}

/**
 * HWA_SECRET, or one generated on first use and kept in the data directory (mode 0600) so links stay
 * valid across restarts. Several servers behind one load balancer must share HWA_SECRET.
 */
export async function resolveSecret(config: Config): Promise<string> {
  if (config.secret) return config.secret;
  const file = path.join(config.dataDir, 'secret');
  const existing = await fs.readFile(file, 'utf8').catch(() => undefined);
  if (existing?.trim()) return existing.trim();
  await fs.mkdir(config.dataDir, { recursive: true });
  // Written whole to a private temporary file, then linked into place: link() fails if the name
  // exists, so concurrent first starts agree on one secret and nobody reads a half-written file.
  const temporary = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  await fs.writeFile(temporary, randomBytes(32).toString('hex'), { mode: 0o600 });
  try {
    await fs.link(temporary, file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  } finally {
    await fs.rm(temporary, { force: true });
  }
  return (await fs.readFile(file, 'utf8')).trim();
}
