// PostgreSQL cannot store U+0000. A NUL in a query parameter or anywhere in a JSON body is refused
// with 400 naming that field (never `body` for a query parameter), before anything is written.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from '../src/core/schemas.js';
import type { System } from '../src/modules/systems/systems.schemas.js';
import { ok, testApp, type TestUser } from './helpers.js';
import { expectProblem } from './problems.js';

let user: TestUser;

beforeAll(async () => {
  user = await (await testApp()).newUser({ email: 'nul@example.com' });
});

const listSystems = (query: Record<string, string>) =>
  user.call<Page<System>>('GET', '/systems', undefined, { query });
const allSystems = async () => (await listSystems({ is_deleted: 'true' })).body;

describe('the NUL character', () => {
  it('in a query parameter is refused naming the parameter', async () => {
    const problem = expectProblem(await listSystems({ search: 'a\u0000b' }), 400, ['query.search']);
    expect(problem.errors[0]!.message).toMatch(/NUL/);
  });

  it('in a repeated query parameter is refused naming the parameter and index', async () => {
    const res = await user.call('GET', '/system-memories', undefined, {
      query: { contributors: ['a@x.com', 'b\u0000@x.com'] },
    });
    expectProblem(res, 400, ['query.contributors[1]']);
  });

  it('in body fields is refused naming each one, and nothing is created', async () => {
    const before = await allSystems();
    const res = await user.call('POST', '/systems', {
      system_name: 'Rover\u0000',
      description: 'with\u0000nul',
    });
    expectProblem(res, 400, ['body.system_name', 'body.description']);
    expect(await allSystems()).toEqual(before);
  });

  it('is the only thing refused: the same text without it is accepted', async () => {
    ok(await user.call('POST', '/systems', { system_name: 'Rover' }), 201);
    expect(ok(await listSystems({ search: 'over' })).count).toBe(1);
  });
});
