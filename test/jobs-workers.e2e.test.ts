// Real `hwa worker` processes on one PostgreSQL (the built CLI, as an operator runs it), driven through
// an API-only app on the same database: a worker killed with SIGKILL mid-run has its run reclaimed and
// finished by another; two workers share the queue and never run one run twice; a cancel reaches the
// handler in another process; SIGTERM releases what is still running. The embedded database refuses.
// Executions are counted from the dev types' log (HWA_DEV_JOB_LOG, src/jobs/dev-types.ts).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { LISTENER_APPLICATION_NAME } from '../src/db/pg-listener.js';
import { cleanEnv, killChildren, runHwa, spawnHwa, until, within, type Proc } from './cli-process.js';
import { dbKind, ok, testApp, type TestContext, type TestUser } from './helpers.js';
import { waitForRun } from './job-types.js';
import type { Job, JobRun } from '../src/modules/jobs/jobs.schemas.js';

const onPostgres = dbKind() === 'postgres';
const SLOW = { timeout: 120_000 };
let ctx: TestContext;
let ann: TestUser;
let logFile: string;

afterEach(killChildren);

beforeAll(async () => {
  if (!onPostgres) return;
  ctx = await testApp({ env: { HWA_DEV_JOB_TYPES: '1', HWA_WORKER_CONCURRENCY: '0' } });
  ann = await ctx.newUser();
  logFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'hwa-jobs-')), 'executions.log');
});

/** A `hwa worker` with short leases, so a dead worker's run is reclaimed within seconds. */
function worker(settings: Record<string, string> = {}): Proc {
  const url = (ctx.database as { url?: string }).url!;
  return spawnHwa(
    ['worker'],
    cleanEnv({
      DATABASE_URL: url,
      HWA_DEV_JOB_TYPES: '1',
      HWA_DEV_JOB_LOG: logFile,
      HWA_JOB_LEASE_SECONDS: '4',
      HWA_JOB_HEARTBEAT_SECONDS: '1',
      HWA_JOB_POLL_SECONDS: '1',
      LOG_LEVEL: 'warn',
      ...settings,
    }),
  );
}

