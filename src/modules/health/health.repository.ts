// SQL for readiness: the cheapest round trip that proves the database answers.
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';

export async function ping(ex: Executor): Promise<void> {
  await ex.execute(sql`SELECT 1`);
}
