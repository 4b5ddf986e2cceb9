// The Sessions endpoints as a client sees them: the Session resource, create with pre-associated
// attachments, listing without attachments, partial PUT with starring, delete, detaching an
// attachment, every limit on both sides, and one user never seeing or changing another's sessions.
// Uploading itself is upload.test.ts. One app for the file; tests that count make their own user.
import { randomBytes, randomUUID } from 'node:crypto';
import type { InjectOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestContext } from '../../../test/helpers.js';
import { file, newSession, uploaded, uploadFiles } from '../../../test/multipart.js';
import { expectProblem } from '../../../test/problems.js';

const BASE = '/api/v1/sessions';
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
const ISO_MS_Z = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

interface Attachment {
  attachment_id: string;
  attachment_name: string;
  attachment_source_session_id: string | null;
}

interface Session {
  session_id: string;
  session_title: string | null;
  session_description: string | null;
  session_created_by: string;
  session_created_at: string;
  attachments: Attachment[];
  imported_projects: string[];
  is_starred: boolean;
  starred_at: string | null;
}

let ctx: TestContext;
let ann: string;
let bob: string;

beforeAll(async () => {
  ctx = await testApp();
  ann = await ctx.tokenFor('ann@example.com');
  bob = await ctx.tokenFor('bob@example.com');
});

/** A user of one test only, so lists and counts hold just what the test made. */
async function freshUser(): Promise<{ token: string; email: string }> {
  const email = `u${randomBytes(4).toString('hex')}@example.com`;
  return { token: await ctx.tokenFor(email), email };
}

const call = (token: string, request: InjectOptions) => ctx.as(token, request);
const create = (token: string, payload: object) => call(token, { method: 'POST', url: BASE, payload });
const get = (token: string, id: string) => call(token, { method: 'GET', url: `${BASE}/${id}` });
const put = (token: string, id: string, payload: object) =>
  call(token, { method: 'PUT', url: `${BASE}/${id}`, payload });
const del = (token: string, id: string) => call(token, { method: 'DELETE', url: `${BASE}/${id}` });
const list = (token: string, query: Record<string, string> = {}) =>
  call(token, { method: 'GET', url: BASE, query });
const detach = (token: string, sessionId: string, attachmentId: string) =>
  call(token, { method: 'DELETE', url: `${BASE}/${sessionId}/attachments/${attachmentId}` });
const attachmentIds = (s: { attachments: Attachment[] }) => s.attachments.map((a) => a.attachment_id).sort();

async function created(token: string, payload: object = {}): Promise<Session> {
  const res = await create(token, payload);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Session>();
}

async function fetched(token: string, id: string): Promise<Session> {
  const res = await get(token, id);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Session>();
}

async function listed(token: string, query: Record<string, string> = {}) {
  const res = await list(token, query);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ items: Session[]; count: number }>();
}

async function oneFile(token: string, name = 'log.csv'): Promise<Attachment> {
  return (await uploaded<Attachment>(ctx, token, [file(name, 'a,b\n1,2\n')]))[0]!;
}

