// GET /issues: defaults, every filter (each scoped to a system of its own, so tests do not see each
// other's issues), limits on both sides, sort and order, and full-text search with stemming and
// relevance over title, description and comments.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ok, testApp, type TestContext, type TestUser } from '../../../test/helpers.js';
import { expectProblem } from '../../../test/problems.js';
import type { Page } from '../../core/schemas.js';
import { queryRows } from '../../db/client.js';
import type { CreateIssueBody, Issue } from './issues.schemas.js';

let ctx: TestContext;
let ann: TestUser;
let bob: TestUser;

beforeAll(async () => {
  ctx = await testApp();
  ann = await ctx.newUser();
  bob = await ctx.newUser();
});

type Query = Record<string, string | string[]>;
const list = async (query: Query, as = ann) =>
  ok(await as.call<Page<Issue>>('GET', '/issues', undefined, { query }));
const titles = async (query: Query) => (await list(query)).items.map((i) => i.title);
const tick = () => new Promise((resolve) => setTimeout(resolve, 3));

/** A fresh system with these issues filed in order (a few ms apart, so created_at orders them). */
async function systemWith(issues: Partial<CreateIssueBody>[], as = ann) {
  const system = (await ctx.newSystem(as)).system_id;
  const filed: Issue[] = [];
  for (const [i, fields] of issues.entries()) {
    filed.push(
      ok(
        await as.call<Issue>('POST', '/issues', {
          title: `#${i}`,
          description: [],
          system_id: system,
          ...fields,
        }),
        201,
      ),
    );
    await tick();
  }
  return { system, filed };
}

describe('paging', () => {
  it('lists 100 by default, oldest first, with count the total; limit and offset page through', async () => {
    const { system } = await systemWith(Array.from({ length: 101 }, () => ({})));
    const first = await list({ system_id: system });
    expect(first.count).toBe(101);
    expect(first.items.map((i) => i.title)).toEqual(Array.from({ length: 100 }, (_, i) => `#${i}`));
    expect(await titles({ system_id: system, offset: '100' })).toEqual(['#100']);
    expect(await titles({ system_id: system, limit: '2', offset: '3' })).toEqual(['#3', '#4']);
    const last = await list({ system_id: system, limit: '1000', offset: '2147483647' });
    expect(last).toEqual({ items: [], count: 101 });
  });

  it('refuses limit 0 and 1001, offset -1 and 2^31, naming them', async () => {
    expectProblem(await ann.call('GET', '/issues?limit=0'), 400, ['query.limit']);
    expectProblem(await ann.call('GET', '/issues?limit=1001'), 400, ['query.limit']);
    expectProblem(await ann.call('GET', '/issues?offset=-1'), 400, ['query.offset']);
    expectProblem(await ann.call('GET', '/issues?offset=2147483648'), 400, ['query.offset']);
    expectProblem(await ann.call('GET', '/issues?colour=red'), 400, ['query.colour']);
  });
});

describe('filters', () => {
  it('matches any of several statuses and priorities, and refuses unknown values', async () => {
    const { system } = await systemWith([
      { status: 'open', priority: 'high' },
      { status: 'in_progress', priority: 'low' },
      { status: 'resolved', priority: 'high' },
      { status: 'rejected', priority: 'medium' },
    ]);
    expect(await titles({ system_id: system, status: 'open' })).toEqual(['#0']);
    expect(await titles({ system_id: system, status: ['open', 'resolved'] })).toEqual(['#0', '#2']);
    expect(await titles({ system_id: system, priority: ['high', 'medium'] })).toEqual(['#0', '#2', '#3']);
    expect(await titles({ system_id: system, status: ['open', 'in_progress'], priority: 'high' })).toEqual([
      '#0',
    ]);
    expectProblem(await ann.call('GET', '/issues?status=closed'), 400, ['query.status[0]']);
    expectProblem(await ann.call('GET', '/issues?status=open&status=done'), 400, ['query.status[1]']);
    expectProblem(await ann.call('GET', '/issues?priority=urgent'), 400, ['query.priority[0]']);
  });

  it('keeps issues carrying all tags given; filters owner, created_by and system', async () => {
    const { system } = await systemWith([
      { tags: ['tvac', 'thermal'], owner: 'Cleo' },
      { tags: ['tvac'] },
      { tags: ['thermal'] },
    ]);
    const other = await systemWith([{ tags: ['tvac'] }], bob);
    expect(await titles({ system_id: system, tags: 'tvac' })).toEqual(['#0', '#1']);
    expect(await titles({ system_id: system, tags: ['tvac', 'thermal'] })).toEqual(['#0']);
    expect(await titles({ system_id: system, owner: 'Cleo' })).toEqual(['#0']);
    expect(await titles({ system_id: system, owner: 'Unassigned' })).toEqual(['#1', '#2']);
    expect(await titles({ system_id: other.system, created_by: bob.email })).toEqual(['#0']);
    expect(await titles({ system_id: system, created_by: bob.email })).toEqual([]);
    expect(await titles({ system_id: randomUUID() })).toEqual([]);
  });

  it('filters created_after (inclusive) and created_before (exclusive)', async () => {
    const { system, filed } = await systemWith([{}, {}, {}]);
    const at = filed[1]!.created_at;
    expect(await titles({ system_id: system, created_after: at })).toEqual(['#1', '#2']);
    expect(await titles({ system_id: system, created_before: at })).toEqual(['#0']);
    expectProblem(await ann.call('GET', '/issues?created_after=yesterday'), 400, ['query.created_after']);
  });
});

