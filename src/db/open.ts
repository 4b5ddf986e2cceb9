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
