// Typed files on an issue as a team uses them: filing a troubleshooting plan or a test log from an
// attachment (named after it unless told), listing them with a file_type filter, removing one; the
// file_type rule (lower-case snake_case, 1 to 64) on both sides, attachments the caller cannot see
// refused as unknown, and everything under an unknown or deleted issue a 404.
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Attachment } from '../attachments/attachments.schemas.js';
import { ISO_MS_Z, UUID, ok, testApp, type TestContext, type TestUser } from '../../../test/helpers.js';
import { deleteIssue, newIssue } from '../../../test/issue-helpers.js';
import { file } from '../../../test/multipart.js';
import { expectProblem } from '../../../test/problems.js';
import type { IssueFile } from './files.schemas.js';

let ctx: TestContext;
let ann: TestUser;
let bob: TestUser;
let issue: string;
/** Ann's plan.md, filed throughout. */
let plan: Attachment;

beforeAll(async () => {
  ctx = await testApp();
  ann = await ctx.newUser({ email: 'ann@example.com' });
  bob = await ctx.newUser({ email: 'bob@example.com' });
  issue = await newIssue(ann);
  const uploaded = await ctx.upload(ann, await ctx.newSession(ann), [
    file('plan.md', '# Re-run at -35 °C\n'),
  ]);
  plan = uploaded[0]!;
});

const url = (issueId = issue) => `/issues/${issueId}/files`;
const post = (body: object, user = ann, issueId = issue) => user.call<IssueFile>('POST', url(issueId), body);
const fileAs = async (file_type: string, issueId = issue, extra: object = {}) =>
  ok(await post({ attachment_id: plan.attachment_id, file_type, ...extra }, ann, issueId), 201);
const list = (query: Record<string, string> = {}, user = ann, issueId = issue) =>
  user.call<IssueFile[]>('GET', url(issueId), undefined, { query });

describe('POST /issues/{issue_id}/files', () => {
  it('files the attachment under its type, named after the attachment by default', async () => {
    const body = await fileAs('troubleshooting_plan');
    expect(Object.keys(body).sort()).toEqual(
      ['attachment_id', 'created_at', 'created_by', 'file_name', 'file_type', 'uuid'].sort(),
    );
    expect(body).toMatchObject({
      file_name: 'plan.md',
      file_type: 'troubleshooting_plan',
      attachment_id: plan.attachment_id,
      created_by: 'ann@example.com',
    });
    expect(body.uuid).toMatch(UUID);
    expect(body.created_at).toMatch(ISO_MS_Z);
  });

  it('takes a file_name of 1 and 255 characters, and refuses empty, blank or 256', async () => {
    expect((await fileAs('test_log', issue, { file_name: 'TVAC log, run 3' })).file_name).toBe(
      'TVAC log, run 3',
    );
    expect((await fileAs('test_log', issue, { file_name: 'x' })).file_name).toBe('x');
    expect((await fileAs('test_log', issue, { file_name: 'n'.repeat(255) })).file_name).toHaveLength(255);
    for (const file_name of ['', '  ', 'n'.repeat(256), 7]) {
      const res = await post({ attachment_id: plan.attachment_id, file_type: 'test_log', file_name });
      expectProblem(res, 400, ['body.file_name']);
    }
  });

  it.each([
    'troubleshooting_plan',
    'root_cause_analysis',
    'test_log',
    'a',
    'x2',
    'log_2026_11',
    'a'.repeat(64),
  ])('takes file_type %s', async (type) => {
    expect((await fileAs(type)).file_type).toBe(type);
  });

  it.each([
    '',
    'Test Log',
    'test-log',
    'TEST_LOG',
    'Test_log',
    '_log',
    'log_',
    'test__log',
    '2nd_log',
    'log.txt',
    'a'.repeat(65),
  ])('refuses file_type %j naming body.file_type', async (type) => {
    expectProblem(await post({ attachment_id: plan.attachment_id, file_type: type }), 400, [
      'body.file_type',
    ]);
  });

  it('requires attachment_id and file_type, and refuses unknown fields, by name', async () => {
    expectProblem(await post({}), 400, ['body.attachment_id', 'body.file_type']);
    const res = await post({ attachment_id: plan.attachment_id, file_type: 'test_log', note: 'x' });
    expectProblem(res, 400, ['body.note']);
  });

  it("refuses an attachment the caller cannot see (another user's, unknown, malformed) as unknown", async () => {
    const [bobs] = await ctx.upload(bob, await ctx.newSession(bob), [file('bob.csv', 'a\n1\n')]);
    for (const attachment_id of [bobs!.attachment_id, randomUUID(), 'nope']) {
      expectProblem(await post({ attachment_id, file_type: 'test_log' }), 400, ['body.attachment_id']);
    }
  });

  it('lets a colleague file their own attachment on the same issue', async () => {
    const [log] = await ctx.upload(bob, await ctx.newSession(bob), [file('tv.log', 'PSU trip\n')]);
    const body = ok(await post({ attachment_id: log!.attachment_id, file_type: 'test_log' }, bob), 201);
    expect(body).toMatchObject({ created_by: 'bob@example.com', file_name: 'tv.log' });
  });
});

