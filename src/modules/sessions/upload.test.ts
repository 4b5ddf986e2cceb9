// POST /sessions/{id}/upload-files as a client sees it: each `files` part becomes an attachment of the
// session, names are cleaned, types come from content then name, and every refusal (wrong field, no
// file, not multipart, a file over HWA_UPLOAD_LIMIT, too many files, a declared length beyond what
// 20 files can be) stores nothing: no attachment row and no object left in the storage directory.
// The app runs with a 1000-byte limit and a storage directory of this file's own.
import { mkdtempSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomBytes, randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  ISO_MS_Z,
  UUID,
  afterFile,
  ok,
  testApp,
  type Answer,
  type TestContext,
  type TestUser,
} from '../../../test/helpers.js';
import {
  ATTACHMENT_KEYS,
  PDF,
  PNG,
  field,
  file,
  multipart,
  uploadFiles,
  type FilePart,
} from '../../../test/multipart.js';
import { expectProblem } from '../../../test/problems.js';
import type { Page } from '../../core/schemas.js';
import type { Attachment } from '../attachments/attachments.schemas.js';
import type { Session } from './sessions.schemas.js';

const LIMIT = 1000;
const MAX_FILES = 20;

let ctx: TestContext;
let storageDir: string;

beforeAll(async () => {
  storageDir = mkdtempSync(path.join(os.tmpdir(), 'hwa-upload-test-'));
  afterFile(() => fs.rm(storageDir, { recursive: true, force: true }));
  ctx = await testApp({ env: { HWA_UPLOAD_LIMIT: String(LIMIT), HWA_STORAGE_DIR: storageDir } });
});

/** Every file (not directory) under the storage directory, temporary parts included. */
async function storedFiles(): Promise<string[]> {
  const entries = await fs.readdir(storageDir, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => !e.isDirectory())
    .map((e) => path.join(e.parentPath, e.name))
    .sort();
}

/** A user of one test only, with one empty session. */
type Uploader = TestUser & { sessionId: string };
async function freshUser(): Promise<Uploader> {
  const user = await ctx.newUser();
  return { ...user, sessionId: (await ctx.newSession(user)).session_id };
}

const attachmentCount = async (user: TestUser) =>
  ok(await user.call<Page<Attachment>>('GET', '/attachments')).count;

const sessionAttachments = async (user: Uploader) =>
  ok(await user.call<Session>('GET', `/sessions/${user.sessionId}`)).attachments;

/** The path the user uploads into their session by. */
const uploadPath = (user: Uploader) => `/sessions/${user.sessionId}/upload-files`;

/**
 * Sends `send` and asserts it is refused with `status` (and `paths`) while nothing is stored: the
 * storage directory holds the same files as before, the user has no attachments, the session none.
 */
async function expectRefusedStoringNothing(
  user: Uploader,
  send: () => Promise<LightMyRequestResponse | Answer<unknown>>,
  status: number,
  paths?: string[],
) {
  const before = await storedFiles();
  expectProblem(await send(), status, paths);
  expect(await storedFiles()).toEqual(before);
  expect(await attachmentCount(user)).toBe(0);
  expect(await sessionAttachments(user)).toEqual([]);
}

