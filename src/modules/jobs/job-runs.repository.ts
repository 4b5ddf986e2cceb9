// SQL for reading job runs. Runs are written by the queue (src/jobs/queue.ts, run-moves.ts): every
// status change there is guarded and announced; here they are only read, and hidden with their job.
import { and, asc, count, desc, eq, gte, inArray, isNull, lte, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { jobRuns, type JobRunStatus } from '../../db/schema.js';

export type JobRunRow = typeof jobRuns.$inferSelect;

export async function findLiveRun(ex: Executor, id: string): Promise<JobRunRow | undefined> {
  const rows = await ex
    .select()
    .from(jobRuns)
    .where(and(eq(jobRuns.id, id), isNull(jobRuns.deletedAt)))
    .limit(1);
  return rows[0];
}

/** The job's newest run (by creation, then id: UUIDv7 ids order runs created in one millisecond). */
export async function latestRunOfJob(ex: Executor, jobId: string): Promise<JobRunRow | undefined> {
  const rows = await ex
    .select()
    .from(jobRuns)
    .where(and(eq(jobRuns.jobId, jobId), isNull(jobRuns.deletedAt)))
    .orderBy(desc(jobRuns.createdAt), desc(jobRuns.id))
    .limit(1);
  return rows[0];
}

export interface RunFilter {
  jobId?: string;
  jobTypes?: string[];
  statuses?: JobRunStatus[];
  after?: Date;
  before?: Date;
  limit: number;
  offset: number;
}

export async function listRuns(ex: Executor, f: RunFilter): Promise<{ rows: JobRunRow[]; count: number }> {
  const conditions: SQL[] = [isNull(jobRuns.deletedAt)];
  if (f.jobId) conditions.push(eq(jobRuns.jobId, f.jobId));
  if (f.jobTypes?.length) conditions.push(inArray(jobRuns.jobType, f.jobTypes));
  if (f.statuses?.length) conditions.push(inArray(jobRuns.status, f.statuses));
  if (f.after) conditions.push(gte(jobRuns.createdAt, f.after));
  if (f.before) conditions.push(lte(jobRuns.createdAt, f.before));
  const where = and(...conditions);
  const [rows, total] = await Promise.all([
    ex
      .select()
      .from(jobRuns)
      .where(where)
      .orderBy(asc(jobRuns.createdAt), asc(jobRuns.id))
      .limit(f.limit)
      .offset(f.offset),
    ex.select({ n: count() }).from(jobRuns).where(where),
  ]);
  return { rows, count: total[0]?.n ?? 0 };
}

/** Hides a deleted job's runs (they read as absent, like the job). */
export async function softDeleteRunsOfJob(ex: Executor, jobId: string): Promise<void> {
  await ex.update(jobRuns).set({ deletedAt: new Date() }).where(eq(jobRuns.jobId, jobId));
}
