// SQL for a run's own row, its number, its assets and issue links. Returns undefined when no live row
// matches; the service decides what that means. Lists: test-runs-list.repository.ts; the detail
// tree: run-tree.repository.ts.
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../../db/client.js';
import { entities, issues, systems, testRunAssets, testRunIssues, testRuns } from '../../db/schema.js';

export type RunRow = typeof testRuns.$inferSelect;

/**
 * The next number of `systemId`'s runs. The upsert increments and returns in one statement, so two
 * concurrent creates get two numbers (the second waits on the first's row lock).
 */
export async function nextRunNumber(ex: Executor, systemId: string): Promise<number> {
  const rows = await queryRows<{ last_number: number }>(
    ex,
    sql`INSERT INTO test_run_counters (system_id, last_number) VALUES (${systemId}, 1)
        ON CONFLICT (system_id) DO UPDATE SET last_number = test_run_counters.last_number + 1
        RETURNING last_number`,
  );
  return Number(rows[0]!.last_number);
}

export async function insertRun(ex: Executor, row: typeof testRuns.$inferInsert): Promise<RunRow> {
  return (await ex.insert(testRuns).values(row).returning())[0]!;
}

export async function findLiveRun(ex: Executor, id: string): Promise<RunRow | undefined> {
  const rows = await ex
    .select()
    .from(testRuns)
    .where(and(eq(testRuns.id, id), isNull(testRuns.deletedAt)))
    .limit(1);
  return rows[0];
}

/** Locks the live run for this transaction: writes below one run (positions above all) go in turn. */
export async function lockLiveRun(ex: Executor, id: string): Promise<RunRow | undefined> {
  const rows = await ex
    .select()
    .from(testRuns)
    .where(and(eq(testRuns.id, id), isNull(testRuns.deletedAt)))
    .for('update');
  return rows[0];
}

export async function updateRun(
  ex: Executor,
  id: string,
  patch: Partial<Pick<RunRow, 'title' | 'description'>>,
): Promise<void> {
  await ex.update(testRuns).set(patch).where(eq(testRuns.id, id));
}

export async function softDeleteRun(ex: Executor, id: string): Promise<boolean> {
  const rows = await ex
    .update(testRuns)
    .set({ deletedAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(testRuns.id, id), isNull(testRuns.deletedAt)))
    .returning({ id: testRuns.id });
  return rows.length > 0;
}

/** Which of `ids` are live, approved entities of `systemId` (what a run may test). */
export async function assetIdsOf(ex: Executor, systemId: string, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await ex
    .select({ id: entities.id })
    .from(entities)
    .where(
      and(
        inArray(entities.id, ids),
        eq(entities.systemId, systemId),
        eq(entities.isPending, false),
        eq(entities.isDeleted, false),
      ),
    );
  return new Set(rows.map((r) => r.id));
}

/** Which of `ids` are live issues. */
export async function liveIssueIds(ex: Executor, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await ex
    .select({ id: issues.id })
    .from(issues)
    .where(and(inArray(issues.id, ids), isNull(issues.deletedAt)));
  return new Set(rows.map((r) => r.id));
}

export async function linkAssets(ex: Executor, runId: string, entityIds: string[]): Promise<void> {
  if (entityIds.length === 0) return;
  await ex
    .insert(testRunAssets)
    .values(entityIds.map((entityId, position) => ({ runId, entityId, position })));
}

export async function linkIssues(
  ex: Executor,
  rows: { id: string; runId: string; issueId: string; cardId?: string | null; stepId?: string | null }[],
): Promise<void> {
  if (rows.length === 0) return;
  await ex.insert(testRunIssues).values(rows.map((r, position) => ({ ...r, position })));
}

/** The name of the run's system (a run outlives a deleted system's listing; it keeps its name). */
export async function systemName(ex: Executor, systemId: string): Promise<string> {
  const rows = await ex.select({ name: systems.name }).from(systems).where(eq(systems.id, systemId)).limit(1);
  return rows[0]?.name ?? '';
}
