// The Sessions endpoints as a client sees them: the Session resource, create with pre-associated
// attachments, listing without attachments, partial PUT with starring, delete, detaching an
// attachment, every limit on both sides, and one user never seeing or changing another's sessions.
// Uploading itself is upload.test.ts. One app for the file; tests that count make their own user.
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { ISO_MS_Z, UUID, ok, testApp, type TestContext, type TestUser } from '../../../test/helpers.js';
import { file, uploadFiles } from '../../../test/multipart.js';
import { expectProblem } from '../../../test/problems.js';
import type { Page } from '../../core/schemas.js';
import type { Attachment } from '../attachments/attachments.schemas.js';
import type { Session, SessionListItem } from './sessions.schemas.js';

const BASE = '/sessions';
const LIST_KEYS = [
  'imported_projects',
  'is_starred',
  'session_created_at',
  'session_created_by',
  'session_description',
  'session_id',
  'session_title',
  'starred_at',
];
const SESSION_KEYS = [...LIST_KEYS, 'attachments'].sort();

let ctx: TestContext;
let ann: TestUser;
let bob: TestUser;

beforeAll(async () => {
  ctx = await testApp();
  ann = await ctx.newUser({ email: 'ann@example.com' });
  bob = await ctx.newUser({ email: 'bob@example.com' });
});

/** A user of one test only, so lists and counts hold just what the test made. */
const freshUser = () => ctx.newUser();

const create = (user: TestUser, body: object) => user.call<Session>('POST', BASE, body);
const get = (user: TestUser, id: string) => user.call<Session>('GET', `${BASE}/${id}`);
const put = (user: TestUser, id: string, body: object) => user.call<Session>('PUT', `${BASE}/${id}`, body);
const del = (user: TestUser, id: string) => user.call('DELETE', `${BASE}/${id}`);
const list = (user: TestUser, query: Record<string, string> = {}) =>
  user.call<Page<SessionListItem>>('GET', BASE, undefined, { query });
const detach = (user: TestUser, sessionId: string, attachmentId: string) =>
  user.call('DELETE', `${BASE}/${sessionId}/attachments/${attachmentId}`);
const attachmentIds = (s: { attachments: Attachment[] }) => s.attachments.map((a) => a.attachment_id).sort();

const created = async (user: TestUser, body: object = {}) => ok(await create(user, body), 201);
const fetched = async (user: TestUser, id: string) => ok(await get(user, id));
const listed = async (user: TestUser, query: Record<string, string> = {}) => ok(await list(user, query));

/** One file uploaded into a new session of `user`. */
async function oneFile(user: TestUser, name = 'log.csv'): Promise<Attachment> {
  return (await ctx.upload(user, await ctx.newSession(user), [file(name, 'a,b\n1,2\n')]))[0]!;
}

