// Comments on an issue as a team uses them: posting with attachments, reading the thread oldest first
// a page at a time, the author editing and deleting their own words, a colleague refused (403); every
// bound of the spec's Limits on both sides, and everything under an unknown or deleted issue a 404.
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from '../../core/schemas.js';
import { ISO_MS_Z, UUID, ok, testApp, type TestContext, type TestUser } from '../../../test/helpers.js';
import { deleteIssue, newIssue } from '../../../test/issue-helpers.js';
import { file } from '../../../test/multipart.js';
import { expectProblem } from '../../../test/problems.js';
import type { Comment } from './comments.schemas.js';

let ctx: TestContext;
let ann: TestUser;
let bob: TestUser;
/** Ann's issue, commented on throughout; tests that count make their own. */
let issue: string;

beforeAll(async () => {
  ctx = await testApp();
  ann = await ctx.newUser({ email: 'ann@example.com' });
  bob = await ctx.newUser({ email: 'bob@example.com' });
  issue = await newIssue(ann);
});

const url = (issueId = issue) => `/issues/${issueId}/comments`;
const post = (body: object, user = ann, issueId = issue) => user.call<Comment>('POST', url(issueId), body);
const comment = async (content: string, user = ann, issueId = issue) =>
  ok(await post({ content }, user, issueId), 201);
const list = (query: Record<string, string> = {}, user = ann, issueId = issue) =>
  user.call<Page<Comment>>('GET', url(issueId), undefined, { query });
const patch = (id: string, content: unknown, user = ann, issueId = issue) =>
  user.call<Comment>('PATCH', `${url(issueId)}/${id}`, { content });
const del = (id: string, user = ann, issueId = issue) => user.call('DELETE', `${url(issueId)}/${id}`);

async function attachments(user: TestUser, count: number): Promise<string[]> {
  const files = Array.from({ length: count }, (_, i) => file(`tv-${i}.csv`, `t,temp\n${i},-40\n`));
  return (await ctx.upload(user, await ctx.newSession(user), files)).map((a) => a.attachment_id);
}

describe('POST /issues/{issue_id}/comments', () => {
  it('answers the new comment: author, times, not edited, no attachments or reactions', async () => {
    const body = await comment('Chamber reached -40 °C at 02:10; the PSU tripped at -38 °C.');
    expect(Object.keys(body).sort()).toEqual(
      [
        'attachments',
        'content',
        'created_at',
        'created_by',
        'is_deleted',
        'is_edited',
        'reactions',
        'updated_at',
        'uuid',
      ].sort(),
    );
    expect(body).toMatchObject({
      content: 'Chamber reached -40 °C at 02:10; the PSU tripped at -38 °C.',
      attachments: [],
      created_by: 'ann@example.com',
      is_edited: false,
      is_deleted: false,
      reactions: [],
    });
    expect(body.uuid).toMatch(UUID);
    expect(body.created_at).toMatch(ISO_MS_Z);
    expect(body.updated_at).toBe(body.created_at);
  });

  it('answers the attachments as Attachment objects in the order given, a repeated id once', async () => {
    const [a, b] = await attachments(ann, 2);
    const body = ok(await post({ content: 'Logs attached.', attachment_ids: [b, a, b] }), 201);
    expect(body.attachments.map((x) => x.attachment_id)).toEqual([b, a]);
    expect(body.attachments[0]).toMatchObject({ attachment_name: 'tv-1.csv', attachment_type: 'csv' });
    // The thread is the team's: a colleague reads the same attachments the author shared.
    const seen = ok(await list({ limit: '1000' }, bob)).items.find((c) => c.uuid === body.uuid);
    expect(seen?.attachments).toEqual(body.attachments);
  });

  it('takes 10 attachment_ids and refuses 11', async () => {
    const ids = await attachments(ann, 11);
    expect(
      ok(await post({ content: 'ten', attachment_ids: ids.slice(0, 10) }), 201).attachments,
    ).toHaveLength(10);
    expectProblem(await post({ content: 'eleven', attachment_ids: ids }), 400, ['body.attachment_ids']);
  });

  it('refuses attachments the author cannot see, by index, and posts nothing', async () => {
    const own = await newIssue(ann);
    const [mine] = await attachments(ann, 1);
    const [bobs] = await attachments(bob, 1);
    const res = await post({ content: 'x', attachment_ids: [mine, bobs, randomUUID()] }, ann, own);
    expectProblem(res, 400, ['body.attachment_ids[1]', 'body.attachment_ids[2]']);
    expectProblem(await post({ content: 'x', attachment_ids: ['nope'] }, ann, own), 400, [
      'body.attachment_ids[0]',
    ]);
    expect(ok(await list({}, ann, own)).count).toBe(0);
  });

  it('takes content of 1 and of 10,000 characters (astral ones count once)', async () => {
    expect((await comment('k')).content).toBe('k');
    expect((await comment('x'.repeat(10_000))).content).toHaveLength(10_000);
    expect([...(await comment('🔥'.repeat(10_000))).content]).toHaveLength(10_000);
  });

  it('refuses content that is missing, empty, only white space or over 10,000 characters', async () => {
    for (const content of ['', ' \n\t ', 'x'.repeat(10_001), 42]) {
      expectProblem(await post({ content }), 400, ['body.content']);
    }
    expectProblem(await post({}), 400, ['body.content']);
    expectProblem(await post({ content: 'x', mood: 'grim' }), 400, ['body.mood']);
  });

  it('answers 404 for an unknown, malformed or deleted issue', async () => {
    const gone = await newIssue(ann);
    await deleteIssue(ann, gone);
    for (const id of [randomUUID(), 'nope', gone]) {
      expectProblem(await post({ content: 'x' }, ann, id), 404);
      expectProblem(await list({}, ann, id), 404);
    }
  });
});

