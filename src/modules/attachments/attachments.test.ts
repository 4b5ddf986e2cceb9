// The Attachments endpoints as a client sees them: who sees what in GET /attachments (the caller's
// own files and the service's files in the caller's sessions, never another user's), its filters and
// paging, the detail with its preview and storage URL, PATCH of the editable fields with their limits,
// the export link, and another user getting 404 for everything. Downloads are downloads.test.ts.
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { afterFile, ok, testApp, type TestContext, type TestUser } from '../../../test/helpers.js';
import { ATTACHMENT_KEYS, PDF, PNG, file, type FilePart } from '../../../test/multipart.js';
import { expectProblem } from '../../../test/problems.js';
import type { Page } from '../../core/schemas.js';
import { attachments as attachmentsTable, sessionAttachments } from '../../db/schema.js';
import type { Session } from '../sessions/sessions.schemas.js';
import type { Attachment, AttachmentDetail, ExportResult } from './attachments.schemas.js';

const BASE = '/attachments';
const DETAIL_KEYS = [...ATTACHMENT_KEYS, 'attachment_content', 'storage_url'].sort();
const MiB = 1024 * 1024;

let ctx: TestContext;
let storageDir: string;
let ann: TestUser;
let bob: TestUser;

beforeAll(async () => {
  storageDir = mkdtempSync(path.join(os.tmpdir(), 'hwa-attachments-test-'));
  afterFile(() => fs.rm(storageDir, { recursive: true, force: true }));
  ctx = await testApp({ env: { HWA_STORAGE_DIR: storageDir } });
  ann = await ctx.newUser({ email: 'ann@example.com' });
  bob = await ctx.newUser({ email: 'bob@example.com' });
});

const freshUser = () => ctx.newUser();
const newSessionId = async (user: TestUser) => (await ctx.newSession(user)).session_id;
const list = (user: TestUser, query: Record<string, string> = {}) =>
  user.call<Page<Attachment>>('GET', BASE, undefined, { query });
const get = (user: TestUser, id: string) => user.call<AttachmentDetail>('GET', `${BASE}/${id}`);
const patch = (user: TestUser, id: string, body: object) =>
  user.call<Attachment>('PATCH', `${BASE}/${id}`, body);
const exportLink = (user: TestUser, id: string) => user.call<ExportResult>('POST', `${BASE}/${id}/export`);

const listed = async (user: TestUser, query: Record<string, string> = {}) => ok(await list(user, query));

const ids = (page: { items: Attachment[] }) => page.items.map((a) => a.attachment_id);

const detail = async (user: TestUser, id: string) => ok(await get(user, id));

/** The list form of a detail: without attachment_content and storage_url. */
function summaryOf(d: AttachmentDetail): Attachment {
  const copy: Partial<AttachmentDetail> = { ...d };
  delete copy.attachment_content;
  delete copy.storage_url;
  return copy as Attachment;
}

/** One file uploaded by `user` into `session` (a new session of theirs unless given). */
async function one(user: TestUser, part: FilePart, session?: Session | string): Promise<Attachment> {
  return (await ctx.upload(user, session ?? (await ctx.newSession(user)), [part]))[0]!;
}

/** The preview the detail shows for a file named `name` holding `body`. */
async function previewOf(
  name: string,
  body: string | Buffer,
): Promise<AttachmentDetail['attachment_content']> {
  return (await detail(ann, (await one(ann, file(name, body))).attachment_id)).attachment_content;
}

/** A file the service made (created_by "assistant", no owner), linked to `sessionIds`. */
async function assistantFile(sessionIds: string[], name = 'analysis.csv'): Promise<string> {
  const id = randomUUID();
  await ctx.database.db.insert(attachmentsTable).values({
    id,
    userId: null,
    createdBy: 'assistant',
    name,
    attachmentType: 'csv',
    contentType: 'text/csv',
    size: 4,
    storageKey: `attachments/generated/${id}`,
    sourceSessionId: sessionIds[0] ?? null,
  });
  for (const sessionId of sessionIds) {
    await ctx.database.db.insert(sessionAttachments).values({ sessionId, attachmentId: id });
  }
  return id;
}