describe('POST /sessions', () => {
  it('creates a session of the caller with the generic title and empty lists', async () => {
    const { token, email } = await freshUser();
    const before = Date.now();
    const res = await create(token, {});
    const after = Date.now();
    expect(res.statusCode, res.body).toBe(201);
    const s = res.json<Session>();
    expect(Object.keys(s).sort()).toEqual(SESSION_KEYS);
    expect(s.session_id).toMatch(UUID);
    expect(s).toMatchObject({
      session_title: 'New session',
      session_description: null,
      session_created_by: email,
      attachments: [],
      imported_projects: [],
      is_starred: false,
      starred_at: null,
    });
    expect(s.session_created_at).toMatch(ISO_MS_Z);
    const at = Date.parse(s.session_created_at);
    expect(at).toBeGreaterThanOrEqual(before - 1000);
    expect(at).toBeLessThanOrEqual(after + 1000);
    expect(await fetched(token, s.session_id)).toEqual(s);
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
    const { token } = await freshUser();
    expectProblem(await create(token, { title: 'x', colour: 'red' }), 400, ['body.colour']);
    expect((await listed(token)).count).toBe(0);
  });

  it('pre-associates attachments the caller can see; they keep their source session', async () => {
    const { token } = await freshUser();
    const source = await newSession(ctx, token);
    const files = await uploaded<Attachment>(
      ctx,
      token,
      [file('a.csv', 'a\n1\n'), file('b.txt', 'b')],
      source,
    );
    const s = await created(token, {
      title: 'Review',
      attachments: files.map((f) => ({ attachment_id: f.attachment_id })),
    });
    expect(attachmentIds(s)).toEqual(files.map((f) => f.attachment_id).sort());
    for (const a of s.attachments) expect(a.attachment_source_session_id).toBe(source);
    expect(attachmentIds(await fetched(token, s.session_id))).toEqual(attachmentIds(s));
    // Still in the source session as well: associating does not move a file.
    expect(attachmentIds(await fetched(token, source))).toEqual(attachmentIds(s));
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
    const { token } = await freshUser();
    const mine = await oneFile(token);
    const bobs = await oneFile(bob);
    const res = await create(token, {
      title: 'should not exist',
      attachments: [
        { attachment_id: mine.attachment_id },
        { attachment_id: bobs.attachment_id },
        { attachment_id: randomUUID() },
      ],
    });
    expectProblem(res, 400, ['body.attachments[1].attachment_id', 'body.attachments[2].attachment_id']);
    const page = await listed(token);
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
    const { token } = await freshUser();
    const first = await created(token, { title: 'first' });
    await oneFile(token); // a second session, holding an attachment
    const third = await created(token, { title: 'third' });
    await created(bob, { title: 'bob’s' });
    const page = await listed(token);
    expect(page.count).toBe(3);
    expect(page.items.map((s) => s.session_title)).toEqual(['first', 'New session', 'third']);
    for (const item of page.items) expect(Object.keys(item).sort()).toEqual(LIST_KEYS);
    const firstItem: Partial<Session> = { ...first };
    delete firstItem.attachments;
    expect(page.items[0]).toEqual(firstItem);
    expect((await del(token, third.session_id)).statusCode).toBe(204);
    const after = await listed(token);
    expect(after.count).toBe(2);
    expect(after.items.map((s) => s.session_id)).not.toContain(third.session_id);
  });

  it('pages with limit and offset; count is the total', async () => {
    const { token } = await freshUser();
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push((await created(token, { title: `s${i}` })).session_id);
    const page = await listed(token, { limit: '2', offset: '1' });
    expect(page.count).toBe(5);
    expect(page.items.map((s) => s.session_id)).toEqual(ids.slice(1, 3));
    expect((await listed(token, { limit: '1' })).items.map((s) => s.session_id)).toEqual(ids.slice(0, 1));
    expect((await listed(token, { limit: '1000' })).items).toHaveLength(5);
    const beyond = await listed(token, { offset: '5' });
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
    const sessionId = await newSession(ctx, ann);
    const files = await uploaded<Attachment>(
      ctx,
      ann,
      [file('a.csv', 'a\n1\n'), file('b.csv', 'b\n2\n')],
      sessionId,
    );
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
    const described = await put(ann, s.session_id, { description: 'Thermal test of the PSU' });
    expect(described.statusCode, described.body).toBe(200);
    expect(described.json<Session>()).toEqual({ ...s, session_description: 'Thermal test of the PSU' });
    const renamed = await put(ann, s.session_id, { title: 'after' });
    expect(renamed.json<Session>()).toEqual({
      ...s,
      session_title: 'after',
      session_description: 'Thermal test of the PSU',
    });
    const nothing = await put(ann, s.session_id, {});
    expect(nothing.statusCode).toBe(200);
    expect(nothing.json<Session>()).toEqual(renamed.json<Session>());
    expect(await fetched(ann, s.session_id)).toEqual(renamed.json<Session>());
  });

  it('keeps the attachments in the answer', async () => {
    const a = await oneFile(ann);
    const s = await created(ann, { attachments: [{ attachment_id: a.attachment_id }] });
    const res = await put(ann, s.session_id, { title: 'renamed' });
    expect(attachmentIds(res.json<Session>())).toEqual([a.attachment_id]);
  });

  it('stars, keeps the first starred_at when starred again, and unstars', async () => {
    const s = await created(ann);
    const before = Date.now();
    const starred = (await put(ann, s.session_id, { starred: true })).json<Session>();
    const after = Date.now();
    expect(starred.is_starred).toBe(true);
    expect(starred.starred_at).toMatch(ISO_MS_Z);
    expect(Date.parse(starred.starred_at!)).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(starred.starred_at!)).toBeLessThanOrEqual(after + 1000);

    const again = (await put(ann, s.session_id, { starred: true, title: 'renamed' })).json<Session>();
    expect(again.is_starred).toBe(true);
    expect(again.starred_at).toBe(starred.starred_at);
    expect(again.session_title).toBe('renamed');

    const titled = (await put(ann, s.session_id, { title: 'still starred' })).json<Session>();
    expect(titled.starred_at).toBe(starred.starred_at);

    const unstarred = (await put(ann, s.session_id, { starred: false })).json<Session>();
    expect(unstarred).toMatchObject({ is_starred: false, starred_at: null, session_title: 'still starred' });
    const stillUnstarred = (await put(ann, s.session_id, { starred: false })).json<Session>();
    expect(stillUnstarred).toMatchObject({ is_starred: false, starred_at: null });
    expect(await fetched(ann, s.session_id)).toEqual(stillUnstarred);
  });

  it('takes a title up to 500 and a description up to 10,000 characters, refusing one more', async () => {
    const s = await created(ann);
    const title = 'x'.repeat(500);
    const description = 'd'.repeat(10_000);
    const ok = await put(ann, s.session_id, { title, description });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json<Session>()).toMatchObject({ session_title: title, session_description: description });
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
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expectProblem(await get(ann, s.session_id), 404);
    expectProblem(await put(ann, s.session_id, { title: 'back' }), 404);
    expectProblem(await del(ann, s.session_id), 404);
    expectProblem(await uploadFiles(ctx, ann, s.session_id, [file('late.csv', 'a\n')]), 404);
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
    const sessionId = await newSession(ctx, ann);
    const [keep, drop] = await uploaded<Attachment>(
      ctx,
      ann,
      [file('keep.csv', 'k\n1\n'), file('drop.csv', 'd\n1\n')],
      sessionId,
    );
    const res = await detach(ann, sessionId, drop!.attachment_id);
    expect(res.statusCode, res.body).toBe(204);
    expect(res.body).toBe('');
    expect(attachmentIds(await fetched(ann, sessionId))).toEqual([keep!.attachment_id]);
    const still = await call(ann, { method: 'GET', url: `/api/v1/attachments/${drop!.attachment_id}` });
    expect(still.statusCode, still.body).toBe(200);
    const all = await call(ann, { method: 'GET', url: '/api/v1/attachments', query: { limit: '1000' } });
    expect(all.json<{ items: Attachment[] }>().items.map((a) => a.attachment_id)).toContain(
      drop!.attachment_id,
    );
    const inSession = await call(ann, {
      method: 'GET',
      url: '/api/v1/attachments',
      query: { session_id: sessionId },
    });
    expect(inSession.json<{ items: Attachment[] }>().items.map((a) => a.attachment_id)).toEqual([
      keep!.attachment_id,
    ]);
    // Twice is not found: it is no longer in the session.
    expectProblem(await detach(ann, sessionId, drop!.attachment_id), 404);
  });

  it('answers 404 for an attachment that is not in the session, and changes nothing', async () => {
    const here = await newSession(ctx, ann);
    const [inside] = await uploaded<Attachment>(ctx, ann, [file('in.csv', 'a\n')], here);
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
    const sessionId = await newSession(ctx, ann, 'ann private');
    const [a] = await uploaded<Attachment>(ctx, ann, [file('secret.csv', 's\n1\n')], sessionId);
    const original = await fetched(ann, sessionId);

    expectProblem(await get(bob, sessionId), 404);
    expectProblem(await put(bob, sessionId, { title: 'pwned', starred: true }), 404);
    expectProblem(await del(bob, sessionId), 404);
    expectProblem(await uploadFiles(ctx, bob, sessionId, [file('planted.csv', 'x\n')]), 404);
    expectProblem(await detach(bob, sessionId, a!.attachment_id), 404);
    const bobs = await listed(bob, { limit: '1000' });
    expect(bobs.items.map((s) => s.session_id)).not.toContain(sessionId);

    expect(await fetched(ann, sessionId)).toEqual(original);
  });

  it("another user cannot detach someone's attachment from their own session", async () => {
    const a = await oneFile(ann);
    const bobSession = await newSession(ctx, bob);
    expectProblem(await detach(bob, bobSession, a.attachment_id), 404);
    expectProblem(await create(bob, { attachments: [{ attachment_id: a.attachment_id }] }), 400, [
      'body.attachments[0].attachment_id',
    ]);
  });

  it('answers 401 without a token', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: BASE });
    expectProblem(res, 401);
  });
});
