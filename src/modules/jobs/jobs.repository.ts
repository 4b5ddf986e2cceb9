// SQL for jobs. Returns undefined when no live job matches; the service decides what that means.
import { and, asc, count, eq, gte, inArray, isNull, lte, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { jobs } from '../../db/schema.js';

export type JobRow = typeof jobs.$inferSelect;

export async function insertJob(ex: Executor, row: typeof jobs.$inferInsert): Promise<JobRow> {
  return (await ex.insert(jobs).values(row).returning())[0]!;
}

export async function findLiveJob(ex: Executor, id: string): Promise<JobRow | undefined> {
  const rows = await ex
    .select()
    .from(jobs)
    .where(and(eq(jobs.id, id), isNull(jobs.deletedAt)))
    .limit(1);
  return rows[0];
}

/** The live job, locked until the transaction ends: a delete and a new run of it do not interleave. */
export async function lockLiveJob(ex: Executor, id: string): Promise<JobRow | undefined> {
  const rows = await ex
    .select()
    .from(jobs)
    .where(and(eq(jobs.id, id), isNull(jobs.deletedAt)))
    .limit(1)
    .for('update');
  return rows[0];
}

export interface JobFilter {
  jobTypes?: string[];
  createdBy?: string[];
  sourceSessionIds?: string[];
  after?: Date;
  before?: Date;
  limit: number;
  offset: number;
}

export async function listJobs(ex: Executor, f: JobFilter): Promise<{ rows: JobRow[]; count: number }> {
  const conditions: SQL[] = [isNull(jobs.deletedAt)];
  if (f.jobTypes?.length) conditions.push(inArray(jobs.jobType, f.jobTypes));
  if (f.createdBy?.length) conditions.push(inArray(jobs.createdBy, f.createdBy));
  if (f.sourceSessionIds?.length) conditions.push(inArray(jobs.sourceSessionId, f.sourceSessionIds));
  if (f.after) conditions.push(gte(jobs.createdAt, f.after));
  if (f.before) conditions.push(lte(jobs.createdAt, f.before));
  const where = and(...conditions);
  const [rows, total] = await Promise.all([
    ex
      .select()
      .from(jobs)
      .where(where)
      .orderBy(asc(jobs.createdAt), asc(jobs.id))
      .limit(f.limit)
      .offset(f.offset),
    ex.select({ n: count() }).from(jobs).where(where),
  ]);
  return { rows, count: total[0]?.n ?? 0 };
}

export async function updateJob(
  ex: Executor,
  id: string,
  patch: Partial<Pick<JobRow, 'config' | 'description'>>,
): Promise<JobRow | undefined> {
  const rows = await ex
    .update(jobs)
    .set({ ...patch, updatedAt: new Date() })
    .where(and(eq(jobs.id, id), isNull(jobs.deletedAt)))
    .returning();
  return rows[0];
}

export async function softDeleteJob(ex: Executor, id: string): Promise<void> {
  const now = new Date();
  await ex.update(jobs).set({ deletedAt: now, updatedAt: now }).where(eq(jobs.id, id));
}
