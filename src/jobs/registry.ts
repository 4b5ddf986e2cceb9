// Job types: each declares its config schema (TypeBox, so GET /jobs/schemas shows real JSON Schema and
// the same schema validates configs), its flags for the UI and agents, its retry and time limits, and
// its handler. The registry refuses to start with a type registered twice or without a handler.
import { Ajv, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import type { Static, TObject, TSchema } from 'typebox';
import type { Analyst } from '../analysis/analyst.js';
import type { FieldError } from '../core/errors.js';
import { fieldErrors } from '../core/error-handler.js';
import type { Db } from '../db/client.js';
import type { OutputReference } from '../db/schema.js';

const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;
/** No coercion and no defaults written into the stored config: what the client sent is what is kept. */
const ajv = addFormats(new Ajv({ allErrors: true, strict: false, useDefaults: false }));

/** What a handler gets: the run, its config, the signal that says stop, and ways to report. */
export interface JobContext<C = Record<string, unknown>> {
  run: { id: string; jobId: string; jobType: string; attempt: number; createdBy: string };
  config: C;
  /** Aborted on cancel, time limit, lost lease or shutdown; `signal.reason` says which (an Error). */
  signal: AbortSignal;
  /** What the handler saved at its last checkpoint before a pause or crash; undefined on a fresh run. */
  saved: unknown;
  progress(pct: number, message?: string): Promise<void>;
  /**
   * Saves `state` (handed back as `saved` after a pause or a crash) and pauses here when a pause was
   * asked for, by throwing; also throws when the signal has been aborted. Call it between steps.
   */
  checkpoint(state?: unknown): Promise<void>;
  /** Records each available completion's usage on the run (`llm_usage`). */
  analyst: Analyst;
  addOutputReference(reference: OutputReference): Promise<void>;
  db: Db;
}

export interface JobType<S extends TObject = TObject> {
  jobType: string;
  displayName: string;
  /** Internal: what the handler does, for operators. */
  description: string;
  userFacingDescription: string;
  /** Must have `job_type` as a required literal of `jobType` (spec: config includes job_type). */
  configSchema: S;
  creatableOnUi: boolean;
  creatableByAgent: boolean;
  visibleOnUi: boolean;
  /** Claims before a transient failure or a dead worker fails the run for good. */
  maxAttempts: number;
  /** A run still going after this is aborted and fails with `time_limit`. */
  timeLimitSeconds: number;
  /** First retry delay of a transient failure, doubling per attempt (default 2 s, at most 5 min). */
  retryBaseSeconds?: number;
  handler?: (ctx: JobContext<Static<S>>) => Promise<void>;
}

/** Thrown by a handler for a failure worth retrying (a timeout, a 503): retried with backoff. */
export class TransientJobError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TransientJobError';
  }
}

export class JobRegistryError extends Error {}

interface Registered {
  type: JobType;
  validate: ValidateFunction;
}

export class JobRegistry {
  private readonly types = new Map<string, Registered>();

  constructor(types: readonly JobType<TObject>[]) {
    for (const type of types) {
      if (this.types.has(type.jobType)) {
        throw new JobRegistryError(`job type "${type.jobType}" is registered twice`);
      }
      if (typeof type.handler !== 'function') {
        throw new JobRegistryError(`job type "${type.jobType}" has no handler`);
      }
      const jobTypeField = type.configSchema.properties.job_type as TSchema & { const?: unknown };
      if (jobTypeField?.const !== type.jobType || !type.configSchema.required?.includes('job_type')) {
        throw new JobRegistryError(`job type "${type.jobType}": its config must require job_type`);
      }
      this.types.set(type.jobType, { type, validate: ajv.compile(type.configSchema) });
    }
  }

  get(jobType: string): JobType | undefined {
    return this.types.get(jobType)?.type;
  }

  list(): JobType[] {
    return [...this.types.values()].map((r) => r.type);
  }

  names(): string[] {
    return [...this.types.keys()];
  }

  /** Every way `config` breaks the type's schema, with paths under `path` (`body.config`). */
  validate(jobType: string, config: unknown, path: string): FieldError[] {
    const registered = this.types.get(jobType);
    if (!registered) return [{ path, message: `job type "${jobType}" is not registered` }];
    if (registered.validate(config)) return [];
    return fieldErrors(path, registered.validate.errors ?? []);
  }
}
