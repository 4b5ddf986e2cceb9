// Jobs and job runs. `job_runs` is also the durable queue the workers claim from (src/jobs/queue.ts):
// a run's status, lease and retry time live on its row, so a queue entry and the record users read
// can never disagree, and enqueueing is an INSERT inside the caller's transaction.
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, deletedAt, updatedAt } from './columns.js';
import { users } from './users.js';

export type JobRunStatus = 'pending' | 'running' | 'paused' | 'completed' | 'failed' | 'cancelled';

export interface OutputReference {
  type: 'entity' | 'relationship' | 'issue' | 'attachment' | 'report' | 'document';
  id: string;
  title: string;
}

export interface LlmUsage {
  model: string;
  input_tokens: number;
  output_tokens: number;
  duration_ms: number;
  at: string;
}

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const jobs = pgTable(
  'jobs',
  {
    id: uuid('id').primaryKey(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id),
    createdBy: text('created_by').notNull(),
    name: text('name').notNull(),
    description: text('description'),
    jobType: text('job_type').notNull(),
    /** Always carries `job_type` (spec: Job.config), validated against the type's schema. */
    config: jsonb('config').$type<Record<string, unknown>>().notNull(),
    sourceSessionId: uuid('source_session_id'),
    sourceProjectId: uuid('source_project_id'),
    createdAt: createdAt(),
    /** Null until the job is first changed (spec: Job.updated_at is nullable). */
    updatedAt: at('updated_at'),
    deletedAt: deletedAt(),
  },
  (t) => [index('jobs_list_idx').on(t.createdAt, t.id), index('jobs_type_idx').on(t.jobType, t.createdAt)],
);

export const jobRuns = pgTable(
  'job_runs',
  {
    id: uuid('id').primaryKey(),
    jobId: uuid('job_id')
      .notNull()
      .references(() => jobs.id),
    /** Copied from the job: the claim and the `job_types` filter read it without a join. */
    jobType: text('job_type').notNull(),
    jobName: text('job_name').notNull(),
    config: jsonb('config').$type<Record<string, unknown>>().notNull(),
    status: text('status').$type<JobRunStatus>().notNull(),
    createdBy: text('created_by').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** Set with the job's soft delete: the run then reads as absent. */
    deletedAt: deletedAt(),
    /**
     * Bumped by every change a watcher may see (status, progress): SSE events carry it, so a stream
     * merging a snapshot with notifications sends each change once and in order.
     */
    revision: integer('revision').notNull().default(1),
    /** Claims so far; a pause or a release on shutdown gives its claim back. */
    attempt: integer('attempt').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull(),
    /** Not claimed before this time: retries wait out their backoff here. */
    runAfter: at('run_after').notNull().defaultNow(),
    /** The worker holding the run and until when; a lease in the past means its worker died. */
    lockedBy: text('locked_by'),
    leaseUntil: at('lease_until'),
    pauseRequested: boolean('pause_requested').notNull().default(false),
    /** What the handler saved at its last checkpoint, handed back when the run resumes. */
    checkpoint: jsonb('checkpoint'),
    startedAt: at('started_at'),
    finishedAt: at('finished_at'),
    progressPct: integer('progress_pct').notNull().default(0),
    progressMessage: text('progress_message'),
    errorCode: text('error_code'),
    errorMessage: text('error_message'),
    outputReferences: jsonb('output_references')
      .$type<OutputReference[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    llmUsage: jsonb('llm_usage')
      .$type<LlmUsage[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
  },
  (t) => [
    // The claim reads only pending rows in run_after order: a partial index keeps it small however
    // many finished runs the table holds.
    index('job_runs_claim_idx')
      .on(t.runAfter, t.id)
      .where(sql`${t.status} = 'pending'`),
    index('job_runs_lease_idx')
      .on(t.leaseUntil)
      .where(sql`${t.status} = 'running'`),
    index('job_runs_job_idx').on(t.jobId, t.createdAt, t.id),
    index('job_runs_list_idx').on(t.createdAt, t.id),
  ],
);
