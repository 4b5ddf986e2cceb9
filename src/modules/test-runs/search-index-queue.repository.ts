// Keeps semantic search fresh: every write below a run (recordRunActivity, in the write's transaction)
// asks for the run to be indexed again, and a burst of writes to one run makes one pending run of the
// test_run_embedding job, not one per write.
//
// Why this is race-free: every writer holds the run's row lock from its first statement to its commit
// (withRun / lockLiveRun), so writers of one run check and set test_run_search_state one at a time.
// A writer that finds the recorded run still `pending` enqueues nothing, and that run, once claimed,
// first waits for the run's lock (awaitRunWriters) and so reads the writer's rows. A writer that finds
// it claimed, finished, failed or cancelled enqueues a new one. A cancelled run therefore never leaves
// a run unindexed for good: the next write enqueues again.
import { sql, type SQL } from 'drizzle-orm';
import { newId } from '../../core/ids.js';
import { queryRows, type Db, type Executor } from '../../db/client.js';
import { enqueue } from '../../jobs/queue.js';

export const TEST_RUN_EMBEDDING = 'test_run_embedding';
export const TEST_RUN_EMBEDDING_ATTEMPTS = 3;

/** Enqueues the run's indexing unless a run of it is already waiting to be claimed. */
export async function requestRunIndexing(ex: Executor, runId: string, email: string): Promise<void> {
  const [state] = await queryRows<{ id: string; name: string; pending: boolean }>(
    ex,
    sql`SELECT j.id, j.name, coalesce(r.status = 'pending', false) AS pending
      FROM test_run_search_state s JOIN jobs j ON j.id = s.job_id
      LEFT JOIN job_runs r ON r.id = s.pending_job_run_id
      WHERE s.run_id = ${runId}`,
  );
  if (state?.pending) return;
  const config = { job_type: TEST_RUN_EMBEDDING, test_run_id: runId };
  const job = state ?? (await insertRunJob(ex, runId, email, config));
  if (!job) return;
  const jobRunId = await enqueue(ex, {
    jobId: job.id,
    jobType: TEST_RUN_EMBEDDING,
    jobName: job.name,
    config,
    createdBy: email,
    maxAttempts: TEST_RUN_EMBEDDING_ATTEMPTS,
  });
  await ex.execute(sql`INSERT INTO test_run_search_state (run_id, job_id, pending_job_run_id)
    VALUES (${runId}, ${job.id}, ${jobRunId})
    ON CONFLICT (run_id) DO UPDATE SET pending_job_run_id = EXCLUDED.pending_job_run_id`);
}

/**
 * The run's indexing job, made at its first write: one job per run, whose runs are its re-indexings.
 * Owned by the writer (by e-mail, as recordRunActivity is called), else by the run's creator; none
 * when neither is a user, which a signed-in writer always is.
 */
async function insertRunJob(
  ex: Executor,
  runId: string,
  email: string,
  config: Record<string, unknown>,
): Promise<{ id: string; name: string } | undefined> {
  const [row] = await queryRows<{ id: string; name: string }>(
    ex,
    sql`INSERT INTO jobs (id, owner_id, created_by, name, job_type, config)
      SELECT ${newId()}, o.id, ${email},
             'Index TR-' || lpad(r.run_number::text, 4, '0') || ' for search', ${TEST_RUN_EMBEDDING},
             ${JSON.stringify(config)}::jsonb
      FROM test_runs r
      CROSS JOIN LATERAL (SELECT coalesce((SELECT id FROM users WHERE email = lower(${email})), r.creator_id) AS id) o
      WHERE r.id = ${runId} AND o.id IS NOT NULL
      RETURNING id, name`,
  );
  return row;
}

/**
 * Queues every live run that was never queued for indexing: runs made before semantic search existed,
 * or loaded by SQL (the benchmarks). Each batch commits on its own; answers how many were queued.
 */
export async function requestIndexingOfUnindexedRuns(db: Db, batch = 500): Promise<number> {
  let queued = 0;
  let after = '00000000-0000-0000-0000-000000000000';
  for (;;) {
    const runs = await queryRows<{ id: string; created_by: string }>(
      db,
      sql`SELECT r.id, r.created_by FROM test_runs r
        WHERE r.deleted_at IS NULL AND r.id > ${after}
          AND NOT EXISTS (SELECT 1 FROM test_run_search_state s WHERE s.run_id = r.id)
        ORDER BY r.id LIMIT ${batch}`,
    );
    if (runs.length === 0) return queued;
    await db.transaction(async (tx) => {
      for (const run of runs) await requestRunIndexing(tx, run.id, run.created_by);
    });
    queued += runs.length;
    after = runs[runs.length - 1]!.id;
  }
}

/**
 * Queues every live run with a component whose text has no vector of `model`: after the embedding
 * model changes, a run's texts are in the old space and it is not found by meaning until its job
 * embeds them again (the job embeds exactly the texts missing a vector of its model). Skipped
 * cheaply when no vector of another model is stored, as on every start but the first after a change.
 */
export async function requestIndexingForModel(db: Db, model: string, batch = 500): Promise<number> {
  const [other] = await queryRows<{ any: boolean }>(
    db,
    sql`SELECT EXISTS (SELECT 1 FROM test_run_search_texts WHERE model <> ${model}) AS any`,
  );
  if (!other?.any) return 0;
  return queueLiveRuns(
    db,
    sql`EXISTS (SELECT 1 FROM test_run_search_components c
                 WHERE c.run_id = r.id
                   AND NOT EXISTS (SELECT 1 FROM test_run_search_texts t
                                    WHERE t.model = ${model} AND t.text_hash = c.text_hash))`,
    batch,
  );
}

/**
 * Queues every live run still indexed as whole components ('whole' parts: indexed before each part
 * had its own vector, migration test_run_search_parts), so its job replaces them by parts. Read from
 * a partial index that holds only those rows: on every start after the first, an empty index.
 */
export async function requestIndexingOfWholeComponents(db: Db, batch = 500): Promise<number> {
  return queueLiveRuns(
    db,
    sql`r.id IN (SELECT c.run_id FROM test_run_search_components c WHERE c.part = 'whole')`,
    batch,
  );
}

/**
 * Queues every live run with a report whose findings are not indexed as parts of their own
 * (`finding_N`, search-texts.ts findingParts): reports written before findings were embedded.
 */
export async function requestIndexingOfReportFindings(db: Db, batch = 500): Promise<number> {
  return queueLiveRuns(
    db,
    sql`r.id IN (SELECT p.run_id FROM test_run_reports p
                  WHERE jsonb_array_length(p.findings) > 0
                    AND NOT EXISTS (SELECT 1 FROM test_run_search_components c
                                     WHERE c.component_id = p.id AND c.component_type = 'report'
                                       AND left(c.part, 8) = 'finding_'))`,
    batch,
  );
}

/** Queues the indexing of the live runs `r` for which `condition` holds, `batch` runs a transaction. */
async function queueLiveRuns(db: Db, condition: SQL, batch: number): Promise<number> {
  const runs = await queryRows<{ id: string; created_by: string }>(
    db,
    sql`SELECT r.id, r.created_by FROM test_runs r WHERE r.deleted_at IS NULL AND ${condition} ORDER BY r.id`,
  );
  for (let i = 0; i < runs.length; i += batch) {
    await db.transaction(async (tx) => {
      for (const run of runs.slice(i, i + batch)) await requestRunIndexing(tx, run.id, run.created_by);
    });
  }
  return runs.length;
}
