import { describe, expect, it } from 'vitest';
import { Errors, MAX_FIELD_ERRORS } from './errors.js';

const fieldErrors = (n: number) =>
  Array.from({ length: n }, (_, i) => ({ path: `body.creates[${i}].type`, message: 'must be one of …' }));

describe('validation errors', () => {
  it(`lists up to ${MAX_FIELD_ERRORS} invalid fields, every one`, () => {
    const error = Errors.validation(fieldErrors(MAX_FIELD_ERRORS));
    expect(error.errors).toHaveLength(MAX_FIELD_ERRORS);
    expect(error.detail).not.toMatch(/more errors/);
    expect(error.status).toBe(400);
  });

  it('lists the first ones beyond that and says how many more there were', () => {
    const error = Errors.validation(fieldErrors(MAX_FIELD_ERRORS + 50));
    expect(error.errors).toHaveLength(MAX_FIELD_ERRORS);
    expect(error.errors[0]!.path).toBe('body.creates[0].type');
    expect(error.detail).toMatch(/\(and 50 more errors\)$/);
  });
});
