// generate_issue end to end through the jobs API and a real worker: one issue per failed step and per
// high or medium finding (none for low), filed as "Assistant" with the run's id, a priority from the
// severity, the evidence in the description, the data file and chart attached, and the run listing
// them; a second run files nothing and comments on each issue instead. Runs on PGlite and PostgreSQL.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { testRunIssues } from '../../db/schema.js';
import { ok, testApp, type TestContext, type TestUser } from '../../../test/helpers.js';
import { runGenerateIssue, seedRun, type SeededRun } from '../../../test/generate-issue-helpers.js';
import type { JobRun } from '../jobs/jobs.schemas.js';
import type { TestRun } from '../test-runs/test-runs.schemas.js';
import type { Comment } from './comments.schemas.js';
import type { IssueFile } from './files.schemas.js';
import { plainText } from './issues.blocks.js';
import type { Issue } from './issues.schemas.js';

let ctx: TestContext;
let ann: TestUser;
let root: string;
let systemId: string;
let seeded: SeededRun;
let first: JobRun;

const issuesOf = async (run: JobRun) =>
  Promise.all(
    run.output_references
      .filter((r) => r.type === 'issue')
      .map(async (r) => ok(await ann.call<Issue>('GET', `/issues/${r.id}`))),
  );
const byTitle = (issues: Issue[], part: string) => {
  const found = issues.filter((i) => i.title.includes(part));
  expect(found, `one issue titled like "${part}" in ${issues.map((i) => i.title).join(' | ')}`).toHaveLength(
    1,
  );
  return found[0]!;
};
const text = (issue: Issue) => plainText(issue.description);

beforeAll(async () => {
  root = await fs.mkdtemp(path.join(os.tmpdir(), 'hwa-genissue-'));
  ctx = await testApp({ env: { HWA_STORAGE_DIR: root, HWA_WORKER_SHUTDOWN_GRACE: '0' } });
  ann = await ctx.newUser();
  systemId = (await ctx.newSystem(ann)).system_id;
  seeded = await seedRun(ctx, systemId, root);
  first = await runGenerateIssue(ann, { system_id: systemId, test_run_id: seeded.runId });
});

