// The life of a run, driven step by step through the gate type (test/job-types.ts): cancel of a
// pending, a running and a final run; pause and resume across a checkpoint; no final state ever
// overwritten; transient retries, the time limit; the analyst's usage and output references recorded;
// and a transaction that rolls back enqueues nothing.
import { describe, expect, it, beforeAll } from 'vitest';
import { Type } from 'typebox';
import { ok, testApp, type TestContext, type TestUser } from '../../../test/helpers.js';
import { Gate, stuckType, waitForRun } from '../../../test/job-types.js';
import { expectProblem } from '../../../test/problems.js';
import type { Analyst } from '../../analysis/analyst.js';
import { enqueue } from '../../jobs/queue.js';
import type { JobType } from '../../jobs/registry.js';
import * as runsRepo from './job-runs.repository.js';
import type { CancelResponse, Job, JobRun } from './jobs.schemas.js';

const gate = new Gate();
const fakeAnalyst: Analyst = {
  kind: 'openai',
  complete: async () => ({
    available: true,
    text: 'ok',
    usage: { model: 'fake-1', inputTokens: 12, outputTokens: 3, durationMs: 40 },
  }),
};
const askingType: JobType = {
  ...stuckType,
  jobType: 'test_asks',
  configSchema: Type.Object({ job_type: Type.Literal('test_asks') }),
  timeLimitSeconds: 60,
  handler: async (ctx) => {
    const answer = await ctx.analyst.complete({
      system: 's',
      messages: [{ role: 'user', content: 'hi' }],
      maxTokens: 5,
    });
    if (!answer.available) throw new Error('no analyst');
    await ctx.addOutputReference({ type: 'report', id: ctx.run.jobId, title: 'Thermal report' });
  },
};

let ctx: TestContext;
let ann: TestUser;

beforeAll(async () => {
  ctx = await testApp({
    jobTypes: [gate.type, stuckType, askingType],
    analyst: fakeAnalyst,
    // One worker slot: a run holding it keeps the next one pending for as long as a test needs.
    env: { HWA_WORKER_SHUTDOWN_GRACE: '0', HWA_WORKER_CONCURRENCY: '1' },
  });
  ann = await ctx.newUser();
});

const startRun = async (config: Record<string, unknown> = {}, jobType = 'test_gate') => {
  const job = ok(
    await ann.call<Job>('POST', '/jobs', { job_type: jobType, config: { job_type: jobType, ...config } }),
    201,
  );
  return ok(await ann.call<JobRun>('POST', '/job-runs', { job_id: job.uuid }), 201);
};
const cancel = async (id: string) => ok(await ann.call<CancelResponse>('POST', `/job-runs/${id}/cancel`));
const get = async (id: string) => ok(await ann.call<JobRun>('GET', `/job-runs/${id}`));
const move = (id: string, verb: 'pause' | 'resume') => ann.call<JobRun>('POST', `/job-runs/${id}/${verb}`);

describe('cancel', () => {
  it('cancels a pending run at once; no worker ever starts it', async () => {
    const first = await startRun();
    await gate.started(first.uuid);
    const paused = ok(await move((await startRun()).uuid, 'pause')); // pending -> paused: never claimed
    expect(paused.status).toBe('paused');
    expect(await cancel(paused.uuid)).toEqual({ message: 'Job run cancelled.', cancelled_count: 1 });
    const run = await get(paused.uuid);
    expect(run).toMatchObject({ status: 'cancelled', attempt: 0, started_at: null });
    expect(gate.attempts.has(paused.uuid)).toBe(false);
    await cancel(first.uuid);
  });

  it('cancels a running run, and its handler’s signal fires with the reason', async () => {
    const run = await startRun({ steps: 3 });
    await gate.started(run.uuid);
    expect(await cancel(run.uuid)).toEqual({ message: 'Job run cancelled.', cancelled_count: 1 });
    expect(await gate.ended(run.uuid)).toBe('cancelled');
    expect(await get(run.uuid)).toMatchObject({ status: 'cancelled', error: null });
  });

  it('leaves a final run as it is: 200, cancelled_count 0, a message naming its status', async () => {
    const run = await startRun({ steps: 0 });
    const done = await waitForRun(ann, run.uuid, (r) => r.status === 'completed');
    expect(await cancel(run.uuid)).toEqual({
      message: 'The job run is already completed; nothing was cancelled.',
      cancelled_count: 0,
    });
    expect(await get(run.uuid)).toEqual(done);
    expect((await cancel(run.uuid)).cancelled_count).toBe(0);
  });

  it('never lets a final state be overwritten by a handler that ends later', async () => {
    const run = await startRun({ steps: 1 });
    const attempt = await gate.started(run.uuid);
    await cancel(run.uuid);
    expect(await gate.ended(run.uuid)).toBe('cancelled');
    // The handler's own writes are refused too (it no longer holds the run).
    await expect(attempt.ctx.progress(50, 'late')).rejects.toThrow();
    const after = await get(run.uuid);
    expect(after).toMatchObject({ status: 'cancelled', progress: { pct: 0 } });
    expectProblem(await move(run.uuid, 'pause'), 409);
    expectProblem(await move(run.uuid, 'resume'), 409);
  });
});