describe('POST /sessions', () => {
  it('creates a session of the caller with the generic title and empty lists', async () => {
    const user = await freshUser();
    const before = Date.now();
    const s = ok(await create(user, {}), 201);
    const after = Date.now();
    expect(Object.keys(s).sort()).toEqual(SESSION_KEYS);
    expect(s.session_id).toMatch(UUID);
    expect(s).toMatchObject({
      session_title: 'New session',
      session_description: null,
      session_created_by: user.email,
      attachments: [],
      imported_projects: [],
      is_starred: false,
      starred_at: null,
    });
    expect(s.session_created_at).toMatch(ISO_MS_Z);
    const at = Date.parse(s.session_created_at);
    expect(at).toBeGreaterThanOrEqual(before - 1000);
    expect(at).toBeLessThanOrEqual(after + 1000);
    expect(await fetched(user, s.session_id)).toEqual(s);
  });

  it('takes a title up to 500 characters and refuses 501', async () => {
    expect((await created(ann, { title: 'Bring-up of board rev C' })).session_title).toBe(
      'Bring-up of board rev C',
    );
    const longest = 't'.repeat(500);
    expect((await created(ann, { title: longest })).session_title).toBe(longest);
    expectProblem(await create(ann, { title: 't'.repeat(501) }), 400, ['body.title']);
    expectProblem(await create(ann, { title: 42 }), 400, ['body.title']);
  });

  it('refuses unknown fields by name and creates nothing', async () => {
    const user = await freshUser();
    expectProblem(await create(user, { title: 'x', colour: 'red' }), 400, ['body.colour']);
    expect((await listed(user)).count).toBe(0);
  });

  it('pre-associates attachments the caller can see; they keep their source session', async () => {
    const user = await freshUser();
    const source = (await ctx.newSession(user)).session_id;
    const files = await ctx.upload(user, source, [file('a.csv', 'a\n1\n'), file('b.txt', 'b')]);
    const s = await created(user, {
      title: 'Review',
      attachments: files.map((f) => ({ attachment_id: f.attachment_id })),
    });
    expect(attachmentIds(s)).toEqual(files.map((f) => f.attachment_id).sort());
    for (const a of s.attachments) expect(a.attachment_source_session_id).toBe(source);
    expect(attachmentIds(await fetched(user, s.session_id))).toEqual(attachmentIds(s));
    // Still in the source session as well: associating does not move a file.
    expect(attachmentIds(await fetched(user, source))).toEqual(attachmentIds(s));
  });

  it('takes the same attachment named twice once', async () => {
    const a = await oneFile(ann);
    const s = await created(ann, {
      attachments: [{ attachment_id: a.attachment_id }, { attachment_id: a.attachment_id }],
    });
    expect(attachmentIds(s)).toEqual([a.attachment_id]);
  });

  it('takes up to 100 attachment references and refuses 101', async () => {
    const a = await oneFile(ann);
    const refs = (n: number) => Array.from({ length: n }, () => ({ attachment_id: a.attachment_id }));
    expect(attachmentIds(await created(ann, { attachments: refs(100) }))).toEqual([a.attachment_id]);
    expectProblem(await create(ann, { attachments: refs(101) }), 400, ['body.attachments']);
  });

  it("refuses another user's or an unknown attachment by its index, and creates nothing", async () => {
    const user = await freshUser();
    const mine = await oneFile(user);
    const bobs = await oneFile(bob);
    const res = await create(user, {
      title: 'should not exist',
      attachments: [
        { attachment_id: mine.attachment_id },
        { attachment_id: bobs.attachment_id },
        { attachment_id: randomUUID() },
      ],
    });
    expectProblem(res, 400, ['body.attachments[1].attachment_id', 'body.attachments[2].attachment_id']);
    const page = await listed(user);
    expect(page.items.map((s) => s.session_title)).not.toContain('should not exist');
    expect(page.count).toBe(1); // the session oneFile uploaded into
  });

  it('refuses a malformed attachment reference by path', async () => {
    expectProblem(await create(ann, { attachments: [{ attachment_id: 'nope' }] }), 400, [
      'body.attachments[0].attachment_id',
    ]);
    expectProblem(await create(ann, { attachments: [{}] }), 400, ['body.attachments[0].attachment_id']);
    expectProblem(await create(ann, { attachments: [{ attachment_id: randomUUID(), x: 1 }] }), 400, [
      'body.attachments[0].x',
    ]);
  });
});

describe('GET /sessions', () => {
  it('lists only the caller’s live sessions, oldest first, without attachments', async () => {
    const user = await freshUser();
    const first = await created(user, { title: 'first' });
    await oneFile(user); // a second session, holding an attachment
    const third = await created(user, { title: 'third' });
    await created(bob, { title: 'bob’s' });
    const page = await listed(user);
    expect(page.count).toBe(3);
    expect(page.items.map((s) => s.session_title)).toEqual(['first', 'New session', 'third']);
    for (const item of page.items) expect(Object.keys(item).sort()).toEqual(LIST_KEYS);
    const firstItem: Partial<Session> = { ...first };
    delete firstItem.attachments;
    expect(page.items[0]).toEqual(firstItem);
    expect((await del(user, third.session_id)).status).toBe(204);
    const after = await listed(user);
    expect(after.count).toBe(2);
    expect(after.items.map((s) => s.session_id)).not.toContain(third.session_id);
  });

  it('pages with limit and offset; count is the total', async () => {
    const user = await freshUser();
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push((await created(user, { title: `s${i}` })).session_id);
    const page = await listed(user, { limit: '2', offset: '1' });
    expect(page.count).toBe(5);
    expect(page.items.map((s) => s.session_id)).toEqual(ids.slice(1, 3));
    expect((await listed(user, { limit: '1' })).items.map((s) => s.session_id)).toEqual(ids.slice(0, 1));
    expect((await listed(user, { limit: '1000' })).items).toHaveLength(5);
    const beyond = await listed(user, { offset: '5' });
    expect(beyond).toEqual({ items: [], count: 5 });
  });

  it('refuses limit outside 1..1000 and a negative offset', async () => {
    expectProblem(await list(ann, { limit: '0' }), 400, ['query.limit']);
    expectProblem(await list(ann, { limit: '1001' }), 400, ['query.limit']);
    expectProblem(await list(ann, { offset: '-1' }), 400, ['query.offset']);
    expectProblem(await list(ann, { limit: 'many' }), 400, ['query.limit']);
  });
});

