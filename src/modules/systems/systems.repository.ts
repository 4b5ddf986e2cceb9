// SQL for systems. Returns undefined when no live row matches; the service decides what that means.
import { and, asc, count, eq, ilike, sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db, type Executor } from '../../db/client.js';
import { systems } from '../../db/schema.js';

export type SystemRow = typeof systems.$inferSelect;

export async function insertSystem(ex: Executor, row: typeof systems.$inferInsert): Promise<SystemRow> {
  const rows = await ex.insert(systems).values(row).returning();
  return rows[0]!;
}

export async function findLiveSystem(ex: Executor, id: string): Promise<SystemRow | undefined> {
  const rows = await ex
    .select()
    .from(systems)
    .where(and(eq(systems.id, id), eq(systems.isDeleted, false)))
    .limit(1);
  return rows[0];
}

/** findLiveSystem prepared once: GET /systems/{id} is the hot read (see tokens.repository.ts). */
export function prepareFindLiveSystem(db: Db) {
  const query = db
    .select()
    .from(systems)
    .where(and(eq(systems.id, sql.placeholder('id')), eq(systems.isDeleted, false)))
    .limit(1)
    .prepare('hwa_live_system_by_id');
  return async (id: string): Promise<SystemRow | undefined> => (await query.execute({ id }))[0];
}

/** `%`, `_` and `\` in a search are literal characters, not patterns. */
const likeEscape = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

export async function listSystems(
  ex: Executor,
  filter: { search?: string; includeDeleted: boolean; limit: number; offset: number },
): Promise<{ rows: SystemRow[]; count: number }> {
  const conditions: SQL[] = [];
  if (!filter.includeDeleted) conditions.push(eq(systems.isDeleted, false));
  if (filter.search) conditions.push(ilike(systems.name, `%${likeEscape(filter.search)}%`));
  const where = and(...conditions);
  const [rows, total] = await Promise.all([
    ex
      .select()
      .from(systems)
      .where(where)
      .orderBy(asc(systems.createdAt), asc(systems.id))
      .limit(filter.limit)
      .offset(filter.offset),
    ex.select({ n: count() }).from(systems).where(where),
  ]);
  return { rows, count: total[0]?.n ?? 0 };
}

export async function updateLiveSystem(
  ex: Executor,
  id: string,
  patch: Partial<Pick<SystemRow, 'name' | 'description'>>,
): Promise<SystemRow | undefined> {
  const rows = await ex
    .update(systems)
    .set({ ...patch, updatedAt: new Date() })
    .where(and(eq(systems.id, id), eq(systems.isDeleted, false)))
    .returning();
  return rows[0];
}

export async function softDeleteSystem(ex: Executor, id: string): Promise<SystemRow | undefined> {
  const now = new Date();
  const rows = await ex
    .update(systems)
    .set({ isDeleted: true, deletedAt: now, updatedAt: now })
    .where(and(eq(systems.id, id), eq(systems.isDeleted, false)))
    .returning();
  return rows[0];
}

/** Locks the system row for this transaction: concurrent saves on one system queue here. */
export async function lockSystemVersion(ex: Executor, systemId: string): Promise<number | undefined> {
  const rows = await queryRows<{ v: number }>(
    ex,
    sql`SELECT metagraph_version AS v FROM systems WHERE id = ${systemId} AND NOT is_deleted FOR UPDATE`,
  );
  return rows[0]?.v;
}

export async function setSystemVersion(ex: Executor, systemId: string, version: number): Promise<void> {
  await ex.update(systems).set({ metagraphVersion: version }).where(eq(systems.id, systemId));
}