async function setCreatedAt(id: string, at: string): Promise<void> {
  await ctx.database.db
    .update(attachmentsTable)
    .set({ createdAt: new Date(at) })
    .where(eq(attachmentsTable.id, id));
}

describe('GET /attachments: whose files', () => {
  it("lists the caller's own files and never another user's", async () => {
    const mine = await one(ann, file('mine.csv', 'a\n1\n'));
    const bobs = await one(bob, file('bobs.csv', 'b\n2\n'));
    const annPage = await listed(ann, { limit: '1000' });
    expect(ids(annPage)).toContain(mine.attachment_id);
    expect(ids(annPage)).not.toContain(bobs.attachment_id);
    const bobPage = await listed(bob, { limit: '1000' });
    expect(ids(bobPage)).toContain(bobs.attachment_id);
    expect(ids(bobPage)).not.toContain(mine.attachment_id);
    const item = annPage.items.find((a) => a.attachment_id === mine.attachment_id)!;
    expect(Object.keys(item).sort()).toEqual(ATTACHMENT_KEYS);
    expect(item).toEqual(mine);
  });

  it("includes the service's files in the caller's live sessions only", async () => {
    const user = await freshUser();
    const live = await newSessionId(user);
    const doomed = await newSessionId(user);
    const bobSession = await newSessionId(bob);
    const inLive = await assistantFile([live], 'summary.csv');
    const inDoomed = await assistantFile([doomed]);
    const inBobs = await assistantFile([bobSession]);
    const nowhere = await assistantFile([]);

    const page = await listed(user);
    expect(ids(page).sort()).toEqual([inLive, inDoomed].sort());
    expect(page.count).toBe(2);
    expect(page.items.find((a) => a.attachment_id === inLive)).toMatchObject({
      attachment_name: 'summary.csv',
      attachment_created_by: 'assistant',
      attachment_source_session_id: live,
    });
    const shown = await detail(user, inLive);
    expect(shown.attachment_created_by).toBe('assistant');
    expect(ids(await listed(user, { session_id: live }))).toEqual([inLive]);

    ok(await user.call('DELETE', `/sessions/${doomed}`), 204);
    expect(ids(await listed(user))).toEqual([inLive]);
    expectProblem(await get(user, inDoomed), 404);
    expectProblem(await get(user, inBobs), 404);
    expectProblem(await get(user, nowhere), 404);
    expect(ids(await listed(bob, { limit: '1000' }))).toContain(inBobs);
    expect(ids(await listed(bob, { limit: '1000' }))).not.toContain(inLive);
  });
});

