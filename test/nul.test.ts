// PostgreSQL cannot store U+0000. A NUL in a query parameter or anywhere in a JSON body is refused
// with 400 naming that field (never `body` for a query parameter), before anything is written.
import { beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestContext } from './helpers.js';
import { expectProblem } from './problems.js';

let ctx: TestContext;
let token: string;

beforeAll(async () => {
  ctx = await testApp();
  token = await ctx.tokenFor('nul@example.com');
});

const listSystems = async () =>
  (await ctx.as(token, { method: 'GET', url: '/api/v1/systems?is_deleted=true' })).json<{ count: number }>();

describe('the NUL character', () => {
  it('in a query parameter is refused naming the parameter', async () => {
    const res = await ctx.as(token, { method: 'GET', url: '/api/v1/systems?search=a%00b' });
    const problem = expectProblem(res, 400, ['query.search']);
    expect(problem.errors[0]!.message).toMatch(/NUL/);
  });

  it('in a repeated query parameter is refused naming the parameter and index', async () => {
    const res = await ctx.as(token, {
      method: 'GET',
      url: '/api/v1/system-memories?contributors=a@x.com&contributors=b%00@x.com',
    });
    expectProblem(res, 400, ['query.contributors[1]']);
  });

  it('in body fields is refused naming each one, and nothing is created', async () => {
    const before = await listSystems();
    const res = await ctx.as(token, {
      method: 'POST',
      url: '/api/v1/systems',
      payload: { system_name: 'Rover\u0000', description: 'with\u0000nul' },
    });
    expectProblem(res, 400, ['body.system_name', 'body.description']);
    expect(await listSystems()).toEqual(before);
  });

  it('is the only thing refused: the same text without it is accepted', async () => {
    const res = await ctx.as(token, {
      method: 'POST',
      url: '/api/v1/systems',
      payload: { system_name: 'Rover' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const search = await ctx.as(token, { method: 'GET', url: '/api/v1/systems?search=over' });
    expect(search.json().count).toBe(1);
  });
});
