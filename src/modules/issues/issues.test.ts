// Issues as a client sees them: filing with every default, reading, changing, deleting; links to
// attachments and sessions (and the sessions' files, read at read time); refusals naming the field.
// Description blocks: issues.blocks.test.ts; list filters and search: issues-list.test.ts.
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { ISO_MS_Z, UUID, ok, testApp, type TestContext, type TestUser } from '../../../test/helpers.js';
import { expectProblem } from '../../../test/problems.js';
import type { Block } from './issues.blocks.js';
import type { CreateIssueBody, HistoryEntry, Issue } from './issues.schemas.js';

const ISSUE_KEYS = [
  'attachments',
  'created_at',
  'created_by',
  'description',
  'job_run_id',
  'owner',
  'priority',
  'resolution_summary',
  'session_attachments',
  'sessions',
  'status',
  'system_id',
  'tags',
  'title',
  'updated_at',
  'uuid',
];

let ctx: TestContext;
let ann: TestUser;
let bob: TestUser;

beforeAll(async () => {
  ctx = await testApp();
  ann = await ctx.newUser();
  bob = await ctx.newUser();
});

const paragraph = (text: string): Block => ({ type: 'paragraph', text: [{ text }] });
const post = (body: unknown, as = ann) => as.call<Issue>('POST', '/issues', body);
const file = async (fields: Partial<CreateIssueBody> = {}, as = ann) =>
  ok(await post({ title: 'TVAC heater overshoot', description: [], ...fields }, as), 201);

describe('POST /issues and GET /issues/{id}', () => {
  it('files an issue with every default and reads it back the same', async () => {
    const issue = await file();
    expect(Object.keys(issue).sort()).toEqual(ISSUE_KEYS);
    expect(issue).toMatchObject({
      title: 'TVAC heater overshoot',
      description: [],
      status: 'open',
      priority: 'low',
      tags: [],
      owner: 'Unassigned',
      resolution_summary: null,
      system_id: null,
      created_by: ann.email,
      sessions: [],
      attachments: [],
      session_attachments: [],
      job_run_id: null,
    });
    expect(issue.uuid).toMatch(UUID);
    expect(issue.created_at).toMatch(ISO_MS_Z);
    expect(issue.updated_at).toBe(issue.created_at);
    expect(ok(await ann.call<Issue>('GET', `/issues/${issue.uuid}`))).toEqual(issue);
  });

  it('keeps every field given, and issues are team-wide: another user reads it', async () => {
    const rover = await ctx.newSystem(ann);
    const issue = await file({
      description: [paragraph('Zone 2 overshot by 4 K')],
      status: 'in_progress',
      priority: 'high',
      tags: ['thermal', 'tvac', 'thermal'],
      owner: 'Cleo',
      resolution_summary: 'pending',
      system_id: rover.system_id,
    });
    expect(issue).toMatchObject({
      description: [paragraph('Zone 2 overshot by 4 K')],
      status: 'in_progress',
      priority: 'high',
      tags: ['thermal', 'tvac'],
      owner: 'Cleo',
      resolution_summary: 'pending',
      system_id: rover.system_id,
    });
    expect(ok(await bob.call<Issue>('GET', `/issues/${issue.uuid}`))).toEqual(issue);
  });

  it('refuses a missing title or description, naming each', async () => {
    expectProblem(await post({}), 400, ['body.title', 'body.description']);
    expectProblem(await post({ title: ' ', description: [] }), 400, ['body.title']);
  });

  it('refuses an unknown status or priority, and unknown fields', async () => {
    const base = { title: 't', description: [] };
    expectProblem(await post({ ...base, status: 'closed' }), 400, ['body.status']);
    expectProblem(await post({ ...base, priority: 'urgent' }), 400, ['body.priority']);
    expectProblem(await post({ ...base, severity: 'high' }), 400, ['body.severity']);
  });

  it('answers 404 for an unknown or malformed id', async () => {
    expectProblem(await ann.call('GET', `/issues/${randomUUID()}`), 404);
    expectProblem(await ann.call('GET', '/issues/not-a-uuid'), 404);
  });

  it('records the values it was filed with as the first history entries', async () => {
    const issue = await file({ priority: 'medium', tags: ['a'] });
    const history = ok(await bob.call<HistoryEntry[]>('GET', `/issues/${issue.uuid}/history`));
    expect(history.map((h) => [h.field, h.from, h.to, h.changed_by])).toEqual([
      ['title', null, 'TVAC heater overshoot', ann.email],
      ['status', null, 'open', ann.email],
      ['priority', null, 'medium', ann.email],
      ['owner', null, 'Unassigned', ann.email],
      ['tags', null, ['a'], ann.email],
    ]);
  });
});