describe('uploading files into a session', () => {
  it('makes one attachment per file, in order, each in the session, and stores the bytes', async () => {
    const user = await freshUser();
    const csv = 'time,voltage\n0,28.1\n1,27.9\n';
    const before = await storedFiles();
    const startedAt = Date.now();
    const files = await ctx.upload(user, user.sessionId, [
      file('datasheet.pdf', PDF),
      file('telemetry.csv', csv),
    ]);
    expect(files).toHaveLength(2);
    for (const a of files) {
      expect(Object.keys(a).sort()).toEqual(ATTACHMENT_KEYS);
      expect(a.attachment_id).toMatch(UUID);
      expect(a).toMatchObject({
        attachment_title: null,
        attachment_description: null,
        attachment_citation: null,
        attachment_source_session_id: user.sessionId,
        attachment_created_by: user.email,
        is_visible: true,
      });
      expect(a.attachment_created_at).toMatch(ISO_MS_Z);
      expect(Date.parse(a.attachment_created_at)).toBeGreaterThanOrEqual(startedAt - 1000);
    }
    expect(files.map((a) => [a.attachment_name, a.attachment_type])).toEqual([
      ['datasheet.pdf', 'pdf'],
      ['telemetry.csv', 'csv'],
    ]);
    const ids = files.map((a) => a.attachment_id).sort();
    expect((await sessionAttachments(user)).map((a) => a.attachment_id).sort()).toEqual(ids);
    const listed = await user.call<Page<Attachment>>('GET', '/attachments', undefined, {
      query: { session_id: user.sessionId },
    });
    expect(listed.body.count).toBe(2);

    // Two new objects in the storage directory holding exactly the uploaded bytes.
    const added = (await storedFiles()).filter((f) => !before.includes(f));
    expect(added).toHaveLength(2);
    const contents = await Promise.all(added.map((f) => fs.readFile(f)));
    expect(contents.map((b) => b.toString('base64')).sort()).toEqual(
      [PDF.toString('base64'), Buffer.from(csv).toString('base64')].sort(),
    );
    // Keys are the service's own, never the client's file name.
    for (const f of added) expect(path.basename(f)).toMatch(UUID);
  });

  it('adds to what the session already holds', async () => {
    const user = await freshUser();
    const [first] = await ctx.upload(user, user.sessionId, [file('one.csv', 'a\n1\n')]);
    const [second] = await ctx.upload(user, user.sessionId, [file('two.csv', 'b\n2\n')]);
    expect((await sessionAttachments(user)).map((a) => a.attachment_id).sort()).toEqual(
      [first!.attachment_id, second!.attachment_id].sort(),
    );
  });

  it('takes an empty file', async () => {
    const user = await freshUser();
    const [a] = await ctx.upload(user, user.sessionId, [file('empty.txt', '')]);
    expect(a).toMatchObject({ attachment_name: 'empty.txt', attachment_type: 'txt' });
  });
});

describe('file names', () => {
  it.each([
    ['../../etc/x.pdf', 'x.pdf'],
    ['/abs/dir/report.csv', 'report.csv'],
    ['a\\b.csv', 'b.csv'],
    ['C:\\Users\\ann\\Desktop\\scope.csv', 'scope.csv'],
    ['re\u0007po\trt.csv', 'report.csv'],
    ['  padded.csv  ', 'padded.csv'],
    ['', 'file'],
    ['..', 'file'],
    ['dir/..', 'file'],
    ['Prüfbericht „v2“.txt', 'Prüfbericht „v2“.txt'],
    ['say "hi".txt', 'say "hi".txt'],
  ])('%j is kept as %j', async (sent, kept) => {
    const user = await freshUser();
    const [a] = await ctx.upload(user, user.sessionId, [file(sent, 'hello')]);
    expect(a!.attachment_name).toBe(kept);
    expect((await sessionAttachments(user))[0]!.attachment_name).toBe(kept);
  });

  it('keeps 255 characters of a name and cuts a longer one to 255', async () => {
    const user = await freshUser();
    const exact = `${'n'.repeat(251)}.csv`;
    const longer = `${'m'.repeat(252)}.csv`;
    const [a, b] = await ctx.upload(user, user.sessionId, [file(exact, 'a\n'), file(longer, 'b\n')]);
    expect(a!.attachment_name).toBe(exact);
    expect(b!.attachment_name).toBe(longer.slice(0, 255));
    expect(b!.attachment_name).toHaveLength(255);
  });
});