describe('sort and order', () => {
  it('sorts by created_at, updated_at and priority, either way', async () => {
    const { system, filed } = await systemWith([
      { priority: 'medium' },
      { priority: 'high' },
      { priority: 'low' },
    ]);
    ok(await ann.call('PATCH', `/issues/${filed[0]!.uuid}`, { owner: 'Cleo' }));
    expect(await titles({ system_id: system, order: 'desc' })).toEqual(['#2', '#1', '#0']);
    expect(await titles({ system_id: system, sort: 'updated_at', order: 'desc' })).toEqual([
      '#0',
      '#2',
      '#1',
    ]);
    expect(await titles({ system_id: system, sort: 'priority', order: 'desc' })).toEqual(['#1', '#0', '#2']);
    expect(await titles({ system_id: system, sort: 'priority' })).toEqual(['#2', '#0', '#1']);
    expectProblem(await ann.call('GET', '/issues?sort=severity'), 400, ['query.sort']);
    expectProblem(await ann.call('GET', '/issues?order=up'), 400, ['query.order']);
    expectProblem(await ann.call('GET', '/issues?sort=relevance'), 400, ['query.sort']);
  });
});

describe('q: full-text search', () => {
  const para = (text: string) => [{ type: 'paragraph' as const, text: [{ text }] }];

  it('finds stemmed words in title and description, ranking title matches first', async () => {
    const { system } = await systemWith([
      { title: 'Battery sag', description: para('The heaters were overheating at dwell') },
      { title: 'Heater overheated in TVAC', description: para('zone 2') },
      { title: 'Reaction wheel noise', description: para('bearing') },
    ]);
    expect(await titles({ system_id: system, q: 'overheating' })).toEqual([
      'Heater overheated in TVAC',
      'Battery sag',
    ]);
    expect(await titles({ system_id: system, q: 'overheating', sort: 'created_at' })).toEqual([
      'Battery sag',
      'Heater overheated in TVAC',
    ]);
    expect((await list({ system_id: system, q: 'heater -battery' })).count).toBe(1);
    expect(await titles({ system_id: system, q: 'bearing or sag' })).toHaveLength(2);
    expect(await titles({ system_id: system, q: 'cryocooler' })).toEqual([]);
    expect(await list({ system_id: system, q: 'the' })).toEqual({ items: [], count: 0 }); // stop words only
    expectProblem(await ann.call('GET', `/issues?q=${'x'.repeat(201)}`), 400, ['query.q']);
  });

  it('finds issues by the words of their live comments', async () => {
    const { system, filed } = await systemWith([{ title: 'Quiet one' }, { title: 'Other' }]);
    const [user] = await queryRows<{ id: string }>(
      ctx.database.db,
      sql`SELECT id FROM users WHERE email = ${ann.email}`,
    );
    const comment = (issue: Issue, content: string, deleted = false) =>
      ctx.database.db
        .execute(sql`INSERT INTO issue_comments (id, issue_id, author_id, created_by, content, deleted_at)
        VALUES (${randomUUID()}, ${issue.uuid}, ${user!.id}, ${ann.email}, ${content}, ${deleted ? sql`now()` : null})`);
    await comment(filed[0]!, 'Saw arcing on the harness connector');
    await comment(filed[1]!, 'More arcing here', true);
    expect(await titles({ system_id: system, q: 'arc' })).toEqual(['Quiet one']);
    expect((await list({ system_id: system, q: 'arcing' })).count).toBe(1);
  });
});
