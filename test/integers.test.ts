// Every integer a client sends has a documented maximum, and a number past it is a 400 naming the
// field, never a 500 from the database: offsets of 2^63 or written as 1e21, versions >= 2^31. The walk
// covers every route in the route table, so a new module's parameters are checked without a new test.
import { beforeAll, describe, expect, it } from 'vitest';
import { MAX_INTEGER, type Page } from '../src/core/schemas.js';
import type { ChangeSet } from '../src/modules/metagraph/metagraph.schemas.js';
import type { Job, JobRun } from '../src/modules/jobs/jobs.schemas.js';
import type { System } from '../src/modules/systems/systems.schemas.js';
import { ok, testApp, type TestContext, type TestUser } from './helpers.js';
import { newIssue } from './issue-helpers.js';
import { metagraphClient, type MetagraphClient } from './metagraph-helpers.js';
import { file } from './multipart.js';
import { expectProblem, type ProblemBody } from './problems.js';

interface IntegerField {
  name: string;
  maximum: number;
  minimum: number;
}

let ctx: TestContext;
let user: TestUser;
let mg: MetagraphClient;
const ids: Record<string, string> = {};

beforeAll(async () => {
  ctx = await testApp({ env: { HWA_DEV_JOB_TYPES: '1' } });
  user = await ctx.newUser({ email: 'numbers@example.com' });
  mg = metagraphClient(ctx, user);
  ids.system_id = await mg.createSystem();
  await mg.save(ids.system_id, {
    base_version: 0,
    creates: [
      { local_id: 'a', type: 'SYSTEM', name: 'A' },
      { local_id: 'b', type: 'COMPONENT', name: 'B', parent_ids: ['a'] },
    ],
  });
  const graph = await mg.full(ids.system_id);
  ids.entity_id = graph.entities[0]!.uuid;
  ids.relationship_id = graph.relationships[0]!.uuid;
  const [attachment] = await ctx.upload(user, await ctx.newSession(user), [file('a.csv', 'x,y\n1,2\n')]);
  ids.attachment_id = ids.attachment_uuid = attachment!.attachment_id;
  ids.skill_id = (await ctx.newSkill(user)).uuid;
  ids.issue_id = await newIssue(user);
  ids.job_id = ok(await user.call<Job>('POST', '/jobs', { job_type: 'dev_sleep' }), 201).uuid;
  ids.job_run_id = ok(await user.call<JobRun>('POST', '/job-runs', { job_id: ids.job_id }), 201).uuid;
  ok(await user.call('POST', `/job-runs/${ids.job_run_id}/pause`)); // nothing runs it meanwhile
  ids.template_id = ok(
    await user.call<{ uuid: string }>('POST', '/test-card-templates', {
      title: 'T',
      steps: [{ title: 'S' }],
    }),
    201,
  ).uuid;
  const run = ok(
    await user.call<{ uuid: string; test_cards: { uuid: string; test_steps: { uuid: string }[] }[] }>(
      'POST',
      '/test-runs',
      { title: 'Numbers', system_id: ids.system_id, template_ids: [ids.template_id] },
    ),
    201,
  );
  ids.run_id = run.uuid;
  ids.card_id = run.test_cards[0]!.uuid;
  ids.step_id = run.test_cards[0]!.test_steps[0]!.uuid;
  ids.report_id = ok(
    await user.call<{ uuid: string }>('POST', `/test-runs/${ids.run_id}/reports`, { scope: 'run' }),
    201,
  ).uuid;
});

type Part = 'querystring' | 'body';

function integerFields(schema: unknown): IntegerField[] {
  const properties = (schema as { properties?: Record<string, Record<string, unknown>> })?.properties ?? {};
  return Object.entries(properties)
    .filter(([, p]) => p.type === 'integer')
    .map(([name, p]) => ({ name, maximum: p.maximum as number, minimum: (p.minimum as number) ?? 0 }));
}

/** Every (route, part, integer field) the API takes, GET/POST/PUT/PATCH only (HEAD mirrors GET). */
function integerInputs() {
  return ctx.app.routeTable.flatMap((route) => {
    const methods = (Array.isArray(route.method) ? route.method : [route.method]).filter((m) => m !== 'HEAD');
    return methods.flatMap((method) =>
      (['querystring', 'body'] as Part[]).flatMap((part) =>
        integerFields(route.schema?.[part]).map((field) => ({ method, url: route.url, part, field })),
      ),
    );
  });
}