describe('GET /sessions/{id}', () => {
  it('shows the session with its attachments', async () => {
    const sessionId = (await ctx.newSession(ann)).session_id;
    const files = await ctx.upload(ann, sessionId, [file('a.csv', 'a\n1\n'), file('b.csv', 'b\n2\n')]);
    const s = await fetched(ann, sessionId);
    expect(attachmentIds(s)).toEqual(files.map((f) => f.attachment_id).sort());
    expect(s.attachments.map((a) => a.attachment_name).sort()).toEqual(['a.csv', 'b.csv']);
  });

  it('answers 404 for an unknown or malformed id', async () => {
    expectProblem(await get(ann, randomUUID()), 404);
    expectProblem(await get(ann, 'not-a-uuid'), 404);
  });
});

describe('PUT /sessions/{id}', () => {
  it('changes only the fields given', async () => {
    const s = await created(ann, { title: 'before' });
    const described = ok(await put(ann, s.session_id, { description: 'Thermal test of the PSU' }));
    expect(described).toEqual({ ...s, session_description: 'Thermal test of the PSU' });
    const renamed = await put(ann, s.session_id, { title: 'after' });
    expect(renamed.body).toEqual({
      ...s,
      session_title: 'after',
      session_description: 'Thermal test of the PSU',
    });
    const nothing = await put(ann, s.session_id, {});
    expect(nothing.status).toBe(200);
    expect(nothing.body).toEqual(renamed.body);
    expect(await fetched(ann, s.session_id)).toEqual(renamed.body);
  });

  it('keeps the attachments in the answer', async () => {
    const a = await oneFile(ann);
    const s = await created(ann, { attachments: [{ attachment_id: a.attachment_id }] });
    const res = await put(ann, s.session_id, { title: 'renamed' });
    expect(attachmentIds(res.body)).toEqual([a.attachment_id]);
  });

  it('stars, keeps the first starred_at when starred again, and unstars', async () => {
    const s = await created(ann);
    const before = Date.now();
    const starred = (await put(ann, s.session_id, { starred: true })).body;
    const after = Date.now();
    expect(starred.is_starred).toBe(true);
    expect(starred.starred_at).toMatch(ISO_MS_Z);
    expect(Date.parse(starred.starred_at!)).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(starred.starred_at!)).toBeLessThanOrEqual(after + 1000);

    const again = (await put(ann, s.session_id, { starred: true, title: 'renamed' })).body;
    expect(again.is_starred).toBe(true);
    expect(again.starred_at).toBe(starred.starred_at);
    expect(again.session_title).toBe('renamed');

    const titled = (await put(ann, s.session_id, { title: 'still starred' })).body;
    expect(titled.starred_at).toBe(starred.starred_at);

    const unstarred = (await put(ann, s.session_id, { starred: false })).body;
    expect(unstarred).toMatchObject({ is_starred: false, starred_at: null, session_title: 'still starred' });
    const stillUnstarred = (await put(ann, s.session_id, { starred: false })).body;
    expect(stillUnstarred).toMatchObject({ is_starred: false, starred_at: null });
    expect(await fetched(ann, s.session_id)).toEqual(stillUnstarred);
  });

  it('takes a title up to 500 and a description up to 10,000 characters, refusing one more', async () => {
    const s = await created(ann);
    const title = 'x'.repeat(500);
    const description = 'd'.repeat(10_000);
    const saved = ok(await put(ann, s.session_id, { title, description }));
    expect(saved).toMatchObject({ session_title: title, session_description: description });
    expectProblem(await put(ann, s.session_id, { title: 'x'.repeat(501) }), 400, ['body.title']);
    expectProblem(await put(ann, s.session_id, { description: 'd'.repeat(10_001) }), 400, [
      'body.description',
    ]);
    expectProblem(
      await put(ann, s.session_id, { title: 'y'.repeat(501), description: 'e'.repeat(10_001) }),
      400,
      ['body.title', 'body.description'],
    );
    expect(await fetched(ann, s.session_id)).toMatchObject({
      session_title: title,
      session_description: description,
    });
  });

  it('refuses unknown fields and wrong types by name, changing nothing', async () => {
    const s = await created(ann, { title: 'unchanged' });
    expectProblem(await put(ann, s.session_id, { title: 'changed', owner: 'bob' }), 400, ['body.owner']);
    expectProblem(await put(ann, s.session_id, { starred: 'yes' }), 400, ['body.starred']);
    expectProblem(await put(ann, s.session_id, { description: null }), 400, ['body.description']);
    expect(await fetched(ann, s.session_id)).toEqual(s);
  });

  it('answers 404 for an unknown session', async () => {
    expectProblem(await put(ann, randomUUID(), { title: 'x' }), 404);
  });
});

