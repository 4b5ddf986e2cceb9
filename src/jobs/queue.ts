// The queue is the job_runs table. Enqueue is an INSERT in the caller's transaction (a report row and
// its run commit together, or neither); workers claim with FOR UPDATE SKIP LOCKED, hold a lease they
// renew by heartbeat, and finish with an UPDATE guarded so that a final status is never overwritten:
// every status UPDATE here carries `status NOT IN ('completed','failed','cancelled')`, and a worker's
// writes also require that it still holds the run (`locked_by`), so a cancelled or reclaimed run's
// late handler changes nothing.
//
// Each change a watcher may see bumps `revision` and is announced on RUN_EVENTS_CHANNEL, in the same
// statement (pg_notify from the UPDATE's RETURNING), so the notification commits with the change.
import { sql, type SQL } from 'drizzle-orm';
import { newId } from '../core/ids.js';
import { queryRows, type Executor } from '../db/client.js';
import type { JobRunStatus, OutputReference } from '../db/schema.js';

/** Payload: a run's type. Wakes idle workers as soon as a run is enqueued (or released for retry). */
export const ENQUEUED_CHANNEL = 'hwa_job_enqueued';
/** Payload: JSON {id, rev, status, pct, message} of a run that changed (see RunEvent). */
export const RUN_EVENTS_CHANNEL = 'hwa_job_run_event';

export const FINAL_STATUSES: readonly JobRunStatus[] = ['completed', 'failed', 'cancelled'];
export const isFinal = (status: string): boolean => FINAL_STATUSES.includes(status as JobRunStatus);
const NOT_FINAL = sql.raw(`status NOT IN ('completed','failed','cancelled')`);

export interface RunEvent {
  id: string;
  rev: number;
  status: JobRunStatus;
  pct: number;
  message: string | null;
}

/** Announces the rows an UPDATE … RETURNING * gave; the message is cut to stay far below NOTIFY's 8 kB. */
export const announce = (update: SQL): SQL => sql`WITH changed AS (${update} RETURNING *)
  SELECT changed.*, pg_notify(${RUN_EVENTS_CHANNEL}, json_build_object('id', id, 'rev', revision,
    'status', status, 'pct', progress_pct, 'message', left(progress_message, 1000))::text) AS _
  FROM changed`;

export interface NewRun {
  jobId: string;
  jobType: string;
  jobName: string;
  config: Record<string, unknown>;
  createdBy: string;
  maxAttempts: number;
}

/** Inserts a pending run in `tx` and wakes the workers when `tx` commits. Returns its id. */
export async function enqueue(tx: Executor, run: NewRun): Promise<string> {
  const id = newId();
  await tx.execute(sql`INSERT INTO job_runs (id, job_id, job_type, job_name, config, status, created_by, max_attempts)
    VALUES (${id}, ${run.jobId}, ${run.jobType}, ${run.jobName}, ${JSON.stringify(run.config)}::jsonb,
            'pending', ${run.createdBy}, ${run.maxAttempts})`);
  await tx.execute(sql`SELECT pg_notify(${ENQUEUED_CHANNEL}, ${run.jobType})`);
  return id;
}

export interface ClaimedRun {
  id: string;
  job_id: string;
  job_type: string;
  config: Record<string, unknown>;
  created_by: string;
  attempt: number;
  max_attempts: number;
  checkpoint: unknown;
}

/**
 * Claims up to `limit` due runs of `types` for `workerId`. SKIP LOCKED lets concurrent workers take
 * disjoint rows without waiting on each other; the outer `status = 'pending'` is re-checked on the
 * locked row, so a run cancelled meanwhile is not taken.
 */