describe('GET /attachments: filters and paging', () => {
  it('filters by session', async () => {
    const user = await freshUser();
    const s1 = await newSessionId(user);
    const s2 = await newSessionId(user);
    const a = await one(user, file('a.csv', 'a\n'), s1);
    const b = await one(user, file('b.csv', 'b\n'), s2);
    const shared = await ctx.newSession(user, {
      attachments: [{ attachment_id: a.attachment_id }, { attachment_id: b.attachment_id }],
    });
    const s3 = shared.session_id;
    expect(await listed(user, { session_id: s1 })).toEqual({ items: [a], count: 1 });
    expect(await listed(user, { session_id: s2 })).toEqual({ items: [b], count: 1 });
    expect(ids(await listed(user, { session_id: s3 }))).toEqual([a.attachment_id, b.attachment_id]);
    expect(await listed(user, { session_id: randomUUID() })).toEqual({ items: [], count: 0 });
    // Another user's session shows the caller nothing, even though it holds files.
    const bobSession = await newSessionId(bob);
    await one(bob, file('bob.csv', 'x\n'), bobSession);
    expect(await listed(user, { session_id: bobSession })).toEqual({ items: [], count: 0 });
    expectProblem(await list(user, { session_id: 'nope' }), 400, ['query.session_id']);
  });

  it('filters by type, whatever its case', async () => {
    const user = await freshUser();
    const sessionId = await newSessionId(user);
    const files = await ctx.upload(user, sessionId, [
      file('d.pdf', PDF),
      file('x.csv', 'a\n'),
      file('y.csv', 'b\n'),
      file('p.png', PNG),
    ]);
    const [pdf, x, y, png] = files.map((f) => f.attachment_id);
    expect(ids(await listed(user, { attachment_type: 'csv' })).sort()).toEqual([x, y].sort());
    expect(ids(await listed(user, { attachment_type: 'CSV' })).sort()).toEqual([x, y].sort());
    expect(ids(await listed(user, { attachment_type: 'pdf' }))).toEqual([pdf]);
    expect(ids(await listed(user, { attachment_type: 'png' }))).toEqual([png]);
    expect(await listed(user, { attachment_type: 'docx' })).toEqual({ items: [], count: 0 });
  });

  it('filters by creation time, with any UTC offset', async () => {
    const user = await freshUser();
    const a = await one(user, file('jan.csv', 'a\n'));
    const b = await one(user, file('feb.csv', 'b\n'));
    const c = await one(user, file('mar.csv', 'c\n'));
    await setCreatedAt(a.attachment_id, '2020-01-01T00:00:00.000Z');
    await setCreatedAt(b.attachment_id, '2020-02-01T00:00:00.000Z');
    await setCreatedAt(c.attachment_id, '2020-03-01T00:00:00.000Z');
    const [ia, ib, ic] = [a.attachment_id, b.attachment_id, c.attachment_id];
    expect(ids(await listed(user, { created_after: '2020-01-15T00:00:00.000Z' }))).toEqual([ib, ic]);
    expect(ids(await listed(user, { created_before: '2020-02-15T00:00:00Z' }))).toEqual([ia, ib]);
    const between = await listed(user, {
      created_after: '2020-01-15T00:00:00.000Z',
      created_before: '2020-02-15T00:00:00.000Z',
    });
    expect(between).toMatchObject({ count: 1 });
    expect(ids(between)).toEqual([ib]);
    // 2020-01-31T23:30-01:00 is 2020-02-01T00:30Z: after b.
    expect(ids(await listed(user, { created_after: '2020-01-31T23:30:00-01:00' }))).toEqual([ic]);
    const listedB = (await listed(user, { created_after: '2020-01-15T00:00:00Z', limit: '1' })).items[0]!;
    expect(listedB.attachment_created_at).toBe('2020-02-01T00:00:00.000Z');
    expect(await listed(user, { created_after: '2021-01-01T00:00:00Z' })).toEqual({ items: [], count: 0 });
  });

  it('refuses a creation time that is not ISO 8601 date-time', async () => {
    expectProblem(await list(ann, { created_after: 'yesterday' }), 400, ['query.created_after']);
    expectProblem(await list(ann, { created_before: '2020-01-01' }), 400, ['query.created_before']);
    expectProblem(await list(ann, { created_after: '2020-13-01T00:00:00Z', created_before: 'soon' }), 400, [
      'query.created_after',
      'query.created_before',
    ]);
  });

  it('pages oldest first with limit and offset; count is the total', async () => {
    const user = await freshUser();
    const made: string[] = [];
    for (let i = 0; i < 5; i++) made.push((await one(user, file(`f${i}.csv`, `${i}\n`))).attachment_id);
    expect(await listed(user)).toMatchObject({ count: 5 });
    expect(ids(await listed(user))).toEqual(made);
    const page = await listed(user, { limit: '2', offset: '2' });
    expect(page.count).toBe(5);
    expect(ids(page)).toEqual(made.slice(2, 4));
    expect(ids(await listed(user, { limit: '1' }))).toEqual(made.slice(0, 1));
    expect(ids(await listed(user, { limit: '1000' }))).toEqual(made);
    expect(await listed(user, { offset: '5' })).toEqual({ items: [], count: 5 });
    expect((await listed(user, { attachment_type: 'csv', limit: '1' })).count).toBe(5);
  });

  it('refuses limit outside 1..1000, a negative offset and unknown parameters', async () => {
    expectProblem(await list(ann, { limit: '0' }), 400, ['query.limit']);
    expectProblem(await list(ann, { limit: '1001' }), 400, ['query.limit']);
    expectProblem(await list(ann, { offset: '-1' }), 400, ['query.offset']);
    expectProblem(await list(ann, { owner: 'bob' }), 400, ['query.owner']);
  });
});

