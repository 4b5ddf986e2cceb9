// Closing a PostgreSQL database means nothing stays connected: every test file force-drops its database
// right after closing it, and a connection still saying goodbye was terminated by the drop and reported
// "PostgreSQL idle client error: terminating connection due to administrator command" (about 40% of
// connections before close() waited for each to end).
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { expect, inject, it } from 'vitest';
import { withDatabase } from '../../test/global-setup.js';
import { openPostgres } from './client.js';

it.runIf(inject('testDb').kind === 'postgres')(
  'leaves no connection for a DROP DATABASE WITH (FORCE) to terminate',
  async () => {
    const testDb = inject('testDb');
    if (testDb.kind !== 'postgres') return;
    const warnings: string[] = [];
    const onWarning = (warning: Error) => warnings.push(warning.message);
    process.on('warning', onWarning);
    const admin = new pg.Client({ connectionString: testDb.serverUrl });
    await admin.connect();
    try {
      for (let i = 0; i < 10; i++) {
        const name = `hwa_close_${randomBytes(6).toString('hex')}`;
        await admin.query(`CREATE DATABASE ${name}`);
        const database = openPostgres(withDatabase(testDb.serverUrl, name), 3);
        // Three connections, idle in the pool when it closes.
        await Promise.all([1, 2, 3].map(() => database.db.execute(sql`SELECT pg_sleep(0.01)`)));
        await database.close();
        await admin.query(`DROP DATABASE ${name} WITH (FORCE)`);
      }
      // A terminated connection reports on its next turn of the event loop at the latest.
      await new Promise((resolve) => setImmediate(resolve));
    } finally {
      process.off('warning', onWarning);
      await admin.end();
    }
    expect(warnings.filter((w) => w.includes('idle client error'))).toEqual([]);
  },
);
