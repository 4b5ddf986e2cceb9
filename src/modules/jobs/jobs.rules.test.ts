import { describe, expect, it } from 'vitest';
import { configErrors, jobName, jobTypeRefusal, runConfig } from './jobs.rules.js';

describe('jobTypeRefusal (Errors rule 7)', () => {
  it('accepts a config naming the same type, or none (the schema requires it)', () => {
    expect(jobTypeRefusal('dev_sleep', { job_type: 'dev_sleep', steps: 1 }, 'body.config')).toBeUndefined();
    expect(jobTypeRefusal('dev_sleep', { steps: 1 }, 'body.config')).toBeUndefined();
  });

  it('refuses another type, a null or a number, naming the field and what it got', () => {
    expect(jobTypeRefusal('dev_sleep', { job_type: 'dev_fail' }, 'body.config')).toEqual({
      path: 'body.config.job_type',
      message: 'must equal the job type "dev_sleep" (got "dev_fail")',
    });
    expect(jobTypeRefusal('dev_sleep', { job_type: null }, 'c')?.message).toContain('(got null)');
    expect(jobTypeRefusal('dev_sleep', { job_type: 7 }, 'c')?.message).toContain('(got 7)');
  });
});

describe('configErrors', () => {
  const refusal = { path: 'body.config.job_type', message: 'must equal' };
  it('puts the rule’s refusal in place of the schema’s complaint about the same field', () => {
    const schema = [
      { path: 'body.config.job_type', message: 'must be equal to constant' },
      { path: 'body.config.steps', message: 'must be integer' },
    ];
    expect(configErrors(refusal, schema)).toEqual([refusal, schema[1]]);
    expect(configErrors(undefined, schema)).toEqual(schema);
  });
});

describe('runConfig', () => {
  it('replaces top-level keys of the job’s config with the overrides, and keeps the rest', () => {
    expect(runConfig({ job_type: 't', steps: 3, label: 'a' }, { steps: 5 })).toEqual({
      job_type: 't',
      steps: 5,
      label: 'a',
    });
    expect(runConfig({ job_type: 't' }, undefined)).toEqual({ job_type: 't' });
  });
});

describe('jobName', () => {
  it('is the display name and the id’s last 8 characters', () => {
    expect(jobName('Metagraph update', '01a205f9-0610-726f-b26f-891418bd95f2')).toBe(
      'Metagraph update #18bd95f2',
    );
  });
});