describe('attachment_type', () => {
  it.each([
    ['a PDF named .txt is a pdf', 'notes.txt', PDF, 'pdf'],
    ['a PNG with no extension is a png', 'photo', PNG, 'png'],
    ['a PNG named .csv is a png', 'board.csv', PNG, 'png'],
    ['a CSV by its name', 'telemetry.csv', 'a,b\n1,2\n', 'csv'],
    ['an upper-case extension', 'TELEMETRY.CSV', 'a,b\n1,2\n', 'csv'],
    ['a JSON file by its name', 'config.json', '{"a":1}', 'json'],
    ['a 10-character extension', 'x.abcdefghij', 'text', 'abcdefghij'],
    ['an 11-character extension is not one', 'x.abcdefghijk', 'text', 'bin'],
    ['an extension with punctuation is not one', 'x.tar-gz', 'text', 'bin'],
    ['no extension and no signature', 'README', 'plain words', 'bin'],
  ])('%s', async (_label, name, body, type) => {
    const user = await freshUser();
    const [a] = await ctx.upload(user, user.sessionId, [file(name, body)]);
    expect(a!.attachment_type).toBe(type);
  });

  it('ignores the Content-Type the client declares for a part', async () => {
    const user = await freshUser();
    const [a] = await ctx.upload(user, user.sessionId, [file('scope.csv', 'a,b\n', 'application/pdf')]);
    expect(a!.attachment_type).toBe('csv');
  });
});

describe('fields of the form', () => {
  it('refuses a file under another field name, storing nothing', async () => {
    const user = await freshUser();
    const parts: FilePart[] = [file('ok.csv', 'a\n'), { field: 'attachment', name: 'x.csv', body: 'x\n' }];
    await expectRefusedStoringNothing(user, () => uploadFiles(user, user.sessionId, parts), 400, [
      'body.attachment',
    ]);
  });

  it('refuses a text field by its name, storing nothing', async () => {
    const user = await freshUser();
    await expectRefusedStoringNothing(
      user,
      () => uploadFiles(user, user.sessionId, [file('ok.csv', 'a\n'), field('note', 'hello')]),
      400,
      ['body.note'],
    );
    await expectRefusedStoringNothing(
      user,
      () => uploadFiles(user, user.sessionId, [field('comment', 'first'), file('ok.csv', 'a\n')]),
      400,
      ['body.comment'],
    );
  });

  it('refuses `files` sent as text rather than as a file', async () => {
    const user = await freshUser();
    await expectRefusedStoringNothing(
      user,
      () => uploadFiles(user, user.sessionId, [field('files', 'not a file')]),
      400,
      ['body.files'],
    );
  });

  it('refuses a form with no file as body.files', async () => {
    const user = await freshUser();
    await expectRefusedStoringNothing(user, () => uploadFiles(user, user.sessionId, []), 400, ['body.files']);
  });

  it('refuses a body that is not multipart with 415', async () => {
    const user = await freshUser();
    const url = uploadPath(user);
    await expectRefusedStoringNothing(user, () => user.call('POST', url, { files: ['a.csv'] }), 415);
    await expectRefusedStoringNothing(user, () => user.call('POST', url), 415);
    await expectRefusedStoringNothing(
      user,
      () => user.call('POST', url, undefined, { raw: 'a,b', headers: { 'content-type': 'text/csv' } }),
      415,
    );
  });
});