describe('GET /issues/{issue_id}/files', () => {
  let own: string;
  let filed: IssueFile[];
  beforeAll(async () => {
    own = await newIssue(ann);
    filed = [];
    for (const type of ['test_log', 'troubleshooting_plan', 'test_log']) filed.push(await fileAs(type, own));
  });

  it('answers every file of the issue, oldest first, to anyone', async () => {
    expect(ok(await list({}, bob, own))).toEqual(filed);
  });

  it('filters by file_type; a type nobody used answers an empty array', async () => {
    expect(ok(await list({ file_type: 'test_log' }, ann, own))).toEqual([filed[0], filed[2]]);
    expect(ok(await list({ file_type: 'troubleshooting_plan' }, ann, own))).toEqual([filed[1]]);
    expect(ok(await list({ file_type: 'root_cause_analysis' }, ann, own))).toEqual([]);
  });

  it('refuses a malformed file_type filter or an unknown parameter by name', async () => {
    expectProblem(await list({ file_type: 'Test Log' }, ann, own), 400, ['query.file_type']);
    expectProblem(await list({ file_type: 'a'.repeat(65) }, ann, own), 400, ['query.file_type']);
    expectProblem(await list({ limit: '5' }, ann, own), 400, ['query.limit']);
  });
});

describe('DELETE /issues/{issue_id}/files/{file_id}', () => {
  it('removes the file record (anyone may), keeps the attachment; a second delete is 404', async () => {
    const own = await newIssue(ann);
    const [keep, drop] = [await fileAs('test_log', own), await fileAs('test_report', own)];
    expect((await bob.call('DELETE', `${url(own)}/${drop.uuid}`)).status).toBe(204);
    expect(ok(await list({}, ann, own))).toEqual([keep]);
    expectProblem(await bob.call('DELETE', `${url(own)}/${drop.uuid}`), 404);
    ok(await ann.call('GET', `/attachments/${plan.attachment_id}`));
  });

  it('answers 404 for an unknown or malformed file, or one filed on another issue', async () => {
    const filedHere = await fileAs('test_log');
    const other = await newIssue(ann);
    expectProblem(await ann.call('DELETE', `${url()}/${randomUUID()}`), 404);
    expectProblem(await ann.call('DELETE', `${url()}/nope`), 404);
    expectProblem(await ann.call('DELETE', `${url(other)}/${filedHere.uuid}`), 404);
    expect(ok(await list()).map((f) => f.uuid)).toContain(filedHere.uuid);
  });
});

describe('under an unknown, malformed or deleted issue', () => {
  it('answers 404 to list, file and remove', async () => {
    const gone = await newIssue(ann);
    const filed = await fileAs('test_log', gone);
    await deleteIssue(ann, gone);
    for (const id of [randomUUID(), 'nope', gone]) {
      expectProblem(await list({}, ann, id), 404);
      expectProblem(await post({ attachment_id: plan.attachment_id, file_type: 'test_log' }, ann, id), 404);
      expectProblem(await ann.call('DELETE', `${url(id)}/${filed.uuid}`), 404);
    }
  });
});
