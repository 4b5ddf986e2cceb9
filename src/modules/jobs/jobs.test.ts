// Jobs as a client sees them: the registered types, create with Errors rule 7 and config validation
// naming every bad field, every list filter, get, PATCH, soft DELETE and latest-run. Runs of jobs:
// job-runs.test.ts; their states: job-runs.states.test.ts.
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { ISO_MS_Z, UUID, ok, testApp, type TestContext, type TestUser } from '../../../test/helpers.js';
import { Gate } from '../../../test/job-types.js';
import { expectProblem } from '../../../test/problems.js';
import type { Page } from '../../core/schemas.js';
import type { Job, JobRun, JobSchemaEntry } from './jobs.schemas.js';

const JOB_KEYS = [
  'config',
  'created_at',
  'created_by',
  'description',
  'is_deleted',
  'name',
  'source_project_id',
  'source_session_id',
  'updated_at',
  'uuid',
];

let ctx: TestContext;
let ann: TestUser;
let bob: TestUser;
const gate = new Gate();

beforeAll(async () => {
  ctx = await testApp({
    jobTypes: [gate.type],
    env: { HWA_DEV_JOB_TYPES: '1', HWA_WORKER_SHUTDOWN_GRACE: '0' },
  });
  ann = await ctx.newUser();
  bob = await ctx.newUser();
});

const create = (body: unknown, as = ann) => as.call<Job>('POST', '/jobs', body);
const newJob = async (body: Record<string, unknown> = {}, as = ann) =>
  ok(await create({ job_type: 'test_gate', ...body }, as), 201);
const list = async (query: Record<string, string | string[]>) =>
  ok(await ann.call<Page<Job>>('GET', '/jobs', undefined, { query }));

describe('GET /jobs/schemas', () => {
  it('lists each registered type with its config as JSON Schema and its flags', async () => {
    const entries = ok(await ann.call<JobSchemaEntry[]>('GET', '/jobs/schemas'));
    expect(entries.map((e) => e.job_type).sort()).toEqual([
      'dev_crash',
      'dev_fail',
      'dev_sleep',
      'document_embedding',
      'generate_issue',
      'metagraph_update',
      'test_gate',
      'test_run_embedding',
      'test_run_report',
    ]);
    const sleep = entries.find((e) => e.job_type === 'dev_sleep')!;
    expect(sleep).toMatchObject({
      display_name: 'Sleep in steps (development)',
      creatable_on_ui: false,
      creatable_by_agent: false,
      visible_on_ui: false,
      json_schema: {
        type: 'object',
        required: ['job_type'],
        properties: { job_type: { const: 'dev_sleep' }, steps: { type: 'integer', minimum: 0 } },
      },
    });
    expect(typeof sleep.user_facing_description).toBe('string');
  });
});

describe('POST /jobs', () => {
  it('answers 201 with every Job field; config defaults to {job_type}; the name is generated', async () => {
    const job = await newJob({ description: 'Nightly' });
    expect(Object.keys(job).sort()).toEqual(JOB_KEYS);
    expect(job).toMatchObject({
      config: { job_type: 'test_gate' },
      description: 'Nightly',
      is_deleted: false,
      created_by: ann.email,
      updated_at: null,
      source_session_id: null,
      source_project_id: null,
    });
    expect(job.uuid).toMatch(UUID);
    expect(job.created_at).toMatch(ISO_MS_Z);
    expect(job.name).toBe(`Test gate #${job.uuid.slice(-8)}`);
    expect(ok(await ann.call<Job>('GET', `/jobs/${job.uuid}`))).toEqual(job);
  });

  it('keeps a config that names the same job type, and the source ids', async () => {
    const session = randomUUID();
    const job = await newJob({
      config: { job_type: 'test_gate', steps: 3, label: 'x' },
      source_session_id: session,
      source_project_id: session,
    });
    expect(job).toMatchObject({
      config: { job_type: 'test_gate', steps: 3, label: 'x' },
      source_session_id: session,
    });
  });

  it('refuses a config.job_type unlike the top-level one (rule 7), naming the field, and stores nothing', async () => {
    const before = (await list({})).count;
    const res = await create({ job_type: 'test_gate', config: { job_type: 'dev_sleep' } });
    const problem = expectProblem(res, 400, ['body.config.job_type']);
    expect(problem.errors[0]!.message).toBe('must equal the job type "test_gate" (got "dev_sleep")');
    expect((await list({})).count).toBe(before);
  });

  it('refuses a config the type’s schema refuses, naming every bad field at once', async () => {
    const res = await create({
      job_type: 'test_gate',
      config: { job_type: 'dev_sleep', steps: 101, label: 7, colour: 'red' },
    });
    expectProblem(res, 400, [
      'body.config.job_type',
      'body.config.steps',
      'body.config.label',
      'body.config.colour',
    ]);
    expectProblem(await create({ job_type: 'test_gate', config: {} }), 400, ['body.config.job_type']);
  });

  it('refuses an unregistered job type, naming the registered ones', async () => {
    const problem = expectProblem(await create({ job_type: 'no_such_job' }), 400, ['body.job_type']);
    expect(problem.detail).toContain('dev_sleep');
  });

  it('refuses a missing job_type, unknown fields and bad ids', async () => {
    expectProblem(await create({}), 400, ['body.job_type']);
    expectProblem(await create({ job_type: 'test_gate', colour: 'red', source_session_id: 'x' }), 400, [
      'body.colour',
      'body.source_session_id',
    ]);
    expectProblem(await create({ job_type: 'test_gate', config: 'steps=3' }), 400, ['body.config']);
  });
});

