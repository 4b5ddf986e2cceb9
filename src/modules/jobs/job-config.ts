// A job's or a run's config, checked before it is stored: rule 7 and the type's own schema, every
// bad field named under `path` (body.config.steps).
import { Errors } from '../../core/errors.js';
import type { JobRegistry, JobType } from '../../jobs/registry.js';
import { configErrors, jobTypeRefusal } from './jobs.rules.js';

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
