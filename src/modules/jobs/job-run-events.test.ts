// GET /job-runs/{id}/events over real HTTP (the transport matters: the stream must flush each event as
// it happens): the run as it is first, then every status and progress change in order, ending when
// the run is final.
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { ok, testApp, type TestContext, type TestUser } from '../../../test/helpers.js';
import { Gate } from '../../../test/job-types.js';
import { expectProblem } from '../../../test/problems.js';
import type { Job, JobRun } from './jobs.schemas.js';

interface Event {
  id: number;
  event: string;
  data: {
    job_run_id: string;
    revision: number;
    status: string;
    progress: { pct: number; message: string | null };
  };
}

let ctx: TestContext;
let ann: TestUser;
let base: string;
const gate = new Gate();

beforeAll(async () => {
  ctx = await testApp({ jobTypes: [gate.type], env: { HWA_WORKER_SHUTDOWN_GRACE: '0' } });
  ann = await ctx.newUser();
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}/api/v1`;
});

/** Opens the stream; `next()` answers each event as it arrives, `rest()` the remaining ones at the end. */
async function watch(runId: string) {
  const res = await fetch(`${base}/job-runs/${runId}/events`, {
    headers: { authorization: `Bearer ${ann.token}` },
  });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
  const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  const read = async (): Promise<Event | undefined> => {
    for (;;) {
      const end = buffer.indexOf('\n\n');
      if (end >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const fields = Object.fromEntries(
          block
            .split('\n')
            .filter((line) => !line.startsWith(':'))
            .map((line) => [line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 2)]),
        );
        if (fields.event)
          return { id: Number(fields.id), event: fields.event, data: JSON.parse(fields.data!) };
        continue;
      }
      const { value, done } = await reader.read();
      if (done) return undefined;
      buffer += value;
    }
  };
  return {
    next: async () => (await read())!,
    rest: async () => {
      const events: Event[] = [];
      for (let e = await read(); e; e = await read()) events.push(e);
      return events;
    },
  };
}

const startRun = async (steps: number) => {
  const job = ok(
    await ann.call<Job>('POST', '/jobs', { job_type: 'test_gate', config: { job_type: 'test_gate', steps } }),
    201,
  );
  return ok(await ann.call<JobRun>('POST', '/job-runs', { job_id: job.uuid }), 201);
};

describe('GET /job-runs/{id}/events', () => {
  it('sends the run as it is, then each change in order, through pause and resume, and ends when final', async () => {
    const run = await startRun(3);
    await gate.started(run.uuid);
    const stream = await watch(run.uuid);
    const first = await stream.next();
    expect(first).toMatchObject({ event: 'status', data: { job_run_id: run.uuid, status: 'running' } });

    gate.step(run.uuid);
    expect(await stream.next()).toMatchObject({
      event: 'progress',
      data: { progress: { pct: 33, message: 'step 1 of 3' } },
    });
    ok(await ann.call('POST', `/job-runs/${run.uuid}/pause`));
    gate.step(run.uuid); // step 2, then the checkpoint pauses it
    expect(await stream.next()).toMatchObject({ event: 'progress', data: { progress: { pct: 67 } } });
    expect(await stream.next()).toMatchObject({ event: 'status', data: { status: 'paused' } });
    ok(await ann.call('POST', `/job-runs/${run.uuid}/resume`));
    await gate.started(run.uuid, 2);
    gate.step(run.uuid);
    const rest = await stream.rest();
    expect(rest.map((e) => `${e.event} ${e.data.status} ${e.data.progress.pct}`)).toEqual([
      'status pending 67',
      'status running 67',
      'progress running 100',
      'status completed 100',
    ]);
    const revisions = [first, ...rest].map((e) => e.id);
    expect(revisions).toEqual([...revisions].sort((a, b) => a - b));
    expect(new Set(revisions).size).toBe(revisions.length);
  });

  it('ends at once with one event for a run already final, and after the cancel for a cancelled one', async () => {
    const done = await startRun(0);
    const stream = await watch(done.uuid);
    const events = await stream.rest();
    // Completed before the stream opened, or seen going there: either way the last event says so.
    expect(events.at(-1)).toMatchObject({
      event: 'status',
      data: { status: 'completed', progress: { pct: 100 } },
    });

    const run = await startRun(1);
    await gate.started(run.uuid);
    const watching = await watch(run.uuid);
    expect((await watching.next()).data.status).toBe('running');
    ok(await ann.call('POST', `/job-runs/${run.uuid}/cancel`));
    expect((await watching.rest()).map((e) => e.data.status)).toEqual(['cancelled']);
  });

  it('answers 404 as problem+json for an unknown run', async () => {
    expectProblem(await ann.call('GET', `/job-runs/${randomUUID()}/events`), 404);
  });
});
