// Test-only job types the in-process tests register (testApp({ jobTypes })): a gate whose handler
// takes each step only when the test lets it, so tests drive a run's life step by step with no
// timing, and see what its handler saw (its signal's reason, what it saved, how it ended).
import { EventEmitter } from 'node:events';
import { Type } from 'typebox';
import { TransientJobError, type JobContext, type JobType } from '../src/jobs/registry.js';
import type { JobRun } from '../src/modules/jobs/jobs.schemas.js';
import type { TestUser } from './helpers.js';

export interface Attempt {
  ctx: JobContext;
  /**
   * How the handler ended: 'returned', or the reason its signal gave (a StopReason), or the name of
   * the error it threw.
   */
  outcome?: string;
}

const gateConfig = Type.Object(
  {
    job_type: Type.Literal('test_gate'),
    steps: Type.Optional(Type.Integer({ minimum: 0, maximum: 100 })),
    label: Type.Optional(Type.String({ maxLength: 20 })),
    /** Throw a TransientJobError on these attempts instead of stepping. */
    transient_on: Type.Optional(Type.Array(Type.Integer({ minimum: 1 }))),
  },
  { additionalProperties: false },
);

export class Gate {
  readonly attempts = new Map<string, Attempt[]>();
  private readonly budget = new Map<string, number>();
  private readonly changed = new EventEmitter().setMaxListeners(1000);

  /** Resolves once `check` answers something, re-checked at every change; rejects on `signal`. */
  private until<T>(check: () => T | undefined, signal?: AbortSignal): Promise<T> {
    return new Promise((resolve, reject) => {
      const test = () => {
        if (signal?.aborted) return done(() => reject(signal.reason as Error));
        const value = check();
        if (value !== undefined) done(() => resolve(value));
      };
      const done = (settle: () => void) => {
        this.changed.off('change', test);
        signal?.removeEventListener('abort', test);
        settle();
      };
      this.changed.on('change', test);
      signal?.addEventListener('abort', test);
      test();
    });
  }

  /** The handler's `attempt`-th execution of run `runId`, once it has started. */
  started(runId: string, attempt = 1): Promise<Attempt> {
    return this.until(() => this.attempts.get(runId)?.[attempt - 1]);
  }

  /** How that execution ended, once it has. */
  ended(runId: string, attempt = 1): Promise<string> {
    return this.until(() => this.attempts.get(runId)?.[attempt - 1]?.outcome);
  }

  /** Lets the run's handler take `steps` more steps. */
  step(runId: string, steps = 1): void {
    this.budget.set(runId, (this.budget.get(runId) ?? 0) + steps);
    this.changed.emit('change');
  }

  readonly type: JobType<typeof gateConfig> = {
    jobType: 'test_gate',
    displayName: 'Test gate',
    description: 'Steps when the test says so.',
    userFacingDescription: 'A test job.',
    configSchema: gateConfig,
    creatableOnUi: true,
    creatableByAgent: false,
    visibleOnUi: true,
    maxAttempts: 3,
    timeLimitSeconds: 600,
    retryBaseSeconds: 0,
    handler: async (ctx) => {
      const attempt: Attempt = { ctx };
      this.attempts.set(ctx.run.id, [...(this.attempts.get(ctx.run.id) ?? []), attempt]);
      this.changed.emit('change');
      try {
        if (ctx.config.transient_on?.includes(ctx.run.attempt)) {
          throw new TransientJobError(`flaky on attempt ${ctx.run.attempt}`);
        }
        const steps = ctx.config.steps ?? 1;
        for (let step = (ctx.saved as { step?: number } | undefined)?.step ?? 0; step < steps; step++) {
          await this.until(() => ((this.budget.get(ctx.run.id) ?? 0) > 0 ? true : undefined), ctx.signal);
          this.budget.set(ctx.run.id, this.budget.get(ctx.run.id)! - 1);
          await ctx.progress(((step + 1) / steps) * 100, `step ${step + 1} of ${steps}`);
          await ctx.checkpoint({ step: step + 1 });
        }
        attempt.outcome = 'returned';
      } catch (err) {
        const reason = ctx.signal.aborted ? (ctx.signal.reason as { reason?: string }).reason : undefined;
        attempt.outcome = reason ?? (err instanceof Error ? err.name : String(err));
        throw err;
      } finally {
        this.changed.emit('change');
      }
    },
  };
}

/** A type whose handler ignores its signal and never ends by itself: the time limit must fail it. */
export const stuckType: JobType = {
  jobType: 'test_stuck',
  displayName: 'Test stuck',
  description: 'Never ends.',
  userFacingDescription: 'A test job.',
  configSchema: Type.Object({ job_type: Type.Literal('test_stuck') }),
  creatableOnUi: false,
  creatableByAgent: false,
  visibleOnUi: false,
  maxAttempts: 1,
  timeLimitSeconds: 1,
  handler: () => new Promise(() => undefined),
};

/**
 * Polls the run until `done` holds (a state reached through a worker, which the test cannot await
 * directly); fails after a generous deadline, a bound and not an expectation.
 */
export async function waitForRun(
  user: TestUser,
  runId: string,
  done: (run: JobRun) => boolean,
  ms = 20_000,
): Promise<JobRun> {
  const deadline = Date.now() + ms;
  for (;;) {
    const { status, body } = await user.call<JobRun>('GET', `/job-runs/${runId}`);
    if (status === 200 && done(body)) return body;
    if (Date.now() > deadline)
      throw new Error(`run ${runId} not as expected within ${ms} ms: ${JSON.stringify(body)}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