export async function claim(
  ex: Executor,
  workerId: string,
  types: string[],
  limit: number,
  leaseSeconds: number,
): Promise<ClaimedRun[]> {
  if (limit <= 0 || types.length === 0) return [];
  const typeList = sql.join(
    types.map((t) => sql`${t}`),
    sql`, `,
  );
  // The claim must walk job_runs_claim_idx in order and stop after `limit` rows. With statistics
  // taken while few runs were pending (any burst), the planner chose a bitmap scan of every pending
  // run and a sort instead: 15 ms per claim at 20,000 pending against 0.09 ms (EXPLAIN ANALYZE here),
  // which made a drain quadratic. The plan is pinned for this transaction only.
  return ex.transaction(async (tx) => {
    await tx.execute(sql`SELECT set_config('enable_sort', 'off', true), set_config('enable_bitmapscan', 'off', true),
      set_config('enable_seqscan', 'off', true)`);
    return claimIn(tx, workerId, typeList, limit, leaseSeconds);
  });
}

function claimIn(tx: Executor, workerId: string, typeList: SQL, limit: number, leaseSeconds: number) {
  return queryRows<ClaimedRun>(
    tx,
    announce(sql`UPDATE job_runs SET status = 'running', attempt = attempt + 1, locked_by = ${workerId},
      lease_until = now() + make_interval(secs => ${leaseSeconds}), started_at = coalesce(started_at, now()),
      updated_at = now(), revision = revision + 1
    WHERE id IN (SELECT id FROM job_runs WHERE status = 'pending' AND run_after <= now()
                 AND job_type IN (${typeList}) AND deleted_at IS NULL
                 ORDER BY run_after, id LIMIT ${limit} FOR UPDATE SKIP LOCKED)
      AND status = 'pending' AND ${NOT_FINAL}`),
  );
}

/**
 * Renews the leases of the runs `workerId` holds; answers the ones it still holds (a run missing from
 * the answer was cancelled or reclaimed: its handler must stop) and whether each is asked to pause.
 */
export async function heartbeat(
  ex: Executor,
  workerId: string,
  ids: string[],
  leaseSeconds: number,
): Promise<Map<string, { pauseRequested: boolean }>> {
  if (ids.length === 0) return new Map();
  const rows = await queryRows<{ id: string; pause_requested: boolean }>(
    ex,
    sql`UPDATE job_runs SET lease_until = now() + make_interval(secs => ${leaseSeconds})
        WHERE id IN (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )}) AND locked_by = ${workerId} AND status = 'running' AND ${NOT_FINAL}
        RETURNING id, pause_requested`,
  );
  return new Map(rows.map((r) => [r.id, { pauseRequested: r.pause_requested }]));
}

/**
 * Hands the runs of dead workers (lease expired) back to the queue, or fails them once they have had
 * every attempt their type allows. Any worker runs this on its poll; it is idempotent. `run_after` is
 * kept, so a reclaimed run goes back to its place at the head of the queue, not behind a backlog
 * (measured: with it reset, orphans waited up to 24 s instead of ~17 s in the chaos bench). A worker
 * never reclaims its own runs: it is alive to sweep, so its late heartbeat is on its way (on a machine
 * loaded 3.5x, a worker reclaimed and re-ran its own run when its heartbeat came late).
 */
export async function reclaimExpired(
  ex: Executor,
  workerId: string,
): Promise<{ id: string; status: JobRunStatus }[]> {
  return queryRows(
    ex,
    announce(sql`UPDATE job_runs SET
        status = CASE WHEN attempt >= max_attempts THEN 'failed' ELSE 'pending' END,
        error_code = CASE WHEN attempt >= max_attempts THEN 'worker_lost' ELSE error_code END,
        error_message = CASE WHEN attempt >= max_attempts
          THEN 'The worker running it stopped responding on each of its ' || attempt || ' attempts.'
          ELSE error_message END,
        finished_at = CASE WHEN attempt >= max_attempts THEN now() END,
        locked_by = NULL, lease_until = NULL, updated_at = now(), revision = revision + 1
      WHERE status = 'running' AND lease_until < now() AND locked_by <> ${workerId} AND ${NOT_FINAL}`),
  );
}

