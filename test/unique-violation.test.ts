// A unique value taken where no service names the refusal (a race past a service's check, a constraint
// a later module adds) still answers 409 problem+json, with its own code: `already_exists`, which a
// client can tell from `name_taken` and `stale_base_version` without reading `detail`.
import { expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { problem as declaredProblem } from '../src/core/schemas.js';
import { expectProblem } from './problems.js';
import { testApp } from './helpers.js';

it('answers a unique violation from the database with 409 already_exists, hiding the SQL', async () => {
  const ctx = await testApp();
  // A route that inserts the same row twice, as a racing request would: the second insert is refused
  // by the database's unique index (users.email), not by any service.
  // Declared like any route, so the contract check (test/contract.ts) holds it to its 409.
  const schema = { response: { 409: declaredProblem('a unique value is taken') } };
  ctx.app.post('/test/duplicate-user', { schema }, async () => {
    for (const id of ['0190a000-0000-7000-8000-000000000001', '0190a000-0000-7000-8000-000000000002']) {
      await ctx.database.db.execute(sql`INSERT INTO users (id, email) VALUES (${id}, 'dup@example.com')`);
    }
    return {};
  });

  const problem = expectProblem(await ctx.app.inject({ method: 'POST', url: '/test/duplicate-user' }), 409);
  expect(problem.type).toBe('urn:hwa:problem:already_exists');
  expect(problem.title).toBe('Already exists');
  expect(problem.detail).not.toMatch(/users|email|insert|duplicate key/i);
});
