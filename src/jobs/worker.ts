// A pool of workers in one process: claims runs (woken by NOTIFY, with a slow poll as backstop), runs
// their handlers with an AbortSignal, renews their leases, reclaims the runs of dead workers, and on
// stop lets handlers finish for a grace period before releasing their runs to another worker.
//
// A handler's signal is aborted when its run is cancelled (the run's NOTIFY reaches this process at
// once; the heartbeat finds it within one beat otherwise), when its time limit passes, when this
// worker lost the run (its lease expired and another worker reclaimed it) and on shutdown.
import os from 'node:os';
import { randomUUID } from 'node:crypto';
import type { Analyst } from '../analysis/analyst.js';
import type { Db } from '../db/client.js';
import type { Notifications } from '../db/notifications.js';
import { runContext, RunPaused, RunStop, type StopReason } from './context.js';
import * as queue from './queue.js';
import { TransientJobError, type JobRegistry } from './registry.js';

export interface WorkerLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

export interface WorkerOptions {
  db: Db;
  notifications: Notifications;
  registry: JobRegistry;
  analyst: Analyst;
  concurrency: number;
  leaseSeconds: number;
  heartbeatSeconds: number;
  pollSeconds: number;
  log: WorkerLog;
}

interface Execution {
  controller: AbortController;
  done: Promise<void>;
}

/** Seconds before retry number `attempt` (1 = the first retry): doubling from `base`, at most 5 minutes. */
export function backoffSeconds(base: number, attempt: number): number {
  return Math.min(300, base * 2 ** Math.max(0, attempt - 1));
}

