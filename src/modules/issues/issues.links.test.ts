// What an issue links: attachments the filer can see, their own sessions, and the files of those
// sessions read at read time. Ids the filer may not use are refused as unknown, by field and index.
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { ok, testApp, type TestContext, type TestUser } from '../../../test/helpers.js';
import { PNG, file } from '../../../test/multipart.js';
import { expectProblem } from '../../../test/problems.js';
import type { Attachment } from '../attachments/attachments.schemas.js';
import type { Session } from '../sessions/sessions.schemas.js';
import type { CreateIssueBody, Issue } from './issues.schemas.js';

let ctx: TestContext;
let ann: TestUser;
let bob: TestUser;
let annSession: Session;
let plot: Attachment;
let log: Attachment;

beforeAll(async () => {
  ctx = await testApp();
  ann = await ctx.newUser();
  bob = await ctx.newUser();
  annSession = await ctx.newSession(ann, { title: 'TVAC run 3' });
  const uploaded = await ctx.upload(ann, annSession, [
    file('plot.png', PNG),
    file('tc.csv', 'time,temp\n0,20\n'),
  ]);
  plot = uploaded[0]!;
  log = uploaded[1]!;
});

const post = (fields: Partial<CreateIssueBody>, as = ann) =>
  as.call<Issue>('POST', '/issues', { title: 'Overshoot', description: [], ...fields });
const names = (list: Attachment[]) => list.map((a) => a.attachment_name);

describe('links', () => {
  it('shows linked attachments and sessions in the order given, to every user', async () => {
    const other = await ctx.newSession(ann, { title: 'Bring-up' });
    const issue = ok(
      await post({
        attachment_ids: [log.attachment_id, plot.attachment_id],
        session_ids: [other.session_id, annSession.session_id],
      }),
      201,
    );
    expect(names(issue.attachments)).toEqual(['tc.csv', 'plot.png']);
    expect(issue.attachments[0]).toEqual(log);
    expect(issue.sessions).toEqual([
      { session_id: other.session_id, session_title: 'Bring-up' },
      { session_id: annSession.session_id, session_title: 'TVAC run 3' },
    ]);
    expect(names(issue.session_attachments)).toEqual(['plot.png', 'tc.csv']);
    expect(ok(await bob.call<Issue>('GET', `/issues/${issue.uuid}`))).toEqual(issue);
  });

  it('reads session files at read time: a later upload shows, a deleted session drops out', async () => {
    const session = await ctx.newSession(ann, { title: 'Later' });
    const issue = ok(await post({ session_ids: [session.session_id] }), 201);
    expect(issue.session_attachments).toEqual([]);
    const [trace] = await ctx.upload(ann, session, [file('trace.csv', 'a\n1\n')]);
    const read = ok(await bob.call<Issue>('GET', `/issues/${issue.uuid}`));
    expect(read.session_attachments).toEqual([trace]);
    expect(ok(await ann.call('DELETE', `/sessions/${session.session_id}`), 204));
    const after = ok(await bob.call<Issue>('GET', `/issues/${issue.uuid}`));
    expect(after.sessions).toEqual([]);
    expect(after.session_attachments).toEqual([]);
  });

  it('lists a file shared by two linked sessions once, and a repeated id once', async () => {
    const second = ok(
      await ann.call<Session>('POST', '/sessions', { attachments: [{ attachment_id: plot.attachment_id }] }),
      201,
    );
    const issue = ok(
      await post({
        session_ids: [annSession.session_id, second.session_id, annSession.session_id],
        attachment_ids: [plot.attachment_id, plot.attachment_id],
      }),
      201,
    );
    expect(issue.sessions).toHaveLength(2);
    expect(names(issue.attachments)).toEqual(['plot.png']);
    expect(names(issue.session_attachments)).toEqual(['plot.png', 'tc.csv']);
  });

  it("refuses another user's attachments and sessions, and unknown ids, naming each by index", async () => {
    const res = await post(
      {
        attachment_ids: [plot.attachment_id, randomUUID()],
        session_ids: [annSession.session_id, randomUUID()],
      },
      bob,
    );
    expectProblem(res, 400, [
      'body.attachment_ids[0]',
      'body.attachment_ids[1]',
      'body.session_ids[0]',
      'body.session_ids[1]',
    ]);
  });

  it('refuses a malformed id and more than 100 of them', async () => {
    expectProblem(await post({ attachment_ids: ['nope'] }), 400, ['body.attachment_ids[0]']);
    const many = Array.from({ length: 101 }, () => randomUUID());
    expectProblem(await post({ session_ids: many }), 400, ['body.session_ids']);
  });

  it('ties an issue to a live system, and refuses an unknown one', async () => {
    const rover = await ctx.newSystem(ann);
    expect(ok(await post({ system_id: rover.system_id }), 201).system_id).toBe(rover.system_id);
    expectProblem(await post({ system_id: randomUUID() }), 400, ['body.system_id']);
  });
});
