// Rules of jobs and runs: Errors rule 7 (config.job_type equals the top-level job_type), a config
// checked against it and the type's schema, how a run's overrides combine with its job's config, and
// a job's generated name. No I/O.
import { Errors, type FieldError } from '../../core/errors.js';
import type { JobRegistry, JobType } from '../../jobs/registry.js';

/**
 * Rule 7: a config, when given, names the same job type as the job. Answers the refusal of its
 * `job_type` (at `path`.job_type), or undefined when it agrees. A config without `job_type` is left
 * to the type's schema, which requires it.
 */
export function jobTypeRefusal(
  jobType: string,
  config: Record<string, unknown>,
  path: string,
): FieldError | undefined {
  if (!('job_type' in config) || config.job_type === jobType) return undefined;
  return {
    path: `${path}.job_type`,
    message: `must equal the job type "${jobType}" (got ${JSON.stringify(config.job_type)})`,
  };
}

/**
 * The schema's complaints and the rule-7 refusal together, the rule's own message replacing the
 * schema's less helpful one about the same field.
 */
export function configErrors(refusal: FieldError | undefined, schemaErrors: FieldError[]): FieldError[] {
  if (!refusal) return schemaErrors;
  return [refusal, ...schemaErrors.filter((e) => e.path !== refusal.path)];
}

/** A run's config: the job's, with the run's overrides replacing top-level keys. */
export function runConfig(
  jobConfig: Record<string, unknown>,
  overrides: Record<string, unknown> | undefined,
): Record<string, unknown> {
  return { ...jobConfig, ...overrides };
}

/** `Sleep in steps (development) #3f9a1c2e`: readable, and unique enough to tell jobs apart in a list. */
export function jobName(displayName: string, id: string): string {
  return `${displayName} #${id.slice(-8)}`;
}

/** Refuses `config` for `type` with 400 naming every bad field under `path`; answers it otherwise. */
export function checkedConfig(
  registry: JobRegistry,
  type: JobType,
  config: Record<string, unknown>,
  path: string,
): Record<string, unknown> {
  const errors = configErrors(
    jobTypeRefusal(type.jobType, config, path),
    registry.validate(type.jobType, config, path),
  );
  if (errors.length > 0) throw Errors.validation(errors);
  return config;
}