describe('the upload limit (HWA_UPLOAD_LIMIT = 1000 bytes per file)', () => {
  it('takes a file of exactly the limit, keeping every byte', async () => {
    const user = await freshUser();
    const body = randomBytes(LIMIT);
    const before = await storedFiles();
    const [a] = await ctx.upload(user, user.sessionId, [file('exact.bin', body)]);
    expect(a!.attachment_type).toBe('bin');
    const added = (await storedFiles()).filter((f) => !before.includes(f));
    expect(added).toHaveLength(1);
    expect((await fs.readFile(added[0]!)).equals(body)).toBe(true);
  });

  it('refuses a file one byte over the limit with 413 and stores nothing', async () => {
    const user = await freshUser();
    await expectRefusedStoringNothing(
      user,
      () => uploadFiles(user, user.sessionId, [file('over.bin', randomBytes(LIMIT + 1))]),
      413,
    );
  });

  it('refuses a good file followed by an oversize one, keeping neither', async () => {
    const user = await freshUser();
    const parts = [file('good.csv', 'a,b\n1,2\n'), file('huge.bin', randomBytes(LIMIT * 3))];
    await expectRefusedStoringNothing(user, () => uploadFiles(user, user.sessionId, parts), 413);
  });

  it('refuses an oversize file between good ones, keeping none', async () => {
    const user = await freshUser();
    const parts = [file('a.csv', 'a\n'), file('big.bin', randomBytes(LIMIT + 1)), file('c.csv', 'c\n')];
    await expectRefusedStoringNothing(user, () => uploadFiles(user, user.sessionId, parts), 413);
  });

  it(`takes ${MAX_FILES} files of exactly the limit in one request`, async () => {
    const user = await freshUser();
    const parts = Array.from({ length: MAX_FILES }, (_, i) => file(`f${i}.bin`, randomBytes(LIMIT)));
    // The request is larger than 20 × limit (part headers): the early check must leave room for them.
    expect(multipart(parts).payload.length).toBeGreaterThan(MAX_FILES * LIMIT);
    const files = await ctx.upload(user, user.sessionId, parts);
    expect(files.map((a) => a.attachment_name)).toEqual(parts.map((p) => p.name));
    expect(await sessionAttachments(user)).toHaveLength(MAX_FILES);
  });

  it(`refuses ${MAX_FILES + 1} files in one request with 413, storing none of them`, async () => {
    const user = await freshUser();
    const parts = Array.from({ length: MAX_FILES + 1 }, (_, i) => file(`f${i}.txt`, `file ${i}`));
    await expectRefusedStoringNothing(user, () => uploadFiles(user, user.sessionId, parts), 413);
  });

  it('refuses from its Content-Length, unread, a request longer than 20 files at the limit can be', async () => {
    const user = await freshUser();
    const body = multipart([file('small.csv', 'a,b\n1,2\n')]);
    // The body itself is a small valid upload: only the declared length can have refused it. Part
    // headers are allowed for (up to 1 MiB), so declare one byte more than that allowance.
    const declared = MAX_FILES * LIMIT + 1024 * 1024 + 1;
    await expectRefusedStoringNothing(
      user,
      () =>
        user.call('POST', uploadPath(user), undefined, {
          raw: body.payload,
          headers: { ...body.headers, 'content-length': String(declared) },
        }),
      413,
    );
  });
});

describe('who may upload', () => {
  it("another user's session, an unknown one or a malformed id is 404 and stores nothing", async () => {
    const owner = await freshUser();
    const intruder = await ctx.newUser();
    const before = await storedFiles();
    expectProblem(await uploadFiles(intruder, owner.sessionId, [file('planted.csv', 'x\n')]), 404);
    expectProblem(await uploadFiles(owner, randomUUID(), [file('lost.csv', 'x\n')]), 404);
    expectProblem(await uploadFiles(owner, 'not-a-uuid', [file('lost.csv', 'x\n')]), 404);
    expect(await storedFiles()).toEqual(before);
    expect(await sessionAttachments(owner)).toEqual([]);
    expect(await attachmentCount(intruder)).toBe(0);
  });

  it('needs a token, and stores nothing without one', async () => {
    const user = await freshUser();
    const body = multipart([file('anon.csv', 'x\n')]);
    await expectRefusedStoringNothing(
      user,
      () =>
        ctx.app.inject({
          method: 'POST',
          url: `/api/v1${uploadPath(user)}`,
          payload: body.payload,
          headers: body.headers,
        }),
      401,
    );
  });
});
