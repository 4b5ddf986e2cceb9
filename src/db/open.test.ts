import { describe, expect, it } from 'vitest';
import { describeConnectionError, redactUrl } from './open.js';

const failure = (code: string, message: string) => Object.assign(new Error(message), { code });
const URL = 'postgres://hwa:pw@db.example:5432/hwa';

describe('database connection errors', () => {
  it('hides the password of a URL, and only the password', () => {
    expect(redactUrl(URL)).toBe('postgres://hwa:***@db.example:5432/hwa');
    expect(redactUrl('postgres://hwa@db/hwa')).toBe('postgres://hwa@db/hwa');
  });

  it.each([
    ['ECONNREFUSED', /not reachable \(ECONNREFUSED\)/],
    ['ENOTFOUND', /not reachable \(ENOTFOUND\)/],
    ['28P01', /refused the credentials/],
    ['3D000', /database does not exist/],
    ['08006', /connection failed/],
  ])('explains %s with the redacted URL', (code, why) => {
    const text = describeConnectionError(failure(code, 'driver says no'), URL);
    expect(text).toMatch(why);
    expect(text).toContain('postgres://hwa:***@db.example:5432/hwa');
    expect(text).not.toContain(':pw@');
  });

  it('leaves other failures, and the embedded database, to the usual report', () => {
    expect(describeConnectionError(failure('23505', 'duplicate key'), URL)).toBeUndefined();
    expect(describeConnectionError(new Error('a bug'), URL)).toBeUndefined();
    expect(describeConnectionError(failure('ECONNREFUSED', 'x'), undefined)).toBeUndefined();
  });
});