describe('GET /issues/{issue_id}/comments', () => {
  let thread: string;
  let all: string[];
  beforeAll(async () => {
    thread = await newIssue(ann, 'Sixty comments');
    all = [];
    for (let i = 0; i < 60; i++) all.push((await comment(`#${i}`, i % 2 ? bob : ann, thread)).content);
  });

  it('answers the first 50, oldest first, with the total count, by default', async () => {
    const page = ok(await list({}, bob, thread));
    expect(page.count).toBe(60);
    expect(page.items.map((c) => c.content)).toEqual(all.slice(0, 50));
    expect(page.items[1]!.created_by).toBe('bob@example.com');
  });

  it('pages with limit and offset; past the end is an empty page with the count', async () => {
    expect(ok(await list({ limit: '5', offset: '55' }, ann, thread)).items.map((c) => c.content)).toEqual(
      all.slice(55),
    );
    expect(ok(await list({ limit: '1' }, ann, thread)).items.map((c) => c.content)).toEqual(['#0']);
    expect(ok(await list({ limit: '1000' }, ann, thread)).items).toHaveLength(60);
    expect(ok(await list({ offset: '60' }, ann, thread))).toEqual({ items: [], count: 60 });
  });

  it('refuses limit 0 and 1001 and a negative offset, naming them', async () => {
    expectProblem(await list({ limit: '0' }, ann, thread), 400, ['query.limit']);
    expectProblem(await list({ limit: '1001' }, ann, thread), 400, ['query.limit']);
    expectProblem(await list({ offset: '-1' }, ann, thread), 400, ['query.offset']);
    expectProblem(await list({ sort: 'newest' }, ann, thread), 400, ['query.sort']);
  });
});

describe('PATCH /issues/{issue_id}/comments/{comment_id}', () => {
  it('lets the author change the content, marking it edited and moving updated_at; attachments stay', async () => {
    const [log] = await attachments(ann, 1);
    const posted = ok(await post({ content: 'PSU tripped at -38 °C.', attachment_ids: [log] }), 201);
    const edited = ok(await patch(posted.uuid, 'PSU tripped at -36 °C (corrected from the log).'));
    expect(edited).toMatchObject({
      uuid: posted.uuid,
      content: 'PSU tripped at -36 °C (corrected from the log).',
      attachments: posted.attachments,
      created_at: posted.created_at,
      is_edited: true,
    });
    expect(Date.parse(edited.updated_at)).toBeGreaterThan(Date.parse(posted.created_at));
    const listed = ok(await list({ limit: '1000' }, bob)).items.find((c) => c.uuid === posted.uuid);
    expect(listed).toEqual({ ...edited, reactions: [] });
  });

  it('refuses a colleague with 403 and leaves the comment as it was', async () => {
    const posted = await comment('Mine to edit.');
    expectProblem(await patch(posted.uuid, 'Hijacked.', bob), 403);
    expect(ok(await list({ limit: '1000' })).items.find((c) => c.uuid === posted.uuid)).toEqual(posted);
  });

  it('refuses content out of bounds, and an unknown field', async () => {
    const posted = await comment('Bounds.');
    for (const content of ['', '   ', 'x'.repeat(10_001), undefined]) {
      expectProblem(await patch(posted.uuid, content), 400, ['body.content']);
    }
    expect(ok(await patch(posted.uuid, 'y'.repeat(10_000))).content).toHaveLength(10_000);
    const res = await ann.call('PATCH', `${url()}/${posted.uuid}`, { content: 'x', is_edited: false });
    expectProblem(res, 400, ['body.is_edited']);
  });

  it('answers 404 for an unknown comment, or one asked for under another issue', async () => {
    const posted = await comment('Here.');
    expectProblem(await patch(randomUUID(), 'x'), 404);
    expectProblem(await patch(posted.uuid, 'x', ann, await newIssue(ann)), 404);
  });
});

describe('DELETE /issues/{issue_id}/comments/{comment_id}', () => {
  it('lets the author delete: 204, gone from the list and the count; a second delete is 404', async () => {
    const own = await newIssue(ann);
    const keep = await comment('Keep.', ann, own);
    const drop = await comment('Drop.', ann, own);
    expect((await del(drop.uuid, ann, own)).status).toBe(204);
    expect(ok(await list({}, bob, own))).toEqual({ items: [keep], count: 1 });
    expectProblem(await del(drop.uuid, ann, own), 404);
    expectProblem(await patch(drop.uuid, 'Back?', ann, own), 404);
  });

  it('answers two deletes sent at once with one 204 and one 404', async () => {
    const posted = await comment('Twice?');
    const answers = await Promise.all([del(posted.uuid), del(posted.uuid)]);
    expect(answers.map((a) => a.status).sort()).toEqual([204, 404]);
  });

  it('refuses a colleague with 403 and keeps the comment', async () => {
    const own = await newIssue(ann);
    const posted = await comment('Still here.', ann, own);
    expectProblem(await del(posted.uuid, bob, own), 403);
    expect(ok(await list({}, ann, own)).items).toEqual([posted]);
  });

  it('answers 404 under a deleted issue', async () => {
    const own = await newIssue(ann);
    const posted = await comment('Orphan.', ann, own);
    await deleteIssue(ann, own);
    expectProblem(await del(posted.uuid, ann, own), 404);
    expectProblem(await patch(posted.uuid, 'x', ann, own), 404);
  });
});
