// The status moves people ask for through the API: cancel, pause, resume. Each is one guarded UPDATE
// that announces itself (queue.announce), so the worker holding a cancelled run aborts its handler as
// soon as the notification arrives, on this process or another (PostgreSQL NOTIFY).
import { sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../db/client.js';
import type { JobRunStatus } from '../db/schema.js';
import { announce, ENQUEUED_CHANNEL } from './queue.js';

const NOT_FINAL = sql.raw(`status NOT IN ('completed','failed','cancelled')`);

/** Cancels a run that is not final yet; true when it was cancelled by this call. */
export async function cancelRun(ex: Executor, id: string): Promise<boolean> {
  const rows = await queryRows(
    ex,
    announce(sql`UPDATE job_runs SET status = 'cancelled', finished_at = now(), locked_by = NULL,
        lease_until = NULL, pause_requested = false, updated_at = now(), revision = revision + 1
      WHERE id = ${id} AND ${NOT_FINAL}`),
  );
  return rows.length > 0;
}

/** Cancels every run of a job that is not final yet (the job is being deleted); how many. */
export async function cancelRunsOfJob(ex: Executor, jobId: string): Promise<number> {
  const rows = await queryRows(
    ex,
    announce(sql`UPDATE job_runs SET status = 'cancelled', finished_at = now(), locked_by = NULL,
        lease_until = NULL, pause_requested = false, updated_at = now(), revision = revision + 1
      WHERE job_id = ${jobId} AND ${NOT_FINAL}`),
  );
  return rows.length;
}

/**
 * A pending run pauses at once; a running one is asked to, and pauses at its handler's next
 * checkpoint (holding no worker from then on). Answers the status after the call, or undefined for
 * a final run, which cannot pause.
 */
export async function pauseRun(ex: Executor, id: string): Promise<JobRunStatus | undefined> {
  const rows = await queryRows<{ status: JobRunStatus }>(
    ex,
    announce(sql`UPDATE job_runs SET
        status = CASE WHEN status = 'pending' THEN 'paused' ELSE status END,
        pause_requested = (status = 'running'), updated_at = now(), revision = revision + 1
      WHERE id = ${id} AND ${NOT_FINAL}`),
  );
  return rows[0]?.status;
}

/**
 * A paused run goes back to the queue (its handler gets the state it saved at the pause); a running
 * one asked to pause no longer is. Undefined for a final run.
 */
export async function resumeRun(ex: Executor, id: string): Promise<JobRunStatus | undefined> {
  const rows = await queryRows<{ status: JobRunStatus; job_type: string }>(
    ex,
    announce(sql`UPDATE job_runs SET
        status = CASE WHEN status = 'paused' THEN 'pending' ELSE status END,
        run_after = CASE WHEN status = 'paused' THEN now() ELSE run_after END,
        pause_requested = false, updated_at = now(), revision = revision + 1
      WHERE id = ${id} AND ${NOT_FINAL}`),
  );
  const row = rows[0];
  if (row?.status === 'pending')
    await ex.execute(sql`SELECT pg_notify(${ENQUEUED_CHANNEL}, ${row.job_type})`);
  return row?.status;
}
