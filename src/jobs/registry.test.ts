import { describe, expect, it } from 'vitest';
import { Type } from 'typebox';
import { DEV_JOB_TYPES } from './dev-types.js';
import { JobRegistry, JobRegistryError, type JobType } from './registry.js';
import { backoffSeconds } from './worker.js';

const type = (jobType: string, fields: Partial<JobType> = {}): JobType => ({
  jobType,
  displayName: jobType,
  description: '',
  userFacingDescription: '',
  configSchema: Type.Object({
    job_type: Type.Literal(jobType),
    n: Type.Optional(Type.Integer({ maximum: 3 })),
  }),
  creatableOnUi: false,
  creatableByAgent: false,
  visibleOnUi: false,
  maxAttempts: 1,
  timeLimitSeconds: 1,
  handler: async () => undefined,
  ...fields,
});

describe('JobRegistry', () => {
  it('refuses to start with a type registered twice, or one without a handler', () => {
    expect(() => new JobRegistry([type('a'), type('a')])).toThrow(
      new JobRegistryError('job type "a" is registered twice'),
    );
    expect(() => new JobRegistry([type('a', { handler: undefined })])).toThrow('job type "a" has no handler');
  });

  it('refuses a type whose config does not require its own job_type', () => {
    const loose = type('a', { configSchema: Type.Object({ job_type: Type.Optional(Type.Literal('a')) }) });
    expect(() => new JobRegistry([loose])).toThrow('its config must require job_type');
    const other = type('a', { configSchema: Type.Object({ job_type: Type.Literal('b') }) });
    expect(() => new JobRegistry([other])).toThrow('its config must require job_type');
  });

  it('validates a config against its type, every bad field named under the path given', () => {
    const registry = new JobRegistry([type('a')]);
    expect(registry.validate('a', { job_type: 'a', n: 3 }, 'body.config')).toEqual([]);
    expect(
      registry
        .validate('a', { job_type: 'b', n: 4 }, 'body.config')
        .map((e) => e.path)
        .sort(),
    ).toEqual(['body.config.job_type', 'body.config.n']);
    expect(registry.validate('zz', {}, 'body.config')).toEqual([
      { path: 'body.config', message: 'job type "zz" is not registered' },
    ]);
  });

  it('registers the development types together', () => {
    expect(new JobRegistry(DEV_JOB_TYPES).names()).toEqual(['dev_sleep', 'dev_fail', 'dev_crash']);
  });
});

describe('backoffSeconds', () => {
  it('doubles from the base per attempt, at most five minutes', () => {
    expect([1, 2, 3, 4].map((attempt) => backoffSeconds(2, attempt))).toEqual([2, 4, 8, 16]);
    expect(backoffSeconds(2, 30)).toBe(300);
    expect(backoffSeconds(0, 5)).toBe(0);
  });
});
