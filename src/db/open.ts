// Opens the database the configuration names: PostgreSQL when DATABASE_URL is set, else the embedded
// PGlite in HWA_DATA_DIR/pglite, guarded by the directory lock for as long as it stays open.
import path from 'node:path';
import type { Config } from '../config.js';
import { openPglite, openPostgres, type Database } from './client.js';
import { lockDataDir } from './lock.js';

export async function openConfiguredDatabase(
  config: Config,
  onLockLost: (err: Error) => void,
): Promise<Database> {
  if (config.databaseUrl) return openPostgres(config.databaseUrl, config.dbPoolSize);
  const dir = path.join(config.dataDir, 'pglite');
  const release = await lockDataDir(dir, onLockLost);
  try {
    const database = await openPglite(dir);
    return {
      ...database,
      async close() {
        await database.close();
        await release();
      },
    };
  } catch (err) {
    await release();
    throw err;
  }
}

/** Connection failures an operator fixes in DATABASE_URL or on the server, not bugs in hwa. */
const UNREACHABLE = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ETIMEDOUT',
  'ECONNRESET',
  'EHOSTUNREACH',
]);
const SQLSTATE_CLASSES: Record<string, string> = {
  '28': 'the server refused the credentials',
  '3D': 'the database does not exist (create it first, e.g. createdb)',
  '08': 'the connection failed',
};

/** The URL without its password, for messages. */
export function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return '(unparseable DATABASE_URL)';
  }
}

/**
 * A one-line explanation when `err` means PostgreSQL could not be reached or used with this URL,
 * else undefined. Never includes the password.
 */
export function describeConnectionError(err: unknown, databaseUrl: string | undefined): string | undefined {
  if (!databaseUrl || !(err instanceof Error)) return undefined;
  const code = (err as { code?: unknown }).code;
  const why =
    typeof code === 'string'
      ? UNREACHABLE.has(code)
        ? `the server is not reachable (${code})`
        : SQLSTATE_CLASSES[code.slice(0, 2)]
      : undefined;
  if (!why) return undefined;
  return `cannot use the PostgreSQL database at ${redactUrl(databaseUrl)}: ${why}: ${err.message}. Check DATABASE_URL and that PostgreSQL (>= 15) is running.`;
}
