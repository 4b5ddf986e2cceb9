// What a handler holds while it runs (JobContext): each of its writes goes through the queue's guarded
// UPDATEs, so a handler whose run was cancelled or reclaimed learns so at its next report and stops.
import type { Analyst } from '../analysis/analyst.js';
import type { Db } from '../db/client.js';
import * as queue from './queue.js';
import type { JobContext } from './registry.js';

export type StopReason = 'cancelled' | 'time_limit' | 'lost' | 'shutdown';

/** The reason a handler's signal was aborted with: `signal.reason.reason` says which. */
export class RunStop extends Error {
  constructor(
    readonly reason: StopReason,
    message: string,
  ) {
    super(message);
    this.name = 'RunStop';
  }
}

/** Thrown by checkpoint() when the run paused there: the worker lets go of it and writes nothing. */
export class RunPaused extends Error {
  constructor() {
    super('The run paused at a checkpoint.');
    this.name = 'RunPaused';
  }
}

interface ContextDeps {
  db: Db;
  analyst: Analyst;
  workerId: string;
}

/** The analyst, recording each available completion's usage on the run, and stopping with the run. */
export function recordingAnalyst(analyst: Analyst, db: Db, runId: string, signal: AbortSignal): Analyst {
  return {
    kind: analyst.kind,
    async complete(request) {
      const result = await analyst.complete({ ...request, signal: request.signal ?? signal });
      if (result.available) {
        const { model, inputTokens, outputTokens, durationMs } = result.usage;
        await queue.addLlmUsage(db, runId, {
          model,
          input_tokens: inputTokens,
          output_tokens: outputTokens,
          duration_ms: durationMs,
          at: new Date().toISOString(),
        });
      }
      return result;
    },
  };
}

export function runContext(
  run: queue.ClaimedRun,
  controller: AbortController,
  deps: ContextDeps,
): JobContext {
  const { db, workerId } = deps;
  const signal = controller.signal;
  /** The run was taken from this worker: stop the handler and say why. */
  const lost = (): never => {
    controller.abort(new RunStop('lost', 'The run is no longer held by this worker.'));
    throw signal.reason as Error;
  };
  return {
    run: {
      id: run.id,
      jobId: run.job_id,
      jobType: run.job_type,
      attempt: run.attempt,
      createdBy: run.created_by,
    },
    config: run.config,
    signal,
    saved: run.checkpoint ?? undefined,
    async progress(pct, message) {
      signal.throwIfAborted();
      const clamped = Math.max(0, Math.min(100, Math.round(pct)));
      if (!(await queue.progress(db, workerId, run.id, clamped, message ?? null))) lost();
    },
    async checkpoint(state) {
      signal.throwIfAborted();
      const saved = await queue.saveCheckpoint(db, workerId, run.id, state);
      if (!saved) lost();
      if (saved?.pauseRequested) {
        if (!(await queue.pause(db, workerId, run.id, state))) lost();
        throw new RunPaused();
      }
    },
    analyst: recordingAnalyst(deps.analyst, db, run.id, signal),
    async addOutputReference(reference) {
      signal.throwIfAborted();
      if (!(await queue.addOutputReference(db, workerId, run.id, reference))) lost();
    },
    db,
  };
}
