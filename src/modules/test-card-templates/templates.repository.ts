// SQL for card templates. Returns undefined when no live row matches.
import { and, asc, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { testCardTemplates } from '../../db/schema.js';

export type TemplateRow = typeof testCardTemplates.$inferSelect;

const live = isNull(testCardTemplates.deletedAt);

export async function insertTemplate(ex: Executor, row: typeof testCardTemplates.$inferInsert) {
  return (await ex.insert(testCardTemplates).values(row).returning())[0]!;
}

export async function findLiveTemplates(ex: Executor, ids: string[]): Promise<TemplateRow[]> {
  if (ids.length === 0) return [];
  return ex
    .select()
    .from(testCardTemplates)
    .where(and(inArray(testCardTemplates.id, ids), live));
}

export async function listLiveTemplates(ex: Executor, page: { limit: number; offset: number }) {
  const [rows, total] = await Promise.all([
    ex
      .select()
      .from(testCardTemplates)
      .where(live)
      .orderBy(asc(testCardTemplates.createdAt), asc(testCardTemplates.id))
      .limit(page.limit)
      .offset(page.offset),
    ex.select({ n: count() }).from(testCardTemplates).where(live),
  ]);
  return { rows, count: Number(total[0]?.n ?? 0) };
}

/** Applies `patch` and moves the version on, in one statement (two PATCHes give two versions). */
export async function updateTemplate(
  ex: Executor,
  id: string,
  patch: Partial<Pick<TemplateRow, 'title' | 'description' | 'steps'>>,
): Promise<TemplateRow | undefined> {
  const rows = await ex
    .update(testCardTemplates)
    .set({ ...patch, version: sql`${testCardTemplates.version} + 1`, updatedAt: sql`now()` })
    .where(and(eq(testCardTemplates.id, id), live))
    .returning();
  return rows[0];
}

export async function softDeleteTemplate(ex: Executor, id: string): Promise<boolean> {
  const rows = await ex
    .update(testCardTemplates)
    .set({ deletedAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(testCardTemplates.id, id), live))
    .returning({ id: testCardTemplates.id });
  return rows.length > 0;
}