describe('GET /jobs', () => {
  it('filters by repeatable job_types, created_by_users and source_session_ids, and by creation time', async () => {
    const session = randomUUID();
    const a = await newJob({ source_session_id: session });
    const b = ok(await create({ job_type: 'dev_sleep', source_session_id: session }, bob), 201);
    const c = await newJob({}, bob);
    const ids = (page: Page<Job>) => page.items.map((j) => j.uuid);
    expect(ids(await list({ source_session_ids: session }))).toEqual([a.uuid, b.uuid]);
    expect(ids(await list({ source_session_ids: [session, randomUUID()], job_types: 'dev_sleep' }))).toEqual([
      b.uuid,
    ]);
    expect(
      ids(await list({ created_by_users: bob.email.toUpperCase(), job_types: ['test_gate', 'dev_sleep'] })),
    ).toEqual([b.uuid, c.uuid]);
    expect(
      ids(await list({ created_by_users: [ann.email, bob.email], created_after: a.created_at })),
    ).toEqual(expect.arrayContaining([a.uuid, b.uuid, c.uuid]));
    // Stored times have microseconds: a.created_at (milliseconds) is at or before a's own.
    const before = ids(await list({ created_before: a.created_at }));
    expect(before).not.toContain(b.uuid);
    expect(before).not.toContain(c.uuid);
    expect(await list({ created_after: '2999-01-01T00:00:00.000Z' })).toEqual({ items: [], count: 0 });
    const page = await list({ created_after: a.created_at, limit: '1', offset: '1' });
    expect(page).toMatchObject({ count: 3, items: [{ uuid: b.uuid }] });
  });

  it('refuses bad filters naming each', async () => {
    const res = await ann.call('GET', '/jobs', undefined, {
      query: { created_by_users: 'nobody', source_session_ids: 'x', created_after: 'yesterday', limit: '0' },
    });
    expectProblem(res, 400, [
      'query.created_by_users[0]',
      'query.source_session_ids[0]',
      'query.created_after',
      'query.limit',
    ]);
    expectProblem(await ann.call('GET', '/jobs', undefined, { query: { limit: '1001' } }), 400, [
      'query.limit',
    ]);
    ok(await ann.call('GET', '/jobs', undefined, { query: { limit: '1000' } }));
  });
});

describe('PATCH /jobs/{id}', () => {
  it('replaces the config (validated the same way) and the description, and sets updated_at', async () => {
    const job = await newJob({ config: { job_type: 'test_gate', steps: 2 } });
    const changed = ok(
      await ann.call<Job>('PATCH', `/jobs/${job.uuid}`, { config: { steps: 4 }, description: 'd' }),
    );
    expect(changed).toMatchObject({ config: { job_type: 'test_gate', steps: 4 }, description: 'd' });
    expect(changed.updated_at).toMatch(ISO_MS_Z);
    const refused = await ann.call('PATCH', `/jobs/${job.uuid}`, {
      config: { job_type: 'dev_fail', steps: -1 },
    });
    expectProblem(refused, 400, ['body.config.job_type', 'body.config.steps']);
    expect(ok(await ann.call<Job>('GET', `/jobs/${job.uuid}`)).config).toEqual({
      job_type: 'test_gate',
      steps: 4,
    });
  });

  it('answers 404 for an unknown or malformed id', async () => {
    expectProblem(await ann.call('PATCH', `/jobs/${randomUUID()}`, { description: 'x' }), 404);
    expectProblem(await ann.call('GET', '/jobs/not-a-uuid'), 404);
  });
});

describe('DELETE /jobs/{id} and GET /jobs/{id}/latest-run', () => {
  it('answers 204 with no body for latest-run of a job without runs, then the newest run', async () => {
    const job = await newJob({ config: { job_type: 'test_gate', steps: 0 } });
    const none = await ann.call('GET', `/jobs/${job.uuid}/latest-run`);
    expect(none.status).toBe(204);
    expect(none.res.body).toBe('');
    ok(await ann.call<JobRun>('POST', '/job-runs', { job_id: job.uuid }), 201);
    const second = ok(await ann.call<JobRun>('POST', '/job-runs', { job_id: job.uuid }), 201);
    expect(ok(await ann.call<JobRun>('GET', `/jobs/${job.uuid}/latest-run`)).uuid).toBe(second.uuid);
  });

  it('soft-deletes with a message: the job and its runs read as absent, its unfinished runs cancelled', async () => {
    const job = await newJob({ config: { job_type: 'test_gate', steps: 1 } });
    const run = ok(await ann.call<JobRun>('POST', '/job-runs', { job_id: job.uuid }), 201);
    await gate.started(run.uuid);
    const res = ok(await ann.call<{ message: string }>('DELETE', `/jobs/${job.uuid}`));
    expect(res).toEqual({ message: `Job "${job.name}" deleted; 1 run not yet finished cancelled.` });
    expect(await gate.ended(run.uuid)).toBe('cancelled');
    expectProblem(await ann.call('GET', `/jobs/${job.uuid}`), 404);
    expectProblem(await ann.call('GET', `/job-runs/${run.uuid}`), 404);
    expectProblem(await ann.call('GET', `/jobs/${job.uuid}/latest-run`), 404);
    expectProblem(await ann.call('DELETE', `/jobs/${job.uuid}`), 404);
    expect((await list({})).items.map((j) => j.uuid)).not.toContain(job.uuid);
    expectProblem(await ann.call('POST', '/job-runs', { job_id: job.uuid }), 404);
  });
});
