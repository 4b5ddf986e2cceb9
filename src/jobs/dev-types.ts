// Test job types, registered only with HWA_DEV_JOB_TYPES=1: a development aid for trying the engine
// by hand and for the tests and benchmarks that run real processes. Never on in production: dev_crash
// kills the process that runs it.
//
// Idempotency: each may run twice after a crash. dev_sleep resumes from its last checkpoint and writes
// only its own run's progress; dev_fail writes nothing; dev_crash kills only on its first attempt.
// With HWA_DEV_JOB_LOG set (an operator's path, never a request's), dev_sleep appends one line per
// start and end of an execution, and when its signal stopped it (`start|end|stop <run id> <attempt>
// <pid> <ms since epoch>`): how the tests and the benchmark count executions across processes.
import fs from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { Type } from 'typebox';
import { TransientJobError, type JobType } from './registry.js';

const Int = (minimum: number, maximum: number, description: string) =>
  Type.Integer({ minimum, maximum, description });

const sleepConfig = Type.Object(
  {
    job_type: Type.Literal('dev_sleep'),
    steps: Type.Optional(Int(0, 10_000, 'steps to take (default 5); 0 completes at once')),
    step_ms: Type.Optional(Int(0, 60_000, 'milliseconds each step sleeps (default 200)')),
  },
  { additionalProperties: false },
);

function logExecution(what: 'start' | 'end' | 'stop', runId: string, attempt: number): void {
  const file = process.env.HWA_DEV_JOB_LOG;
  if (file) fs.appendFileSync(file, `${what} ${runId} ${attempt} ${process.pid} ${Date.now()}\n`);
}

const devSleep: JobType<typeof sleepConfig> = {
  jobType: 'dev_sleep',
  displayName: 'Sleep in steps (development)',
  description: 'Sleeps in steps, reporting progress and checkpointing after each; stops on its signal.',
  userFacingDescription: 'A test job that waits in steps. Development only.',
  configSchema: sleepConfig,
  creatableOnUi: false,
  creatableByAgent: false,
  visibleOnUi: false,
  maxAttempts: 5,
  timeLimitSeconds: 3600,
  async handler(ctx) {
    const steps = ctx.config.steps ?? 5;
    const stepMs = ctx.config.step_ms ?? 200;
    logExecution('start', ctx.run.id, ctx.run.attempt);
    const saved = ctx.saved as { step?: number } | undefined;
    try {
      for (let step = saved?.step ?? 0; step < steps; step++) {
        await sleep(stepMs, undefined, { signal: ctx.signal });
        await ctx.progress(((step + 1) / steps) * 100, `step ${step + 1} of ${steps}`);
        await ctx.checkpoint({ step: step + 1 });
      }
    } catch (err) {
      if (ctx.signal.aborted) logExecution('stop', ctx.run.id, ctx.run.attempt);
      throw err;
    }
    logExecution('end', ctx.run.id, ctx.run.attempt);
  },
};

const failConfig = Type.Object(
  {
    job_type: Type.Literal('dev_fail'),
    message: Type.Optional(Type.String({ maxLength: 1000 })),
    transient: Type.Optional(Type.Boolean({ description: 'fail as transient (retried with backoff)' })),
  },
  { additionalProperties: false },
);

const devFail: JobType<typeof failConfig> = {
  jobType: 'dev_fail',
  displayName: 'Fail (development)',
  description: 'Throws at once: a permanent failure, or a transient one that is retried.',
  userFacingDescription: 'A test job that fails. Development only.',
  configSchema: failConfig,
  creatableOnUi: false,
  creatableByAgent: false,
  visibleOnUi: false,
  maxAttempts: 3,
  timeLimitSeconds: 60,
  retryBaseSeconds: 1,
  async handler(ctx) {
    const message = ctx.config.message ?? 'dev_fail failed as asked';
    throw ctx.config.transient ? new TransientJobError(message) : new Error(message);
  },
};

const crashConfig = Type.Object({ job_type: Type.Literal('dev_crash') }, { additionalProperties: false });

const devCrash: JobType<typeof crashConfig> = {
  jobType: 'dev_crash',
  displayName: 'Crash the worker (development)',
  description: 'Kills its own process with SIGKILL on its first attempt; completes on the next.',
  userFacingDescription: 'A test job that crashes the worker once. Development only.',
  configSchema: crashConfig,
  creatableOnUi: false,
  creatableByAgent: false,
  visibleOnUi: false,
  maxAttempts: 3,
  timeLimitSeconds: 60,
  async handler(ctx) {
    if (ctx.run.attempt === 1) process.kill(process.pid, 'SIGKILL');
  },
};

export const DEV_JOB_TYPES = [devSleep, devFail, devCrash] as unknown as JobType[];