export class WorkerPool {
  /** How this worker shows in `locked_by`: host and pid tell an operator where a run is held. */
  readonly id = `${os.hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  private readonly executions = new Map<string, Execution>();
  private readonly timers: NodeJS.Timeout[] = [];
  private readonly unsubscribe: (() => void)[] = [];
  private ticking = false;
  private again = false;
  private stopping = false;
  private nextReclaim = 0;

  constructor(private readonly o: WorkerOptions) {}

  get running(): number {
    return this.executions.size;
  }

  start(): void {
    if (this.o.concurrency <= 0) return;
    const { notifications } = this.o;
    this.unsubscribe.push(
      notifications.subscribe(queue.ENQUEUED_CHANNEL, () => this.poke()),
      notifications.subscribe(queue.RUN_EVENTS_CHANNEL, (payload) => this.onRunEvent(payload)),
      notifications.onReconnect(() => this.poke()),
    );
    this.timers.push(
      setInterval(() => this.poke(), this.o.pollSeconds * 1000),
      setInterval(() => void this.beat(), this.o.heartbeatSeconds * 1000),
    );
    this.poke();
  }

  /** Stops claiming; waits up to `graceMs` for running handlers, then aborts them and releases their runs. */
  async stop(graceMs: number): Promise<void> {
    if (this.stopping) return;
    this.stopping = true;
    clearInterval(this.timers.shift()); // the poll; the heartbeat keeps the leases during the grace
    for (const unsubscribe of this.unsubscribe.splice(0)) unsubscribe();
    const all = () => Promise.all([...this.executions.values()].map((e) => e.done));
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([all(), new Promise((resolve) => (timer = setTimeout(resolve, graceMs)))]);
    clearTimeout(timer);
    for (const [id, execution] of this.executions) {
      execution.controller.abort(new RunStop('shutdown', 'The worker is shutting down.'));
      if (await queue.release(this.o.db, this.id, id).catch(() => false)) {
        this.o.log.info({ runId: id }, 'released a job run to another worker on shutdown');
      }
    }
    for (const timer of this.timers.splice(0)) clearInterval(timer);
  }

  private completions: { id: string; settle: (err?: Error) => void }[] = [];

  /** Completes the run with the others whose handlers return in this turn of the event loop. */
  private completeSoon(id: string): Promise<void> {
    return new Promise((resolve, reject) => {
      this.completions.push({ id, settle: (err) => (err ? reject(err) : resolve()) });
      if (this.completions.length === 1) setImmediate(() => void this.flushCompletions());
    });
  }

  private async flushCompletions(): Promise<void> {
    const batch = this.completions.splice(0);
    try {
      await queue.complete(
        this.o.db,
        this.id,
        batch.map((c) => c.id),
      );
      for (const c of batch) c.settle();
    } catch (err) {
      for (const c of batch) c.settle(err instanceof Error ? err : new Error(String(err)));
    }
  }

  private poke(): void {
    if (this.stopping) return;
    if (this.ticking) {
      this.again = true;
      return;
    }
    this.ticking = true;
    void this.tick()
      .catch((err: unknown) => this.o.log.warn({ err }, 'job queue poll failed; retrying on the next poll'))
      .finally(() => (this.ticking = false));
  }

  private async tick(): Promise<void> {
    do {
      this.again = false;
      if (Date.now() >= this.nextReclaim) {
        this.nextReclaim = Date.now() + this.o.pollSeconds * 1000;
        const reclaimed = await queue.reclaimExpired(this.o.db, this.id);
        if (reclaimed.length > 0) this.o.log.warn({ runs: reclaimed }, 'reclaimed runs of a dead worker');
      }
      const free = this.o.concurrency - this.executions.size;
      if (free <= 0 || this.stopping) return;
      const runs = await queue.claim(this.o.db, this.id, this.o.registry.names(), free, this.o.leaseSeconds);
      for (const run of runs) this.execute(run);
      if (runs.length === free) this.again = true; // there may be more
    } while (this.again && !this.stopping);
  }

  private onRunEvent(payload: string): void {
    const event = JSON.parse(payload) as queue.RunEvent;
    const execution = this.executions.get(event.id);
    if (!execution) return;
    // Only this worker moves a run it holds to running, paused or completed; anything else means the
    // run was taken from it.
    if (event.status === 'cancelled') {
      execution.controller.abort(new RunStop('cancelled', 'The run was cancelled.'));
    } else if (event.status === 'pending' || event.status === 'failed') {
      execution.controller.abort(new RunStop('lost', 'Another worker reclaimed the run.'));
    }
  }

  /** Renews the leases; a run this worker no longer holds (cancelled, reclaimed) has its handler stopped. */
  private async beat(): Promise<void> {
    const ids = [...this.executions.keys()];
    try {
      const held = await queue.heartbeat(this.o.db, this.id, ids, this.o.leaseSeconds);
      for (const id of ids) {
        if (!held.has(id)) {
          this.executions.get(id)?.controller.abort(new RunStop('lost', 'The run is no longer held.'));
        }
      }
    } catch (err) {
      this.o.log.warn({ err }, 'job heartbeat failed; the leases run out unless the next one succeeds');
    }
  }

  private execute(run: queue.ClaimedRun): void {
    const type = this.o.registry.get(run.job_type)!;
    const controller = new AbortController();
    const timeLimit = setTimeout(() => {
      const message = `Stopped after the time limit of ${type.timeLimitSeconds} s of job type ${type.jobType}.`;
      controller.abort(new RunStop('time_limit', message));
      // Failed now, even if the handler ignores its signal: the run's status must not wait on it, and
      // its slot is freed, or a handler that never ends would starve this worker for good.
      void queue.fail(this.o.db, this.id, run.id, 'time_limit', message).catch(() => undefined);
      if (this.executions.get(run.id) === execution) this.executions.delete(run.id);
      this.poke();
    }, type.timeLimitSeconds * 1000);
    const ctx = runContext(run, controller, { ...this.o, workerId: this.id });
    const done = (async () => {
      try {
        await type.handler!(ctx);
        if (controller.signal.aborted) return; // cancelled, failed or released meanwhile: nothing to write
        await this.completeSoon(run.id);
      } catch (err) {
        await this.afterFailure(run, type.maxAttempts, type.retryBaseSeconds ?? 2, controller, err);
      }
    })()
      .catch((err: unknown) => this.o.log.warn({ err, runId: run.id }, 'could not record a job run result'))
      .finally(() => {
        clearTimeout(timeLimit);
        if (this.executions.get(run.id) === execution) this.executions.delete(run.id);
        this.poke();
      });
    const execution: Execution = { controller, done };
    this.executions.set(run.id, execution);
  }

  private async afterFailure(
    run: queue.ClaimedRun,
    maxAttempts: number,
    retryBase: number,
    controller: AbortController,
    err: unknown,
  ): Promise<void> {
    if (err instanceof RunPaused) return; // the checkpoint recorded the pause
    const reason = controller.signal.reason as RunStop | undefined;
    const stopped: StopReason | undefined = controller.signal.aborted ? reason?.reason : undefined;
    // Cancelled or lost: someone else owns the run's status now. Time limit: failed when it passed.
    if (stopped === 'cancelled' || stopped === 'lost' || stopped === 'time_limit') return;
    if (stopped === 'shutdown') return; // stop() releases it
    const message = err instanceof Error ? err.message : String(err);
    if (err instanceof TransientJobError && run.attempt < maxAttempts) {
      await queue.retryLater(this.o.db, this.id, run.id, backoffSeconds(retryBase, run.attempt), message);
      return;
    }
    const code = err instanceof TransientJobError ? 'retries_exhausted' : 'handler_error';
    this.o.log.warn({ runId: run.id, jobType: run.job_type, err }, 'job run failed');
    await queue.fail(this.o.db, this.id, run.id, code, message);
  }
}