/** Processes listening on the test database: a worker listens once it is ready to claim. */
async function listeners(): Promise<number> {
  const client = new pg.Client({ connectionString: (ctx.database as { url?: string }).url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND application_name = $1`,
      [LISTENER_APPLICATION_NAME],
    );
    return rows[0]!.n;
  } finally {
    await client.end();
  }
}

/** The log's lines about `runId`: [what, attempt, pid]. */
const executions = (runId: string) =>
  (fs.existsSync(logFile) ? fs.readFileSync(logFile, 'utf8') : '')
    .split('\n')
    .map((line) => line.split(' '))
    .filter((f) => f[1] === runId)
    .map(([what, , attempt, pid]) => `${what} ${attempt} ${pid}`);

async function startRun(config: Record<string, unknown>): Promise<JobRun> {
  const body = { job_type: 'dev_sleep', config: { job_type: 'dev_sleep', ...config } };
  const job = ok(await ann.call<Job>('POST', '/jobs', body), 201);
  return ok(await ann.call<JobRun>('POST', '/job-runs', { job_id: job.uuid }), 201);
}

describe('hwa worker', () => {
  it.runIf(!onPostgres)('refuses the embedded database with a reason, exit 2', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hwa-worker-'));
    const ran = await runHwa(['worker'], cleanEnv({ HWA_DATA_DIR: dataDir }));
    expect(ran.code).toBe(2);
    expect(ran.stderr).toMatch(/hwa worker needs PostgreSQL \(set DATABASE_URL\)/);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it.runIf(onPostgres)(
    'a run whose worker is killed with SIGKILL is reclaimed and finished by another',
    SLOW,
    async () => {
      const doomed = worker();
      const run = await startRun({ steps: 20, step_ms: 100 });
      const pid = String(doomed.child.pid);
      await until(
        () => executions(run.uuid).includes(`start 1 ${pid}`),
        'the first worker starts the run',
        doomed,
      );
      const rescuer = worker();
      doomed.child.kill('SIGKILL');
      await doomed.closed;
      const done = await waitForRun(ann, run.uuid, (r) => r.status === 'completed', 60_000);
      expect(done.attempt).toBe(2);
      const rescuerPid = String(rescuer.child.pid);
      expect(executions(run.uuid)).toEqual([
        `start 1 ${pid}`,
        `start 2 ${rescuerPid}`,
        `end 2 ${rescuerPid}`,
      ]);
    },
  );

  it.runIf(onPostgres)('two workers share the queue and never run one run twice', SLOW, async () => {
    const a = worker({ HWA_WORKER_CONCURRENCY: '4' });
    const b = worker({ HWA_WORKER_CONCURRENCY: '4' });
    // Both ready (listening, so woken by each enqueue): this app's listener and one each.
    await until(async () => (await listeners()) >= 3, 'both workers listen', a);
    const runs: JobRun[] = [];
    for (let i = 0; i < 120; i++) runs.push(await startRun({ steps: 1, step_ms: 50 }));
    for (const run of runs) await waitForRun(ann, run.uuid, (r) => r.status === 'completed', 60_000);
    const pids = new Set<string>();
    for (const run of runs) {
      const lines = executions(run.uuid);
      expect(lines, run.uuid).toHaveLength(2);
      expect(lines[0]).toMatch(/^start 1 /);
      expect(lines[1]).toBe(lines[0]!.replace('start', 'end'));
      pids.add(lines[0]!.split(' ')[2]!);
    }
    expect(pids).toEqual(new Set([String(a.child.pid), String(b.child.pid)]));
  });

  it.runIf(onPostgres)(
    'a cancel reaches the handler in the worker process; SIGTERM releases what still runs',
    SLOW,
    async () => {
      const proc = worker({ HWA_WORKER_CONCURRENCY: '2', HWA_WORKER_SHUTDOWN_GRACE: '1' });
      const pid = String(proc.child.pid);
      const cancelled = await startRun({ steps: 600, step_ms: 100 });
      const kept = await startRun({ steps: 600, step_ms: 100 });
      await until(
        () => executions(cancelled.uuid).length > 0 && executions(kept.uuid).length > 0,
        'both start',
        proc,
      );
      ok(await ann.call('POST', `/job-runs/${cancelled.uuid}/cancel`));
      await until(() => executions(cancelled.uuid).includes(`stop 1 ${pid}`), 'the handler stops', proc);

      proc.child.kill('SIGTERM');
      expect(await within(proc.closed, 30_000, 'hwa worker stopping')).toBe(0);
      expect(executions(kept.uuid)).toEqual([`start 1 ${pid}`, `stop 1 ${pid}`]);
      const released = ok(await ann.call<JobRun>('GET', `/job-runs/${kept.uuid}`));
      expect(released).toMatchObject({ status: 'pending', attempt: 0 });
      ok(await ann.call('POST', `/job-runs/${kept.uuid}/cancel`));
    },
  );
  it.runIf(onPostgres)(
    'SSE here follows a run that another process executes, in order, to its end',
    SLOW,
    async () => {
      const proc = worker();
      await until(async () => (await listeners()) >= 2, 'the worker listens', proc);
      // Steps long enough (0.4 s) for the stream to be open before the first one ends, on a busy machine.
      const run = await startRun({ steps: 3, step_ms: 400 });
      const res = await ctx.app.inject({
        method: 'GET',
        url: `/api/v1/job-runs/${run.uuid}/events`,
        headers: { authorization: `Bearer ${ann.token}` },
      });
      expect(res.statusCode).toBe(200);
      const events = res.body
        .split('\n\n')
        .filter((block) => block.includes('data: '))
        .map(
          (block) =>
            JSON.parse(block.slice(block.indexOf('data: ') + 6)) as {
              revision: number;
              status: string;
              progress: { pct: number };
            },
        );
      const revisions = events.map((e) => e.revision);
      expect(revisions).toEqual([...revisions].sort((a, b) => a - b));
      expect(events.at(-1)).toMatchObject({ status: 'completed', progress: { pct: 100 } });
      // The worker's progress reached this process as it happened (through NOTIFY), not only the end.
      expect(events.map((e) => e.progress.pct)).toEqual(expect.arrayContaining([33, 67]));
    },
  );
});
