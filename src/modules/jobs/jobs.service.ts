// Jobs: saved configurations of asynchronous work, team-wide like issues (every signed-in user sees and
// may run every job). A config is checked against rule 7 and the type's schema, every bad field named.
import type { Actor } from '../../core/auth.js';
import { Errors, HwaError } from '../../core/errors.js';
import { iso, isoOrNull, newId } from '../../core/ids.js';
import type { Db } from '../../db/client.js';
import type { JobRegistry, JobType } from '../../jobs/registry.js';
import { cancelRunsOfJob } from '../../jobs/run-moves.js';
import * as runsRepo from './job-runs.repository.js';
import { toJobRun } from './job-runs.service.js';
import * as repo from './jobs.repository.js';
import { checkedConfig, jobName } from './jobs.rules.js';
import type {
  CreateJobBody,
  Job,
  JobRun,
  JobSchemaEntry,
  ListJobsQuery,
  UpdateJobBody,
} from './jobs.schemas.js';

export function toJob(row: repo.JobRow): Job {
  return {
    uuid: row.id,
    name: row.name,
    description: row.description,
    config: row.config,
    is_deleted: row.deletedAt !== null,
    created_by: row.createdBy,
    created_at: iso(row.createdAt),
    updated_at: isoOrNull(row.updatedAt),
    source_session_id: row.sourceSessionId,
    source_project_id: row.sourceProjectId,
  };
}

export class JobsService {
  constructor(
    private readonly db: Db,
    private readonly registry: JobRegistry,
  ) {}

  schemas(): JobSchemaEntry[] {
    return this.registry.list().map((t) => ({
      job_type: t.jobType,
      display_name: t.displayName,
      description: t.description,
      user_facing_description: t.userFacingDescription,
      json_schema: JSON.parse(JSON.stringify(t.configSchema)) as Record<string, unknown>,
      creatable_on_ui: t.creatableOnUi,
      creatable_by_agent: t.creatableByAgent,
      visible_on_ui: t.visibleOnUi,
    }));
  }

  private registered(jobType: string, path: string): JobType {
    const type = this.registry.get(jobType);
    if (!type) {
      const known = this.registry.names();
      throw Errors.invalidField(
        path,
        `"${jobType}" is not a registered job type (${known.length ? `registered: ${known.join(', ')}` : 'none is registered'}; see GET /jobs/schemas)`,
      );
    }
    return type;
  }

  async create(actor: Actor, body: CreateJobBody): Promise<Job> {
    const type = this.registered(body.job_type, 'body.job_type');
    const config = checkedConfig(
      this.registry,
      type,
      body.config ?? { job_type: type.jobType },
      'body.config',
    );
    const id = newId();
    const row = await repo.insertJob(this.db, {
      id,
      ownerId: actor.userId,
      createdBy: actor.email,
      name: jobName(type.displayName, id),
      description: body.description ?? null,
      jobType: type.jobType,
      config,
      sourceSessionId: body.source_session_id ?? null,
      sourceProjectId: body.source_project_id ?? null,
    });
    return toJob(row);
  }

  async list(query: ListJobsQuery): Promise<{ items: Job[]; count: number }> {
    const { rows, count } = await repo.listJobs(this.db, {
      jobTypes: query.job_types,
      createdBy: query.created_by_users?.map((e) => e.toLowerCase()),
      sourceSessionIds: query.source_session_ids,
      after: query.created_after ? new Date(query.created_after) : undefined,
      before: query.created_before ? new Date(query.created_before) : undefined,
      limit: query.limit,
      offset: query.offset,
    });
    return { items: rows.map(toJob), count };
  }

  async get(id: string): Promise<Job> {
    const row = await repo.findLiveJob(this.db, id);
    if (!row) throw Errors.notFound('job');
    return toJob(row);
  }

  async update(id: string, body: UpdateJobBody): Promise<Job> {
    const job = await repo.findLiveJob(this.db, id);
    if (!job) throw Errors.notFound('job');
    const patch: Parameters<typeof repo.updateJob>[2] = {};
    if (body.config !== undefined) {
      const type = this.registry.get(job.jobType);
      if (!type)
        throw new HwaError('state_conflict', `The job type "${job.jobType}" is no longer registered.`);
      patch.config = checkedConfig(
        this.registry,
        type,
        { job_type: job.jobType, ...body.config },
        'body.config',
      );
    }
    if (body.description !== undefined) patch.description = body.description;
    const row = await repo.updateJob(this.db, id, patch);
    if (!row) throw Errors.notFound('job');
    return toJob(row);
  }

  /** Soft delete: the job and its runs read as absent; its runs not yet final are cancelled. */
  async remove(id: string): Promise<{ message: string }> {
    const cancelled = await this.db.transaction(async (tx) => {
      const job = await repo.lockLiveJob(tx, id);
      if (!job) throw Errors.notFound('job');
      const count = await cancelRunsOfJob(tx, id);
      await runsRepo.softDeleteRunsOfJob(tx, id);
      await repo.softDeleteJob(tx, id);
      return { name: job.name, count };
    });
    const runs = cancelled.count === 1 ? 'run' : 'runs';
    return {
      message: `Job "${cancelled.name}" deleted${cancelled.count ? `; ${cancelled.count} ${runs} not yet finished cancelled` : ''}.`,
    };
  }

  /** The job's newest run, or undefined when it has none (the route answers 204). */
  async latestRun(id: string): Promise<JobRun | undefined> {
    if (!(await repo.findLiveJob(this.db, id))) throw Errors.notFound('job');
    const row = await runsRepo.latestRunOfJob(this.db, id);
    return row ? toJobRun(row) : undefined;
  }
}