describe('generate_issue on a test run', () => {
  it('files one issue per failed step and per high or medium finding, none for the low one', async () => {
    expect(first.status, JSON.stringify(first.error)).toBe('completed');
    const issues = await issuesOf(first);
    expect(issues).toHaveLength(4);
    byTitle(issues, 'Failed step: Hot soak / Hold +60 °C');
    byTitle(issues, 'Failed step: Cold soak / Bus voltage at -40 °C');
    byTitle(issues, 'Limit breach on tc_heater_2_C in tvac.csv');
    byTitle(issues, 'Stuck sensor on tc_3_C');
    expect(issues.some((i) => i.title.includes('bus_current_A'))).toBe(false);
    const listed = ok(
      await ann.call<{ items: Issue[]; count: number }>('GET', '/issues', undefined, {
        query: { created_by: 'Assistant', system_id: systemId },
      }),
    );
    expect(listed.count).toBe(4);
    expect(first.progress.message).toContain('1 low-severity finding(s) not filed');
  });

  it('files them as the Assistant, with the job run, a priority from the severity, open and unassigned', async () => {
    const issues = await issuesOf(first);
    for (const issue of issues) {
      expect(issue).toMatchObject({
        created_by: 'Assistant',
        job_run_id: first.uuid,
        system_id: systemId,
        status: 'open',
        owner: 'Unassigned',
      });
    }
    expect(byTitle(issues, 'Hold +60').priority).toBe('high');
    expect(byTitle(issues, 'Limit breach').priority).toBe('high');
    expect(byTitle(issues, 'Stuck sensor').priority).toBe('medium');
  });

  it('cites the evidence of a finding: run, file, channel, interval, values, limit, margin, chart, context', async () => {
    const issue = byTitle(await issuesOf(first), 'Limit breach');
    const words = text(issue);
    const tr = `TR-${String(seeded.runNumber).padStart(4, '0')}`;
    for (const part of [
      `${tr} "TVAC qualification"`,
      'Run report (run scope)',
      'tvac.csv',
      'tc_heater_2_C',
      '2026-11-20T10:20:00Z to 2026-11-20T10:21:00Z',
      'rows 1200–1260',
      'baseline = 60.1',
      'peak = 74.2',
      't = 1200 s to 1260 s',
      'at most 70',
      '4.2',
      'Hot plateau +60 °C; heater 2 limit 70 °C.',
    ]) {
      expect(words).toContain(part);
    }
    expect(issue.description).toContainEqual(
      expect.objectContaining({ type: 'image', attachment_id: seeded.chartId }),
    );
  });

  it('cites a failed step with its card, its exception-free status and the measurement out of limits', async () => {
    const issue = byTitle(await issuesOf(first), 'Bus voltage');
    const words = text(issue);
    expect(words).toContain('Cold soak');
    expect(words).toContain('1. Bus voltage at -40 °C');
    expect(words).toMatch(/bus_voltage\t26\.1\tV\t27\t29\tfail/);
  });

  it("attaches the finding's data file and chart, and the card's data file to its failed step", async () => {
    const issues = await issuesOf(first);
    const breach = byTitle(issues, 'Limit breach');
    expect(breach.attachments.map((a) => a.attachment_name).sort()).toEqual([
      'tc_heater_2_C.svg',
      'tvac.csv',
    ]);
    const data = breach.attachments.find((a) => a.attachment_name === 'tvac.csv')!;
    expect(data).toMatchObject({
      attachment_created_by: 'assistant',
      attachment_type: 'csv',
      attachment_title: 'TR-0001 data: tvac.csv',
    });
    const files = ok(await ann.call<IssueFile[]>('GET', `/issues/${breach.uuid}/files`));
    expect(files.map((f) => [f.file_type, f.file_name]).sort()).toEqual([
      ['chart', 'tc_heater_2_C.svg'],
      ['test_data', 'tvac.csv'],
    ]);
    expect(byTitle(issues, 'Hold +60').attachments.map((a) => a.attachment_name)).toEqual(['tvac.csv']);
  });

  it('lists each issue on the run, its card and step, and a finding on the report it came from', async () => {
    const issues = await issuesOf(first);
    const detail = ok(await ann.call<TestRun>('GET', `/test-runs/${seeded.runId}`));
    const hotStep = detail.test_cards[0]!.test_steps[0]!;
    expect(hotStep.issues.map((i) => i.uuid)).toEqual([byTitle(issues, 'Hold +60').uuid]);
    const links = await ctx.database.db
      .select()
      .from(testRunIssues)
      .where(eq(testRunIssues.runId, seeded.runId));
    const ofReport = links.filter((l) => l.reportId === seeded.reportId).map((l) => l.issueId);
    expect(ofReport.sort()).toEqual(
      [byTitle(issues, 'Limit breach').uuid, byTitle(issues, 'Stuck sensor').uuid].sort(),
    );
    expect(links).toHaveLength(4);
  });

  it('files nothing the second time: it comments on each open issue, and on a resolved one', async () => {
    const before = await issuesOf(first);
    const resolved = byTitle(before, 'Stuck sensor');
    ok(await ann.call('PATCH', `/issues/${resolved.uuid}`, { status: 'resolved' }));
    const again = await runGenerateIssue(ann, { system_id: systemId, test_run_id: seeded.runId });
    expect(again.status, JSON.stringify(again.error)).toBe('completed');
    expect(again.output_references.map((r) => r.id).sort()).toEqual(before.map((i) => i.uuid).sort());
    expect(again.output_references.every((r) => r.title.startsWith('commented: '))).toBe(true);
    const listed = ok(
      await ann.call<{ count: number }>('GET', '/issues', undefined, {
        query: { created_by: 'Assistant', system_id: systemId },
      }),
    );
    expect(listed.count).toBe(4);
    for (const issue of before) {
      const comments = ok(await ann.call<{ items: Comment[] }>('GET', `/issues/${issue.uuid}/comments`));
      expect(comments.items).toHaveLength(1);
      expect(comments.items[0]).toMatchObject({ created_by: 'Assistant' });
      expect(comments.items[0]!.content).toContain(`Seen again in job run ${again.uuid}`);
    }
    expect(ok(await ann.call<Issue>('GET', `/issues/${resolved.uuid}`)).status).toBe('resolved');
    const links = await ctx.database.db
      .select()
      .from(testRunIssues)
      .where(eq(testRunIssues.runId, seeded.runId));
    expect(links).toHaveLength(4);
  });

  it('nobody may edit the comment the service wrote', async () => {
    const issue = (await issuesOf(first))[0]!;
    const comments = ok(await ann.call<{ items: Comment[] }>('GET', `/issues/${issue.uuid}/comments`));
    const answer = await ann.call('PATCH', `/issues/${issue.uuid}/comments/${comments.items[0]!.uuid}`, {
      content: 'edited',
    });
    expect(answer.status).toBe(403);
  });
});
