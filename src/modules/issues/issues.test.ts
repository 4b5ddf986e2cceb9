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
