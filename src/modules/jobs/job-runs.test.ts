// Job runs as a client sees them: start one (overrides merged and validated), every list filter, get,
// and what a run carries beside the spec's fields. State moves: job-runs.states.test.ts.
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { ISO_MS_Z, UUID, ok, testApp, type TestContext, type TestUser } from '../../../test/helpers.js';
import { Gate, waitForRun } from '../../../test/job-types.js';
import { expectProblem } from '../../../test/problems.js';
import type { Page } from '../../core/schemas.js';
import type { Job, JobRun } from './jobs.schemas.js';

const RUN_KEYS = [
  'attempt',
  'config',
  'created_at',
  'created_by',
  'error',
  'finished_at',
  'is_deleted',
  'job_id',
  'job_name',
  'job_type',
  'llm_usage',
  'max_attempts',
  'output_references',
  'pause_requested',
  'progress',
  'started_at',
  'status',
  'updated_at',
  'uuid',
];

let ctx: TestContext;
let ann: TestUser;
const gate = new Gate();

beforeAll(async () => {
  ctx = await testApp({
    jobTypes: [gate.type],
    env: { HWA_DEV_JOB_TYPES: '1', HWA_WORKER_SHUTDOWN_GRACE: '0' },
  });
  ann = await ctx.newUser();
});

const newJob = async (config: Record<string, unknown> = {}, jobType = 'test_gate') =>
  ok(
    await ann.call<Job>('POST', '/jobs', { job_type: jobType, config: { job_type: jobType, ...config } }),
    201,
  );
const start = (body: unknown) => ann.call<JobRun>('POST', '/job-runs', body);
const list = async (query: Record<string, string | string[]>) =>
  ok(await ann.call<Page<JobRun>>('GET', '/job-runs', undefined, { query }));

describe('POST /job-runs', () => {
  it('answers 201 with the run pending, every field, and the job’s config', async () => {
    const job = await newJob({ steps: 2 });
    const run = ok(await start({ job_id: job.uuid }), 201);
    expect(Object.keys(run).sort()).toEqual(RUN_KEYS);
    expect(run).toMatchObject({
      job_id: job.uuid,
      job_name: job.name,
      job_type: 'test_gate',
      config: { job_type: 'test_gate', steps: 2 },
      status: 'pending',
      created_by: ann.email,
      is_deleted: false,
      output_references: [],
      progress: { pct: 0, message: null },
      attempt: 0,
      max_attempts: 3,
      pause_requested: false,
      started_at: null,
      finished_at: null,
      error: null,
      llm_usage: [],
    });
    expect(run.uuid).toMatch(UUID);
    expect(run.created_at).toMatch(ISO_MS_Z);
    // A worker takes it; it stays running at its first step until the test lets it go.
    await gate.started(run.uuid);
    const running = await waitForRun(ann, run.uuid, (r) => r.status === 'running');
    expect(running).toMatchObject({ attempt: 1 });
    expect(running.started_at).toMatch(ISO_MS_Z);
    gate.step(run.uuid, 2);
    const done = await waitForRun(ann, run.uuid, (r) => r.status === 'completed');
    expect(done).toMatchObject({ progress: { pct: 100, message: 'step 2 of 2' }, error: null });
    expect(done.finished_at).toMatch(ISO_MS_Z);
  });

  it('merges config overrides over the job’s config and validates the result, naming every bad field', async () => {
    const job = await newJob({ steps: 0, label: 'job' });
    const run = ok(await start({ job_id: job.uuid, config: { label: 'run' } }), 201);
    expect(run.config).toEqual({ job_type: 'test_gate', steps: 0, label: 'run' });
    const refused = await start({
      job_id: job.uuid,
      config: { job_type: 'dev_sleep', steps: 'x', extra: 1 },
    });
    expectProblem(refused, 400, ['body.config.job_type', 'body.config.steps', 'body.config.extra']);
  });

  it('refuses a missing or unknown job, and unknown fields', async () => {
    expectProblem(await start({}), 400, ['body.job_id']);
    expectProblem(await start({ job_id: randomUUID() }), 404);
    expectProblem(await start({ job_id: 'nope', priority: 1 }), 400, ['body.job_id', 'body.priority']);
  });
});

describe('GET /job-runs', () => {
  it('filters by job_id, repeatable job_types and statuses, and creation time; pages in creation order', async () => {
    const quick = await newJob({ steps: 0 });
    const fails = await newJob({}, 'dev_fail');
    const a = ok(await start({ job_id: quick.uuid }), 201);
    const b = ok(await start({ job_id: fails.uuid }), 201);
    const c = ok(await start({ job_id: quick.uuid }), 201);
    await waitForRun(ann, a.uuid, (r) => r.status === 'completed');
    await waitForRun(ann, c.uuid, (r) => r.status === 'completed');
    await waitForRun(ann, b.uuid, (r) => r.status === 'failed');
    const ids = (page: Page<JobRun>) => page.items.map((r) => r.uuid);
    expect(ids(await list({ job_id: quick.uuid }))).toEqual([a.uuid, c.uuid]);
    expect(ids(await list({ job_types: 'dev_fail' }))).toEqual([b.uuid]);
    expect(ids(await list({ job_types: ['dev_fail', 'test_gate'], created_after: a.created_at }))).toEqual([
      a.uuid,
      b.uuid,
      c.uuid,
    ]);
    expect(ids(await list({ statuses: 'failed', created_after: a.created_at }))).toEqual([b.uuid]);
    expect(ids(await list({ statuses: ['failed', 'completed'], created_after: a.created_at }))).toEqual([
      a.uuid,
      b.uuid,
      c.uuid,
    ]);
    expect(ids(await list({ statuses: 'running', job_id: quick.uuid }))).toEqual([]);
    expect(ids(await list({ created_before: a.created_at, job_id: quick.uuid }))).not.toContain(c.uuid);
    expect(await list({ job_id: quick.uuid, limit: '1', offset: '1' })).toMatchObject({
      count: 2,
      items: [{ uuid: c.uuid }],
    });
  });

  it('refuses bad filters naming each', async () => {
    const res = await ann.call('GET', '/job-runs', undefined, {
      query: { job_id: 'x', statuses: 'done', created_before: 'soon', offset: '-1' },
    });
    expectProblem(res, 400, ['query.job_id', 'query.statuses[0]', 'query.created_before', 'query.offset']);
  });
});

describe('GET /job-runs/{id}', () => {
  it('answers 404 for an unknown or malformed id', async () => {
    expectProblem(await ann.call('GET', `/job-runs/${randomUUID()}`), 404);
    expectProblem(await ann.call('GET', '/job-runs/42'), 404);
  });

  it('carries a failed run’s error', async () => {
    const job = await newJob({ message: 'the bench PSU tripped' }, 'dev_fail');
    const run = ok(await start({ job_id: job.uuid }), 201);
    const failed = await waitForRun(ann, run.uuid, (r) => r.status === 'failed');
    expect(failed).toMatchObject({
      attempt: 1,
      error: { code: 'handler_error', message: 'the bench PSU tripped' },
    });
  });
});
