// SQL for the generate_issue job: what it reads of a test run (failed steps with their failing
// measurements, completed reports and their findings, data files), the failure keys that stop a
// failure being filed twice, and the links it writes (test_run_issues rows, issue files).
import { and, asc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../../db/client.js';
import {
  issueFailureKeys,
  issues,
  testCards,
  testDataAssociations,
  testDataFiles,
  testMeasurements,
  testRunIssues,
  testRunReports,
  testRuns,
  testSteps,
} from '../../db/schema.js';

export type RunRow = Pick<typeof testRuns.$inferSelect, 'id' | 'systemId' | 'runNumber' | 'title'>;
export type ReportRow = typeof testRunReports.$inferSelect;
export type DataFileRow = typeof testDataFiles.$inferSelect;
export type MeasurementRow = typeof testMeasurements.$inferSelect;

/** The live run, or undefined. */
export async function findLiveRun(ex: Executor, id: string): Promise<RunRow | undefined> {
  const rows = await ex
    .select({
      id: testRuns.id,
      systemId: testRuns.systemId,
      runNumber: testRuns.runNumber,
      title: testRuns.title,
    })
    .from(testRuns)
    .where(and(eq(testRuns.id, id), isNull(testRuns.deletedAt)))
    .limit(1);
  return rows[0];
}

/** The system's live run numbered `runNumber` (TR-0042 is 42), or undefined. */
export async function findLiveRunByNumber(
  ex: Executor,
  systemId: string,
  runNumber: number,
): Promise<RunRow | undefined> {
  const rows = await ex
    .select({
      id: testRuns.id,
      systemId: testRuns.systemId,
      runNumber: testRuns.runNumber,
      title: testRuns.title,
    })
    .from(testRuns)
    .where(
      and(eq(testRuns.systemId, systemId), eq(testRuns.runNumber, runNumber), isNull(testRuns.deletedAt)),
    )
    .limit(1);
  return rows[0];
}

export async function findReport(ex: Executor, id: string): Promise<ReportRow | undefined> {
  const rows = await ex.select().from(testRunReports).where(eq(testRunReports.id, id)).limit(1);
  return rows[0];
}

/** The run's completed reports, oldest first: the order their findings are filed in. */
export async function completedReports(ex: Executor, runId: string): Promise<ReportRow[]> {
  return ex
    .select()
    .from(testRunReports)
    .where(and(eq(testRunReports.runId, runId), eq(testRunReports.status, 'completed')))
    .orderBy(asc(testRunReports.createdAt), asc(testRunReports.id));
}

/** Titles of the run's cards and steps by id, for the evidence. */
export async function titles(ex: Executor, runId: string): Promise<Map<string, string>> {
  const [cards, steps] = await Promise.all([
    ex.select({ id: testCards.id, title: testCards.title }).from(testCards).where(eq(testCards.runId, runId)),
    ex.select({ id: testSteps.id, title: testSteps.title }).from(testSteps).where(eq(testSteps.runId, runId)),
  ]);
  return new Map([...cards, ...steps].map((r) => [r.id, r.title]));
}

export interface FailedStepRow {
  stepId: string;
  stepTitle: string;
  stepPosition: number;
  exception: string | null;
  startedAt: Date | null;
  endedAt: Date | null;
  cardId: string;
  cardTitle: string;
  cardPosition: number;
}

/** The run's steps whose execution status is `failed`, in card then step order. */
export async function failedSteps(ex: Executor, runId: string): Promise<FailedStepRow[]> {
  return ex
    .select({
      stepId: testSteps.id,
      stepTitle: testSteps.title,
      stepPosition: testSteps.position,
      exception: testSteps.exception,
      startedAt: testSteps.startedAt,
      endedAt: testSteps.endedAt,
      cardId: testCards.id,
      cardTitle: testCards.title,
      cardPosition: testCards.position,
    })
    .from(testSteps)
    .innerJoin(testCards, eq(testCards.id, testSteps.cardId))
    .where(and(eq(testSteps.runId, runId), eq(testSteps.executionStatus, 'failed')))
    .orderBy(asc(testCards.position), asc(testSteps.position));
}

/** The measurements of these steps that did not pass (fail or marginal), in recorded order. */
export async function notPassedMeasurements(ex: Executor, stepIds: string[]): Promise<MeasurementRow[]> {
  if (stepIds.length === 0) return [];
  return ex
    .select()
    .from(testMeasurements)
    .where(and(inArray(testMeasurements.stepId, stepIds), ne(testMeasurements.outcome, 'pass')))
    .orderBy(asc(testMeasurements.stepId), asc(testMeasurements.position));
}

/** The run's data files with the cards and steps each is associated with. */
export async function dataFiles(
  ex: Executor,
  runId: string,
): Promise<{ file: DataFileRow; cardIds: string[]; stepIds: string[] }[]> {
  const [files, links] = await Promise.all([
    ex
      .select()
      .from(testDataFiles)
      .where(eq(testDataFiles.runId, runId))
      .orderBy(asc(testDataFiles.createdAt), asc(testDataFiles.id)),
    ex
      .select({
        fileId: testDataAssociations.fileId,
        cardId: testDataAssociations.cardId,
        stepId: testDataAssociations.stepId,
      })
      .from(testDataAssociations)
      .innerJoin(testDataFiles, eq(testDataFiles.id, testDataAssociations.fileId))
      .where(eq(testDataFiles.runId, runId)),
  ]);
  return files.map((file) => {
    const own = links.filter((l) => l.fileId === file.id);
    return {
      file,
      cardIds: own.flatMap((l) => (l.cardId ? [l.cardId] : [])),
      stepIds: own.flatMap((l) => (l.stepId ? [l.stepId] : [])),
    };
  });
}

/** The issue a failure key names, with whether it is still live. */
export async function issueOfKey(
  ex: Executor,
  key: string,
): Promise<{ issueId: string; title: string; jobRunId: string | null; live: boolean } | undefined> {
  const rows = await ex
    .select({
      issueId: issues.id,
      title: issues.title,
      jobRunId: issues.jobRunId,
      deletedAt: issues.deletedAt,
    })
    .from(issueFailureKeys)
    .innerJoin(issues, eq(issues.id, issueFailureKeys.issueId))
    .where(eq(issueFailureKeys.key, key))
    .limit(1);
  const row = rows[0];
  return (
    row && { issueId: row.issueId, title: row.title, jobRunId: row.jobRunId, live: row.deletedAt === null }
  );
}

/**
 * Makes `key` name `issueId`: a new key, or one whose issue was deleted. False when the key names a
 * live issue (another run filed it first, perhaps at this moment: the primary key makes the two
 * inserts wait on each other, and the second sees the first's row).
 */
export async function claimKey(ex: Executor, key: string, issueId: string): Promise<boolean> {
  const rows = await queryRows<{ key: string }>(
    ex,
    sql`INSERT INTO issue_failure_keys (key, issue_id) VALUES (${key}, ${issueId})
        ON CONFLICT (key) DO UPDATE SET issue_id = EXCLUDED.issue_id, created_at = now()
        WHERE EXISTS (SELECT 1 FROM issues i
                      WHERE i.id = issue_failure_keys.issue_id AND i.deleted_at IS NOT NULL)
        RETURNING key`,
  );
  return rows.length > 0;
}

/**
 * Lists the issue on the run (and on its card, step and report when given) unless that link exists:
 * appended after the run's other links.
 */
export async function linkToRun(
  ex: Executor,
  link: {
    id: string;
    runId: string;
    issueId: string;
    cardId: string | null;
    stepId: string | null;
    reportId: string | null;
  },
): Promise<void> {
  const same = and(
    eq(testRunIssues.runId, link.runId),
    eq(testRunIssues.issueId, link.issueId),
    link.reportId ? eq(testRunIssues.reportId, link.reportId) : isNull(testRunIssues.reportId),
  );
  const existing = await ex.select({ id: testRunIssues.id }).from(testRunIssues).where(same).limit(1);
  if (existing.length > 0) return;
  const [last] = await queryRows<{ n: number | string | null }>(
    ex,
    sql`SELECT max(position) AS n FROM test_run_issues WHERE run_id = ${link.runId}`,
  );
  await ex.insert(testRunIssues).values({ ...link, position: last?.n == null ? 0 : Number(last.n) + 1 });
}