function request(method: string, url: string, part: Part, name: string, value: string) {
  const path = url.replace(/:(\w+)/g, (_, param: string) => {
    const id = ids[param];
    if (!id) throw new Error(`no fixture id for path parameter ${param}: add one to this test`);
    return id;
  });
  // The route table's own URLs (some are outside /api/v1), so the user's token goes in by hand.
  const authorization = `Bearer ${user.token}`;
  return part === 'querystring'
    ? ctx.app.inject({ method: method, url: `${path}?${name}=${value}`, headers: { authorization } })
    : ctx.app.inject({
        method: method,
        url: path,
        headers: { authorization, 'content-type': 'application/json' },
        // Raw JSON text, so 2^63 and 1e21 reach the server exactly as a client would write them.
        payload: `{"${name}": ${value}}`,
      });
}

describe('integer parameters and body fields', () => {
  it('every one declares a maximum of at most 2^31-1 (or names another), and there are some', () => {
    const inputs = integerInputs();
    expect(inputs.map((i) => `${i.url} ${i.field.name}`)).toEqual(
      expect.arrayContaining([
        '/api/v1/systems offset',
        '/api/v1/systems/:system_id/metagraph/changes since_version',
        '/api/v1/memories/restore version',
        '/api/v1/systems/:system_id/entities/:entity_id/memories/restore version',
        '/api/v1/systems/metagraphs/:system_id/batch-save base_version',
        '/api/v1/skills/:skill_id/rollback version_number',
        '/api/v1/skills offset',
        '/api/v1/issues/:issue_id/comments limit',
        '/api/v1/jobs limit',
        '/api/v1/job-runs offset',
      ]),
    );
    for (const { url, field } of inputs) {
      expect(Number.isSafeInteger(field.maximum), `${url} ${field.name}`).toBe(true);
      // Sizes in bytes are bigint columns (a day of telemetry passes 2 GiB): up to 2^53-1, still exact.
      if (!url.startsWith('/downloads') && field.name !== 'file_size')
        expect(field.maximum, `${url} ${field.name}`).toBeLessThanOrEqual(MAX_INTEGER);
    }
  });

  it('refuses one past the maximum, 2^63, 1e21 and a fraction with 400 naming the field', async () => {
    for (const { method, url, part, field } of integerInputs()) {
      const where = `${part === 'body' ? 'body' : 'query'}.${field.name}`;
      for (const value of [String(field.maximum + 1), '9223372036854775808', '1e21', '1.5']) {
        const res = await request(method, url, part, field.name, value);
        const problem = expectProblem(res, 400);
        expect(
          problem.errors.map((e) => e.path),
          `${method} ${url} ${field.name}=${value}`,
        ).toContain(where);
      }
    }
  });

  it('takes the maximum itself: no complaint about the field, and no 5xx', async () => {
    for (const { method, url, part, field } of integerInputs()) {
      const where = `${part === 'body' ? 'body' : 'query'}.${field.name}`;
      const res = await request(method, url, part, field.name, String(field.maximum));
      expect(res.statusCode, `${method} ${url} ${field.name}: ${res.body}`).toBeLessThan(500);
      if (res.statusCode === 400) {
        expect(res.json<ProblemBody>().errors.map((e) => e.path)).not.toContain(where);
      }
    }
  });

  it('answers the largest offset with an empty page and the true count', async () => {
    const query = { offset: String(MAX_INTEGER) };
    expect(ok(await user.call<Page<System>>('GET', '/systems', undefined, { query }))).toEqual({
      items: [],
      count: 1,
    });
  });

  it('answers since_version 2^31-1 with no changes, and restore of version 2^31-1 with 404', async () => {
    const changes = await user.call<Page<ChangeSet>>(
      'GET',
      `/systems/${ids.system_id}/metagraph/changes`,
      undefined,
      { query: { since_version: String(MAX_INTEGER) } },
    );
    expect(ok(changes)).toMatchObject({ items: [], count: 0 });
    expectProblem(await user.call('POST', '/memories/restore', { version: MAX_INTEGER }), 404);
  });

  it('answers a skill rollback to version 2^31-1 with 404 naming the versions it has', async () => {
    const res = await user.call('POST', `/skills/${ids.skill_id}/rollback`, { version_number: MAX_INTEGER });
    expect(expectProblem(res, 404).detail).toContain('1 to 1');
  });

  it('refuses a batch save at base_version 2^31-1 as stale, naming the current version', async () => {
    const res = await mg.batch(ids.system_id!, { base_version: MAX_INTEGER, creates: [] });
    expect(expectProblem(res, 409).current_version).toBe(1);
  });
});
