// Which database the configuration names, in words for the CLI's stderr. A token created in an
// embedded database nobody serves looks exactly like a good one and then answers 401: saying where
// each command writes (and when it just created a new embedded database) ends that guesswork.
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../config.js';

export interface DatabaseTarget {
  /** `embedded PGlite database in /abs/path/pglite` or `PostgreSQL database hwa on host:5432 …`. */
  description: string;
  /** The embedded directory holds no database yet: opening it creates a new, empty one. */
  createsEmbedded: boolean;
}

export const embeddedDirOf = (config: Config): string => path.join(config.dataDir, 'pglite');

/** `host:port/database as user`, never the password (nor the rest of the query string). */
export function describePostgresUrl(url: string): string {
  try {
    const parsed = new URL(url);
    // A Unix socket is named in the query (`postgres:///hwa?host=/run/postgresql`).
    const host = parsed.hostname || parsed.searchParams.get('host') || 'localhost';
    const database = decodeURIComponent(parsed.pathname.replace(/^\//, ''));
    const user = decodeURIComponent(parsed.username);
    return (
      `PostgreSQL database "${database || '(the user name)'}" on ${host}:${parsed.port || '5432'}` +
      (user ? ` as ${user}` : '')
    );
  } catch {
    return 'PostgreSQL (DATABASE_URL cannot be parsed)';
  }
}

export function databaseTarget(config: Config): DatabaseTarget {
  if (config.databaseUrl) {
    return { description: describePostgresUrl(config.databaseUrl), createsEmbedded: false };
  }
  const dir = embeddedDirOf(config);
  // Every PostgreSQL data directory, PGlite's included, has PG_VERSION once initialised; a directory
  // left empty by a refused start is still new.
  const exists = fs.existsSync(path.join(dir, 'PG_VERSION'));
  return { description: `embedded PGlite database in ${dir}`, createsEmbedded: !exists };
}

/** Said loudly after a command other than `serve` created the embedded database. */
export function newEmbeddedDatabaseNotice(config: Config): string {
  return [
    `NOTE: there was no database in ${embeddedDirOf(config)}, so this command created a new, empty one.`,
    'If your server runs on PostgreSQL, this is not its database: run the command again with',
    "DATABASE_URL set to the server's (e.g. DATABASE_URL=postgres://user@host:5432/hwa). If the server",
    'keeps its data elsewhere, set HWA_DATA_DIR to that directory (or run the command from there).',
  ].join('\n');
}