describe('PATCH /issues/{id}', () => {
  const patch = (id: string, body: unknown, as = ann) => as.call<Issue>('PATCH', `/issues/${id}`, body);

  it('changes only the fields given and moves updated_at', async () => {
    const issue = await file({ tags: ['thermal'], owner: 'Cleo', description: [paragraph('before')] });
    const changed = ok(await patch(issue.uuid, { priority: 'high' }, bob));
    expect(changed).toEqual({ ...issue, priority: 'high', updated_at: changed.updated_at });
    expect(changed.updated_at > issue.updated_at).toBe(true);
    const described = ok(await patch(issue.uuid, { description: [paragraph('after')], tags: [] }));
    expect(described.description).toEqual([paragraph('after')]);
    expect(described.tags).toEqual([]);
    expect(ok(await patch(issue.uuid, { resolution_summary: null })).resolution_summary).toBeNull();
  });

  it('answers an empty PATCH with the issue unchanged, updated_at included', async () => {
    const issue = await file();
    expect(ok(await patch(issue.uuid, {}))).toEqual(issue);
  });

  it('lets any status move to any other', async () => {
    const issue = await file();
    for (const status of ['resolved', 'open', 'rejected', 'in_progress', 'rejected', 'open'] as const) {
      expect(ok(await patch(issue.uuid, { status })).status).toBe(status);
    }
  });

  it('records who moved each tracked field from what to what, oldest first', async () => {
    const issue = await file();
    ok(await patch(issue.uuid, { status: 'in_progress', owner: 'Cleo' }, bob));
    ok(await patch(issue.uuid, { status: 'resolved', resolution_summary: 'Re-tuned PID', tags: ['pid'] }));
    ok(await patch(issue.uuid, { title: 'TVAC heater overshoot', priority: 'low' })); // no change
    ok(await patch(issue.uuid, { title: 'Heater 2 overshoot' }));
    const history = ok(await ann.call<HistoryEntry[]>('GET', `/issues/${issue.uuid}/history`));
    expect(history.slice(5).map((h) => [h.field, h.from, h.to, h.changed_by])).toEqual([
      ['status', 'open', 'in_progress', bob.email],
      ['owner', 'Unassigned', 'Cleo', bob.email],
      ['status', 'in_progress', 'resolved', ann.email],
      ['tags', [], ['pid'], ann.email],
      ['title', 'TVAC heater overshoot', 'Heater 2 overshoot', ann.email],
    ]);
    for (const h of history) {
      expect(h.uuid).toMatch(UUID);
      expect(h.changed_at).toMatch(ISO_MS_Z);
    }
    const times = history.map((h) => h.changed_at);
    expect([...times].sort()).toEqual(times);
  });

  it('refuses bad values naming the field, and changes nothing', async () => {
    const issue = await file();
    expectProblem(await patch(issue.uuid, { status: 'done', priority: 'p1', title: '' }), 400, [
      'body.status',
      'body.priority',
      'body.title',
    ]);
    expectProblem(await patch(issue.uuid, { created_by: 'x' }), 400, ['body.created_by']);
    expectProblem(await patch(issue.uuid, { tags: Array(51).fill('t') }), 400, ['body.tags']);
    expect(ok(await ann.call<Issue>('GET', `/issues/${issue.uuid}`))).toEqual(issue);
  });

  it('answers 404 for an unknown issue', async () => {
    expectProblem(await patch(randomUUID(), { status: 'open' }), 404);
  });
});

describe('DELETE /issues/{id}', () => {
  it('answers 204; the issue is gone from reads, the list and its history', async () => {
    const issue = await file({ tags: ['to-delete'] });
    const res = await bob.call('DELETE', `/issues/${issue.uuid}`);
    expect(res.status).toBe(204);
    expect(res.res.body).toBe('');
    expectProblem(await ann.call('GET', `/issues/${issue.uuid}`), 404);
    expectProblem(await ann.call('GET', `/issues/${issue.uuid}/history`), 404);
    expectProblem(await ann.call('PATCH', `/issues/${issue.uuid}`, { status: 'open' }), 404);
    const list = ok(
      await ann.call<{ count: number }>('GET', '/issues', undefined, { query: { tags: 'to-delete' } }),
    );
    expect(list.count).toBe(0);
    expectProblem(await ann.call('DELETE', `/issues/${issue.uuid}`), 404);
  });
});

describe('limits', () => {
  it('takes a 500-character title and 50 tags, and refuses one more of each', async () => {
    ok(
      await post({
        title: 'x'.repeat(500),
        description: [],
        tags: Array.from({ length: 50 }, (_, i) => `t${i}`),
      }),
      201,
    );
    expectProblem(await post({ title: 'x'.repeat(501), description: [] }), 400, ['body.title']);
    expectProblem(
      await post({ title: 't', description: [], tags: Array.from({ length: 51 }, (_, i) => `t${i}`) }),
      400,
      ['body.tags'],
    );
  });
});