describe('GET /attachments/{id}', () => {
  it('adds the preview and a file:// storage URL inside the storage directory holding the bytes', async () => {
    const body = 'time,voltage\n0,28.1\n1,27.9\n';
    const a = await one(ann, file('telemetry.csv', body));
    const d = await detail(ann, a.attachment_id);
    expect(Object.keys(d).sort()).toEqual(DETAIL_KEYS);
    expect(summaryOf(d)).toEqual(a);
    expect(d.storage_url).toMatch(/^file:\/\//);
    const onDisk = fileURLToPath(d.storage_url!);
    expect(onDisk.startsWith(path.resolve(storageDir) + path.sep)).toBe(true);
    expect(await fs.readFile(onDisk, 'utf8')).toBe(body);
  });

  it('answers 404 for an unknown or malformed id', async () => {
    expectProblem(await get(ann, randomUUID()), 404);
    expectProblem(await get(ann, 'not-a-uuid'), 404);
  });
});

describe('attachment_content previews', () => {
  it('a CSV: its columns and rows', async () => {
    expect(await previewOf('t.csv', 'time,voltage\n0,28.1\n1,27.9\n')).toEqual({
      format: 'csv',
      columns: ['time', 'voltage'],
      rows: [
        ['0', '28.1'],
        ['1', '27.9'],
      ],
      complete: true,
    });
  });

  it('a CSV with a byte-order mark, quoted fields and ragged rows', async () => {
    const csv = '\uFEFFpart,"note, free text"\r\nR1,"10k, 1%"\r\nC3,"multi\nline",extra\r\n\r\nU2\r\n';
    expect(await previewOf('bom.csv', csv)).toEqual({
      format: 'csv',
      columns: ['part', 'note, free text'],
      rows: [['R1', '10k, 1%'], ['C3', 'multi\nline', 'extra'], ['U2']],
      complete: true,
    });
  });

  it('a CSV of 25 rows shows the first 20 and is not complete', async () => {
    const rows = Array.from({ length: 25 }, (_, i) => [String(i), String(i * i)]);
    const preview = await previewOf('squares.csv', `n,square\n${rows.map((r) => r.join(',')).join('\n')}\n`);
    expect(preview).toEqual({
      format: 'csv',
      columns: ['n', 'square'],
      rows: rows.slice(0, 20),
      complete: false,
    });
  });

  it.each([
    [20, true],
    [21, false],
  ])('a CSV of %i rows (the preview shows 20) is complete: %s', async (count, complete) => {
    const rows = Array.from({ length: count }, (_, i) => [String(i), `r${i}`]);
    const csv = `n,label\r\n${rows.map((r) => r.join(',')).join('\r\n')}\r\n\r\n`;
    expect(await previewOf(`rows-${count}.csv`, csv)).toEqual({
      format: 'csv',
      columns: ['n', 'label'],
      rows: rows.slice(0, 20),
      complete,
    });
  });

  /** A CSV of exactly `size` bytes: a header, three long rows, then a last row padded to fill it. */
  function csvOfSize(size: number): { text: string; rows: string[][] } {
    const header = 'id,payload\n';
    const rows = [1, 2, 3].map((i) => [String(i), String.fromCharCode(96 + i).repeat(300_000)]);
    const head = header + rows.map((r) => `${r.join(',')}\n`).join('');
    const last = ['4', 'z'.repeat(size - head.length - '4,\n'.length)];
    return { text: `${head}${last.join(',')}\n`, rows: [...rows, last] };
  }

  it('a CSV of exactly 1 MiB is previewed whole; one byte more drops the cut last line', async () => {
    const exact = csvOfSize(MiB);
    expect(Buffer.byteLength(exact.text)).toBe(MiB);
    expect(await previewOf('exact.csv', exact.text)).toEqual({
      format: 'csv',
      columns: ['id', 'payload'],
      rows: exact.rows,
      complete: true,
    });
    const over = csvOfSize(MiB + 1);
    expect(Buffer.byteLength(over.text)).toBe(MiB + 1);
    expect(await previewOf('over.csv', over.text)).toEqual({
      format: 'csv',
      columns: ['id', 'payload'],
      rows: over.rows.slice(0, 3),
      complete: false,
    });
  });

  it('a JSON array of objects: the union of their keys as columns, and the rows', async () => {
    const data = [
      { ch: 1, volts: 3.3 },
      { ch: 2, volts: 5, label: 'VBUS' },
      { ch: 3, ok: true },
    ];
    expect(await previewOf('channels.json', JSON.stringify(data))).toEqual({
      format: 'json',
      columns: ['ch', 'volts', 'label', 'ok'],
      rows: data,
      complete: true,
    });
  });

  it.each([
    [20, true],
    [21, false],
    [25, false],
  ])('a JSON array of %i objects shows the first 20 and is complete: %s', async (count, complete) => {
    const data = Array.from({ length: count }, (_, i) => ({ i }));
    expect(await previewOf(`many-${count}.json`, JSON.stringify(data))).toEqual({
      format: 'json',
      columns: ['i'],
      rows: data.slice(0, 20),
      complete,
    });
  });

  it('a JSON object: its keys', async () => {
    expect(await previewOf('board.json', '{"name":"rev C","rails":{"3v3":true},"parts":[]}')).toEqual({
      format: 'json',
      keys: ['name', 'rails', 'parts'],
      complete: true,
    });
  });

  it.each([
    ['a broken CSV', 'broken.csv', 'a,b\n"unclosed,1\n'],
    ['a broken JSON', 'broken.json', '{"a": [1, 2'],
    ['a JSON scalar', 'scalar.json', '42'],
    ['a JSON file over 1 MiB', 'big.json', JSON.stringify({ blob: 'x'.repeat(MiB) })],
    ['a PDF', 'd.pdf', PDF],
    ['a PNG', 'p.png', PNG],
    ['a text file', 'notes.txt', 'a,b\n1,2\n'],
    ['unknown bytes', 'blob.bin', randomBytes(64)],
  ])('%s still uploads, with no preview', async (_label, name, body) => {
    expect(await previewOf(name, body)).toBeNull();
  });
});

describe('PATCH /attachments/{id}', () => {
  it('changes only the fields given; null clears a text', async () => {
    const a = await one(ann, file('scope.csv', 'a\n'));
    const titled = ok(await patch(ann, a.attachment_id, { attachment_title: 'Scope capture' }));
    expect(Object.keys(titled).sort()).toEqual(ATTACHMENT_KEYS);
    expect(titled).toEqual({ ...a, attachment_title: 'Scope capture' });

    const more = await patch(ann, a.attachment_id, {
      attachment_description: 'CH1 is VBUS',
      attachment_citation: 'Lab notebook p. 12',
      is_visible: false,
    });
    const expected = {
      ...a,
      attachment_title: 'Scope capture',
      attachment_description: 'CH1 is VBUS',
      attachment_citation: 'Lab notebook p. 12',
      is_visible: false,
    };
    expect(ok(more)).toEqual(expected);
    expect(ok(await patch(ann, a.attachment_id, {}))).toEqual(expected);

    const cleared = await patch(ann, a.attachment_id, { attachment_title: null, is_visible: true });
    expect(ok(cleared)).toEqual({ ...expected, attachment_title: null, is_visible: true });
    const shown = await detail(ann, a.attachment_id);
    expect(shown).toMatchObject({ ...expected, attachment_title: null, is_visible: true });
    expect(shown.attachment_content).toEqual({ format: 'csv', columns: ['a'], rows: [], complete: true });
  });

  it.each([
    ['attachment_title', 500],
    ['attachment_description', 10_000],
    ['attachment_citation', 2_000],
  ])('%s takes %i characters and refuses one more', async (name, max) => {
    const a = await one(ann, file('limits.csv', 'a\n'));
    const patched = ok(await patch(ann, a.attachment_id, { [name]: 'x'.repeat(max) }));
    expect((patched as Record<string, unknown>)[name]).toBe('x'.repeat(max));
    expectProblem(await patch(ann, a.attachment_id, { [name]: 'y'.repeat(max + 1) }), 400, [`body.${name}`]);
    expect(((await detail(ann, a.attachment_id)) as unknown as Record<string, unknown>)[name]).toBe(
      'x'.repeat(max),
    );
  });

  it('refuses unknown fields and wrong types by name, changing nothing', async () => {
    const a = await one(ann, file('typed.csv', 'a\n'));
    expectProblem(await patch(ann, a.attachment_id, { attachment_name: 'evil.exe' }), 400, [
      'body.attachment_name',
    ]);
    expectProblem(await patch(ann, a.attachment_id, { is_visible: 'no', attachment_title: 7 }), 400, [
      'body.is_visible',
      'body.attachment_title',
    ]);
    expectProblem(await patch(ann, a.attachment_id, { is_visible: null }), 400, ['body.is_visible']);
    expect(summaryOf(await detail(ann, a.attachment_id))).toEqual(a);
  });

  it("edits the service's file in the caller's session", async () => {
    const sessionId = await newSessionId(ann);
    const id = await assistantFile([sessionId]);
    expect(ok(await patch(ann, id, { attachment_title: 'Generated summary' }))).toMatchObject({
      attachment_title: 'Generated summary',
      attachment_created_by: 'assistant',
    });
  });

  it('answers 404 for an unknown attachment', async () => {
    expectProblem(await patch(ann, randomUUID(), { attachment_title: 'x' }), 404);
  });
});

describe('POST /attachments/{id}/export', () => {
  it('returns a signed link to this server that lives HWA_SIGNED_URL_TTL (default 15 minutes)', async () => {
    const a = await one(ann, file('export.csv', 'a\n'));
    const before = Math.floor(Date.now() / 1000);
    const body = ok(await exportLink(ann, a.attachment_id));
    const after = Math.floor(Date.now() / 1000);
    expect(Object.keys(body)).toEqual(['presigned_url']);
    const link = String(body.presigned_url);
    const match = new RegExp(
      `^http://127\\.0\\.0\\.1:8080/downloads/${a.attachment_id}\\?expires=(\\d+)&signature=[A-Za-z0-9_-]{43}$`,
    ).exec(link);
    expect(match, link).not.toBeNull();
    const expires = Number(match![1]);
    expect(expires).toBeGreaterThanOrEqual(before + 900);
    expect(expires).toBeLessThanOrEqual(after + 900);
  });

  it('answers 404 for an unknown or malformed id', async () => {
    expectProblem(await exportLink(ann, randomUUID()), 404);
    expectProblem(await exportLink(ann, 'nope'), 404);
  });
});

describe('isolation between users', () => {
  it('another user gets 404 for everything about an attachment, and changes nothing', async () => {
    const sessionId = await newSessionId(ann);
    const a = await one(ann, file('private.csv', 'secret\n1\n'), sessionId);
    const before = await detail(ann, a.attachment_id);

    expectProblem(await get(bob, a.attachment_id), 404);
    expectProblem(await patch(bob, a.attachment_id, { attachment_title: 'pwned', is_visible: false }), 404);
    expectProblem(await exportLink(bob, a.attachment_id), 404);
    expectProblem(await bob.call('GET', `${BASE}/${a.attachment_id}/annotations`), 404);
    const annotate = await bob.call('POST', '/annotations', {
      attachment_id: a.attachment_id,
      annotation_type: 'bbox',
      annotation_content: { page_width: 1, page_height: 1, page_number: 0, content: [] },
    });
    expectProblem(annotate, 404);
    const bobSession = await newSessionId(bob);
    expectProblem(await bob.call('DELETE', `/sessions/${sessionId}/attachments/${a.attachment_id}`), 404);
    expectProblem(await bob.call('DELETE', `/sessions/${bobSession}/attachments/${a.attachment_id}`), 404);
    expect(ids(await listed(bob, { limit: '1000' }))).not.toContain(a.attachment_id);
    expect(await listed(bob, { session_id: sessionId })).toEqual({ items: [], count: 0 });

    expect(await detail(ann, a.attachment_id)).toEqual(before);
    expect(ok(await ann.call('GET', `${BASE}/${a.attachment_id}/annotations`))).toEqual([]);
  });

  it('answers 401 without a token', async () => {
    expectProblem(await ctx.app.inject({ method: 'GET', url: `/api/v1${BASE}` }), 401);
  });
});