/** Writes of a worker to a run it holds; false when it no longer holds it (cancelled, reclaimed). */
async function held(
  ex: Executor,
  workerId: string,
  id: string,
  set: SQL,
  announced = true,
): Promise<boolean> {
  const update = sql`UPDATE job_runs SET ${set}
    WHERE id = ${id} AND locked_by = ${workerId} AND status = 'running' AND ${NOT_FINAL}`;
  const rows = await queryRows(ex, announced ? announce(update) : sql`${update} RETURNING id`);
  return rows.length > 0;
}

const released = sql`locked_by = NULL, lease_until = NULL, updated_at = now(), revision = revision + 1`;

/**
 * Completes the runs among `ids` that `workerId` still holds, in one statement; answers those. The
 * worker batches the handlers that return in one turn of its event loop: one round trip for several
 * runs is what lets a worker drain trivial runs faster than one claim and one completion each.
 */
export async function complete(ex: Executor, workerId: string, ids: string[]): Promise<Set<string>> {
  const rows = await queryRows<{ id: string }>(
    ex,
    announce(sql`UPDATE job_runs SET status = 'completed', progress_pct = 100, error_code = NULL,
        error_message = NULL, finished_at = now(), ${released}
      WHERE id IN (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )}) AND locked_by = ${workerId} AND status = 'running' AND ${NOT_FINAL}`),
  );
  return new Set(rows.map((r) => r.id));
}

export const fail = (ex: Executor, workerId: string, id: string, code: string, message: string) =>
  held(
    ex,
    workerId,
    id,
    sql`status = 'failed', error_code = ${code}, error_message = ${message}, finished_at = now(), ${released}`,
  );

/** Back to pending after `delaySeconds`, keeping the error that caused the retry visible meanwhile. */
export const retryLater = (
  ex: Executor,
  workerId: string,
  id: string,
  delaySeconds: number,
  message: string,
) =>
  held(
    ex,
    workerId,
    id,
    sql`status = 'pending', run_after = now() + make_interval(secs => ${delaySeconds}),
        error_code = 'transient', error_message = ${message}, ${released}`,
  );

/** Back to pending at its place in the queue, giving the claim back (graceful shutdown: nothing failed). */
export const release = (ex: Executor, workerId: string, id: string) =>
  held(ex, workerId, id, sql`status = 'pending', attempt = attempt - 1, ${released}`);

/** Paused at a checkpoint: holds no worker; resume makes it pending again with its saved state. */
export const pause = (ex: Executor, workerId: string, id: string, state: unknown) =>
  held(
    ex,
    workerId,
    id,
    sql`status = 'paused', pause_requested = false, attempt = attempt - 1,
        checkpoint = ${JSON.stringify(state ?? null)}::jsonb, ${released}`,
  );

export const progress = (ex: Executor, workerId: string, id: string, pct: number, message: string | null) =>
  held(
    ex,
    workerId,
    id,
    sql`progress_pct = ${pct}, progress_message = ${message}, updated_at = now(), revision = revision + 1`,
  );

/** Saves the handler's state; answers whether a pause is asked for, or undefined when no longer held. */
export async function saveCheckpoint(
  ex: Executor,
  workerId: string,
  id: string,
  state: unknown,
): Promise<{ pauseRequested: boolean } | undefined> {
  const rows = await queryRows<{ pause_requested: boolean }>(
    ex,
    sql`UPDATE job_runs SET checkpoint = ${JSON.stringify(state ?? null)}::jsonb
        WHERE id = ${id} AND locked_by = ${workerId} AND status = 'running' AND ${NOT_FINAL}
        RETURNING pause_requested`,
  );
  return rows[0] ? { pauseRequested: rows[0].pause_requested } : undefined;
}

export const addOutputReference = (ex: Executor, workerId: string, id: string, ref: OutputReference) =>
  held(
    ex,
    workerId,
    id,
    sql`output_references = output_references || ${JSON.stringify([ref])}::jsonb`,
    false,
  );

export const addLlmUsage = (ex: Executor, id: string, usage: Record<string, unknown>) =>
  ex.execute(
    sql`UPDATE job_runs SET llm_usage = llm_usage || ${JSON.stringify([usage])}::jsonb WHERE id = ${id}`,
  );
