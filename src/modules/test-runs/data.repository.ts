// SQL for a run's data files and their card/step associations. The run, card and step lookups are
// this module's own (a few lines each) so that data files do not wait on the runs/cards/steps code.
import { and, asc, count, eq, inArray, isNull, ne } from 'drizzle-orm';
import { newId } from '../../core/ids.js';
import type { Executor } from '../../db/client.js';
import { testCards, testDataAssociations, testDataFiles, testRuns, testSteps } from '../../db/schema.js';

export type DataFileRow = typeof testDataFiles.$inferSelect;
export type AssociationRow = typeof testDataAssociations.$inferSelect;

/** The run's id if it exists and is not soft-deleted. */
export async function findLiveRun(ex: Executor, runId: string): Promise<string | undefined> {
  const rows = await ex
    .select({ id: testRuns.id })
    .from(testRuns)
    .where(and(eq(testRuns.id, runId), isNull(testRuns.deletedAt)));
  return rows[0]?.id;
}

/** Locks the live run's row so a concurrent delete of the run waits for this write (or it for that). */
export async function lockLiveRun(ex: Executor, runId: string): Promise<string | undefined> {
  const rows = await ex
    .select({ id: testRuns.id })
    .from(testRuns)
    .where(and(eq(testRuns.id, runId), isNull(testRuns.deletedAt)))
    .for('update');
  return rows[0]?.id;
}

/** `lock`: hold the row (FOR KEY SHARE) so the card cannot be deleted before this transaction ends. */
export async function findCardOfRun(
  ex: Executor,
  runId: string,
  cardId: string,
  lock = false,
): Promise<string | undefined> {
  const query = ex
    .select({ id: testCards.id })
    .from(testCards)
    .where(and(eq(testCards.id, cardId), eq(testCards.runId, runId)));
  return (await (lock ? query.for('key share') : query))[0]?.id;
}

export async function findStepOfRun(
  ex: Executor,
  runId: string,
  stepId: string,
  lock = false,
): Promise<{ id: string; cardId: string } | undefined> {
  const query = ex
    .select({ id: testSteps.id, cardId: testSteps.cardId })
    .from(testSteps)
    .where(and(eq(testSteps.id, stepId), eq(testSteps.runId, runId)));
  return (await (lock ? query.for('key share') : query))[0];
}

export async function insertFile(
  ex: Executor,
  file: typeof testDataFiles.$inferInsert,
  association?: { cardId: string | null; stepId: string | null },
): Promise<{ file: DataFileRow; associations: AssociationRow[] }> {
  const row = (await ex.insert(testDataFiles).values(file).returning())[0]!;
  const associations = association
    ? await ex
        .insert(testDataAssociations)
        .values({ id: newId(), ...association, fileId: row.id })
        .returning()
    : [];
  return { file: row, associations };
}

/** A page of the run's files in registration order; test_data_files_run_idx serves it. */
export async function listFiles(
  ex: Executor,
  runId: string,
  page: { limit: number; offset: number },
): Promise<{ rows: DataFileRow[]; count: number }> {
  const where = eq(testDataFiles.runId, runId);
  const [rows, total] = await Promise.all([
    ex
      .select()
      .from(testDataFiles)
      .where(where)
      .orderBy(asc(testDataFiles.createdAt), asc(testDataFiles.id))
      .limit(page.limit)
      .offset(page.offset),
    ex.select({ n: count() }).from(testDataFiles).where(where),
  ]);
  return { rows, count: Number(total[0]?.n ?? 0) };
}

/** The associations of `fileIds`, in the order they were made (ids are time-ordered). */
export async function associationsOf(ex: Executor, fileIds: string[]): Promise<AssociationRow[]> {
  if (fileIds.length === 0) return [];
  return ex
    .select()
    .from(testDataAssociations)
    .where(inArray(testDataAssociations.fileId, fileIds))
    .orderBy(asc(testDataAssociations.id));
}

/** Removes the file of this run (its associations cascade); the removed row, or undefined. */
export async function deleteFile(
  ex: Executor,
  runId: string,
  fileId: string,
): Promise<DataFileRow | undefined> {
  const rows = await ex
    .delete(testDataFiles)
    .where(and(eq(testDataFiles.id, fileId), eq(testDataFiles.runId, runId)))
    .returning();
  return rows[0];
}

/** How many registrations other than `fileId` name `storageUrl` (in any run). */
export async function otherRegistrations(ex: Executor, storageUrl: string, fileId: string): Promise<number> {
  const rows = await ex
    .select({ n: count() })
    .from(testDataFiles)
    .where(and(eq(testDataFiles.storageUrl, storageUrl), ne(testDataFiles.id, fileId)));
  return Number(rows[0]?.n ?? 0);
}