describe('DELETE /sessions/{id}', () => {
  it('answers 204 with no body; the session is gone everywhere', async () => {
    const s = await created(ann, { title: 'to delete' });
    const res = await del(ann, s.session_id);
    expect(res.status).toBe(204);
    expect(res.body).toBe('');
    expectProblem(await get(ann, s.session_id), 404);
    expectProblem(await put(ann, s.session_id, { title: 'back' }), 404);
    expectProblem(await del(ann, s.session_id), 404);
    expectProblem(await uploadFiles(ann, s.session_id, [file('late.csv', 'a\n')]), 404);
    const page = await listed(ann, { limit: '1000' });
    expect(page.items.map((i) => i.session_id)).not.toContain(s.session_id);
  });

  it('answers 404 for an unknown or malformed id', async () => {
    expectProblem(await del(ann, randomUUID()), 404);
    expectProblem(await del(ann, 'nope'), 404);
  });
});

describe('DELETE /sessions/{id}/attachments/{attachment_id}', () => {
  it('detaches: the session no longer holds it, the attachment itself stays', async () => {
    const sessionId = (await ctx.newSession(ann)).session_id;
    const [keep, drop] = await ctx.upload(ann, sessionId, [
      file('keep.csv', 'k\n1\n'),
      file('drop.csv', 'd\n1\n'),
    ]);
    const res = await detach(ann, sessionId, drop!.attachment_id);
    expect(ok(res, 204)).toBe('');
    expect(attachmentIds(await fetched(ann, sessionId))).toEqual([keep!.attachment_id]);
    ok(await ann.call('GET', `/attachments/${drop!.attachment_id}`));
    const attachments = (query: Record<string, string>) =>
      ann.call<Page<Attachment>>('GET', '/attachments', undefined, { query });
    const all = ok(await attachments({ limit: '1000' }));
    expect(all.items.map((a) => a.attachment_id)).toContain(drop!.attachment_id);
    const inSession = ok(await attachments({ session_id: sessionId }));
    expect(inSession.items.map((a) => a.attachment_id)).toEqual([keep!.attachment_id]);
    // Twice is not found: it is no longer in the session.
    expectProblem(await detach(ann, sessionId, drop!.attachment_id), 404);
  });

  it('answers 404 for an attachment that is not in the session, and changes nothing', async () => {
    const here = (await ctx.newSession(ann)).session_id;
    const [inside] = await ctx.upload(ann, here, [file('in.csv', 'a\n')]);
    const elsewhere = await oneFile(ann);
    expectProblem(await detach(ann, here, elsewhere.attachment_id), 404);
    expectProblem(await detach(ann, here, randomUUID()), 404);
    expectProblem(await detach(ann, here, 'not-a-uuid'), 404);
    expectProblem(await detach(ann, randomUUID(), inside!.attachment_id), 404);
    expect(attachmentIds(await fetched(ann, here))).toEqual([inside!.attachment_id]);
  });
});

describe('isolation between users', () => {
  it('another user cannot see, change, delete, upload to or detach from a session (404)', async () => {
    const sessionId = (await ctx.newSession(ann, { title: 'ann private' })).session_id;
    const [a] = await ctx.upload(ann, sessionId, [file('secret.csv', 's\n1\n')]);
    const original = await fetched(ann, sessionId);

    expectProblem(await get(bob, sessionId), 404);
    expectProblem(await put(bob, sessionId, { title: 'pwned', starred: true }), 404);
    expectProblem(await del(bob, sessionId), 404);
    expectProblem(await uploadFiles(bob, sessionId, [file('planted.csv', 'x\n')]), 404);
    expectProblem(await detach(bob, sessionId, a!.attachment_id), 404);
    const bobs = await listed(bob, { limit: '1000' });
    expect(bobs.items.map((s) => s.session_id)).not.toContain(sessionId);

    expect(await fetched(ann, sessionId)).toEqual(original);
  });

  it("another user cannot detach someone's attachment from their own session", async () => {
    const a = await oneFile(ann);
    const bobSession = (await ctx.newSession(bob)).session_id;
    expectProblem(await detach(bob, bobSession, a.attachment_id), 404);
    expectProblem(await create(bob, { attachments: [{ attachment_id: a.attachment_id }] }), 400, [
      'body.attachments[0].attachment_id',
    ]);
  });

  it('answers 401 without a user', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: `/api/v1${BASE}` });
    expectProblem(res, 401);
  });
});
