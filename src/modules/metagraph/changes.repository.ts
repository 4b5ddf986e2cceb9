// SQL for the change sets batch saves record (GET .../metagraph/changes).
import { and, asc, count, eq, gt } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { metagraphChanges } from '../../db/schema.js';

export type ChangeRow = typeof metagraphChanges.$inferSelect;

export async function insertChange(ex: Executor, row: typeof metagraphChanges.$inferInsert): Promise<void> {
  await ex.insert(metagraphChanges).values(row);
}

export async function listChanges(
  ex: Executor,
  systemId: string,
  page: { sinceVersion: number; limit: number; offset: number },
): Promise<{ rows: ChangeRow[]; count: number }> {
  const where = and(eq(metagraphChanges.systemId, systemId), gt(metagraphChanges.version, page.sinceVersion));
  const [rows, total] = await Promise.all([
    ex
      .select()
      .from(metagraphChanges)
      .where(where)
      .orderBy(asc(metagraphChanges.version))
      .limit(page.limit)
      .offset(page.offset),
    ex.select({ n: count() }).from(metagraphChanges).where(where),
  ]);
  return { rows, count: total[0]?.n ?? 0 };
}