describe('pause and resume', () => {
  it('pauses a running run at its next checkpoint, then resumes it from there', async () => {
    const run = await startRun({ steps: 3 });
    await gate.started(run.uuid);
    const asked = ok(await move(run.uuid, 'pause'));
    expect(asked).toMatchObject({ status: 'running', pause_requested: true });
    gate.step(run.uuid); // step 1, then the checkpoint pauses it
    expect(await gate.ended(run.uuid)).toBe('RunPaused');
    const paused = await waitForRun(ann, run.uuid, (r) => r.status === 'paused');
    expect(paused).toMatchObject({ pause_requested: false, attempt: 0, progress: { pct: 33 } });
    expect(ok(await move(run.uuid, 'pause')).status).toBe('paused'); // idempotent

    expect(ok(await move(run.uuid, 'resume')).status).not.toBe('paused');
    const again = await gate.started(run.uuid, 2);
    expect(again.ctx.saved).toEqual({ step: 1 });
    gate.step(run.uuid, 2);
    const done = await waitForRun(ann, run.uuid, (r) => r.status === 'completed');
    expect(done).toMatchObject({ attempt: 1, progress: { pct: 100, message: 'step 3 of 3' } });
  });

  it('resume before the checkpoint withdraws the pause', async () => {
    const run = await startRun({ steps: 1 });
    await gate.started(run.uuid);
    ok(await move(run.uuid, 'pause'));
    expect(ok(await move(run.uuid, 'resume'))).toMatchObject({ status: 'running', pause_requested: false });
    gate.step(run.uuid);
    expect(await gate.ended(run.uuid)).toBe('returned');
    await waitForRun(ann, run.uuid, (r) => r.status === 'completed');
  });
});

describe('failures and limits', () => {
  it('retries a transient failure and completes on a later attempt', async () => {
    const run = await startRun({ steps: 0, transient_on: [1] });
    const done = await waitForRun(ann, run.uuid, (r) => r.status === 'completed');
    expect(done).toMatchObject({ attempt: 2, error: null });
  });

  it('fails with retries_exhausted when every attempt is transient', async () => {
    const run = await startRun({ steps: 0, transient_on: [1, 2, 3] });
    const failed = await waitForRun(ann, run.uuid, (r) => r.status === 'failed');
    expect(failed).toMatchObject({
      attempt: 3,
      error: { code: 'retries_exhausted', message: 'flaky on attempt 3' },
    });
  });

  it('fails a run past its type’s time limit with a clear error, even if its handler ignores the signal', async () => {
    const run = await startRun({}, 'test_stuck');
    const failed = await waitForRun(ann, run.uuid, (r) => r.status === 'failed');
    expect(failed.error).toEqual({
      code: 'time_limit',
      message: 'Stopped after the time limit of 1 s of job type test_stuck.',
    });
  });

  it('records each available completion’s usage and the output references', async () => {
    const run = await startRun({}, 'test_asks');
    const done = await waitForRun(ann, run.uuid, (r) => r.status === 'completed');
    expect(done.llm_usage).toEqual([
      { model: 'fake-1', input_tokens: 12, output_tokens: 3, duration_ms: 40, at: expect.any(String) },
    ]);
    expect(done.output_references).toEqual([{ type: 'report', id: run.job_id, title: 'Thermal report' }]);
  });
});

describe('enqueue', () => {
  it('enqueues nothing when the caller’s transaction rolls back', async () => {
    const job = ok(await ann.call<Job>('POST', '/jobs', { job_type: 'test_gate' }), 201);
    let id = '';
    await expect(
      ctx.database.db.transaction(async (tx) => {
        id = await enqueue(tx, {
          jobId: job.uuid,
          jobType: 'test_gate',
          jobName: job.name,
          config: job.config,
          createdBy: ann.email,
          maxAttempts: 1,
        });
        expect(await runsRepo.findLiveRun(tx, id)).toBeDefined();
        throw new Error('the report row failed');
      }),
    ).rejects.toThrow('the report row failed');
    expect(await runsRepo.findLiveRun(ctx.database.db, id)).toBeUndefined();
    expect(ok(await ann.call('GET', '/job-runs', undefined, { query: { job_id: job.uuid } }))).toEqual({
      items: [],
      count: 0,
    });
  });
});
