// Job runs: start one (enqueued in the same transaction that reads its job), read them, and the moves
// people ask for. Cancel is idempotent: scripts call it blindly, and a quick run may finish first.
import type { Actor } from '../../core/auth.js';
import { Errors, HwaError } from '../../core/errors.js';
import { iso, isoOrNull } from '../../core/ids.js';
import type { Db } from '../../db/client.js';
import { enqueue } from '../../jobs/queue.js';
import type { JobRegistry } from '../../jobs/registry.js';
import { cancelRun, pauseRun, resumeRun } from '../../jobs/run-moves.js';
import * as repo from './job-runs.repository.js';
import * as jobsRepo from './jobs.repository.js';
import { checkedConfig, runConfig } from './jobs.rules.js';
import type { CancelResponse, CreateRunBody, JobRun, ListRunsQuery } from './jobs.schemas.js';

export function toJobRun(row: repo.JobRunRow): JobRun {
  return {
    uuid: row.id,
    job_id: row.jobId,
    job_name: row.jobName,
    job_type: row.jobType,
    config: row.config,
    status: row.status,
    created_by: row.createdBy,
    created_at: iso(row.createdAt),
    updated_at: iso(row.updatedAt),
    is_deleted: row.deletedAt !== null,
    output_references: row.outputReferences,
    progress: { pct: row.progressPct, message: row.progressMessage },
    attempt: row.attempt,
    max_attempts: row.maxAttempts,
    pause_requested: row.pauseRequested,
    started_at: isoOrNull(row.startedAt),
    finished_at: isoOrNull(row.finishedAt),
    error: row.errorCode ? { code: row.errorCode, message: row.errorMessage ?? '' } : null,
    llm_usage: row.llmUsage,
  };
}

export class JobRunsService {
  constructor(
    private readonly db: Db,
    private readonly registry: JobRegistry,
  ) {}

  private async live(id: string): Promise<repo.JobRunRow> {
    const row = await repo.findLiveRun(this.db, id);
    if (!row) throw Errors.notFound('job run');
    return row;
  }

  async start(actor: Actor, body: CreateRunBody): Promise<JobRun> {
    const row = await this.db.transaction(async (tx) => {
      const job = await jobsRepo.lockLiveJob(tx, body.job_id);
      if (!job) throw Errors.notFound('job');
      const type = this.registry.get(job.jobType);
      if (!type) {
        throw new HwaError(
          'state_conflict',
          `The job type "${job.jobType}" is no longer registered on this server.`,
        );
      }
      const config = checkedConfig(this.registry, type, runConfig(job.config, body.config), 'body.config');
      const id = await enqueue(tx, {
        jobId: job.id,
        jobType: job.jobType,
        jobName: job.name,
        config,
        createdBy: actor.email,
        maxAttempts: type.maxAttempts,
      });
      return (await repo.findLiveRun(tx, id))!;
    });
    return toJobRun(row);
  }

  async list(query: ListRunsQuery): Promise<{ items: JobRun[]; count: number }> {
    const { rows, count } = await repo.listRuns(this.db, {
      jobId: query.job_id,
      jobTypes: query.job_types,
      statuses: query.statuses,
      after: query.created_after ? new Date(query.created_after) : undefined,
      before: query.created_before ? new Date(query.created_before) : undefined,
      limit: query.limit,
      offset: query.offset,
    });
    return { items: rows.map(toJobRun), count };
  }

  async get(id: string): Promise<JobRun> {
    return toJobRun(await this.live(id));
  }

  async cancel(id: string): Promise<CancelResponse> {
    await this.live(id);
    if (await cancelRun(this.db, id)) return { message: 'Job run cancelled.', cancelled_count: 1 };
    const now = await this.live(id);
    return {
      message: `The job run is already ${now.status}; nothing was cancelled.`,
      cancelled_count: 0,
    };
  }

  async pause(id: string): Promise<JobRun> {
    const before = await this.live(id);
    if (!(await pauseRun(this.db, id))) {
      throw Errors.stateConflict(`The job run is ${before.status}: a final run cannot be paused.`);
    }
    return this.get(id);
  }

  async resume(id: string): Promise<JobRun> {
    const before = await this.live(id);
    if (!(await resumeRun(this.db, id))) {
      throw Errors.stateConflict(`The job run is ${before.status}: a final run cannot be resumed.`);
    }
    return this.get(id);
  }
}
