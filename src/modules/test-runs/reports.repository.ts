// SQL for analysis reports: create, read with the status their job run implies, the files and limits
// a report's scope covers, and the job's guarded status moves.
//
// A report whose job run was cancelled (or failed outside the handler: time limit, lost worker) while
// the report was still pending or running reads as `cancelled` (or `failed`) at once, whatever process
// holds it: a run cancelled before any worker claimed it never runs a handler that could say so.
import { and, asc, count, eq, getTableColumns, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import {
  issues,
  jobRuns,
  testCards,
  testDataAssociations,
  testDataFiles,
  testMeasurements,
  testRunIssues,
  testRunReports,
  testRuns,
  testSteps,
  type MeasurementSpec,
  type ReportScope,
  type ReportStatus,
} from '../../db/schema.js';

export type ReportRow = typeof testRunReports.$inferSelect;
export type FileRow = typeof testDataFiles.$inferSelect;
export type AssociationRow = typeof testDataAssociations.$inferSelect;

const OPEN = sql`${testRunReports.status} IN ('pending', 'running')`;

/** The report's columns, with status and error as its job run makes them (see the file comment). */
const effective = {
  ...getTableColumns(testRunReports),
  status: sql<ReportStatus>`CASE
    WHEN ${OPEN} AND ${jobRuns.status} = 'cancelled' THEN 'cancelled'
    WHEN ${OPEN} AND ${jobRuns.status} = 'failed' THEN 'failed'
    ELSE ${testRunReports.status} END`.as('status'),
  error: sql<string | null>`CASE
    WHEN ${OPEN} AND ${jobRuns.status} = 'cancelled' THEN 'The job run was cancelled before the analysis finished.'
    WHEN ${OPEN} AND ${jobRuns.status} = 'failed' THEN coalesce(${jobRuns.errorMessage}, 'The job run failed.')
    ELSE ${testRunReports.error} END`.as('error'),
};

function selectReports(ex: Executor, where: SQL | undefined) {
  return ex
    .select(effective)
    .from(testRunReports)
    .leftJoin(jobRuns, eq(jobRuns.id, testRunReports.jobRunId))
    .where(where);
}

export async function insertReport(ex: Executor, row: typeof testRunReports.$inferInsert): Promise<void> {
  await ex.insert(testRunReports).values(row);
}

export async function findReport(ex: Executor, runId: string, id: string): Promise<ReportRow | undefined> {
  const rows = await selectReports(ex, and(eq(testRunReports.id, id), eq(testRunReports.runId, runId)));
  return rows[0];
}

/** Every report of the run, oldest first: the run tree lists their summaries on run, card and step. */
export async function reportsOfRun(ex: Executor, runId: string): Promise<ReportRow[]> {
  return selectReports(ex, eq(testRunReports.runId, runId)).orderBy(
    asc(testRunReports.createdAt),
    asc(testRunReports.id),
  );
}

/** A page of the run's reports, oldest first (test_run_reports_run_idx). */
export async function listReports(
  ex: Executor,
  runId: string,
  page: { limit: number; offset: number },
): Promise<{ rows: ReportRow[]; count: number }> {
  const where = eq(testRunReports.runId, runId);
  const [rows, total] = await Promise.all([
    selectReports(ex, where)
      .orderBy(asc(testRunReports.createdAt), asc(testRunReports.id))
      .limit(page.limit)
      .offset(page.offset),
    ex.select({ n: count() }).from(testRunReports).where(where),
  ]);
  return { rows, count: Number(total[0]?.n ?? 0) };
}

/** Live issues filed from these reports' findings, by report. */
export async function issuesOfReports(ex: Executor, reportIds: string[]) {
  if (reportIds.length === 0) return [];
  return ex
    .select({
      reportId: testRunIssues.reportId,
      uuid: issues.id,
      title: issues.title,
      status: issues.status,
      priority: issues.priority,
    })
    .from(testRunIssues)
    .innerJoin(issues, eq(issues.id, testRunIssues.issueId))
    .where(and(inArray(testRunIssues.reportId, reportIds), isNull(issues.deletedAt)))
    .orderBy(asc(testRunIssues.position), asc(testRunIssues.id));
}

/** What a title is made of: the run's number, and the card's and step's order and title. */
export async function titleParts(ex: Executor, runId: string, cardId: string | null, stepId: string | null) {
  const [run] = await ex
    .select({ number: testRuns.runNumber, title: testRuns.title })
    .from(testRuns)
    .where(eq(testRuns.id, runId));
  const [card] = cardId
    ? await ex
        .select({ order: testCards.position, title: testCards.title })
        .from(testCards)
        .where(eq(testCards.id, cardId))
    : [];
  const [step] = stepId
    ? await ex
        .select({ order: testSteps.position, title: testSteps.title })
        .from(testSteps)
        .where(eq(testSteps.id, stepId))
    : [];
  return { run, card, step };
}

export interface Scope {
  runId: string;
  scope: ReportScope;
  cardId: string | null;
  stepId: string | null;
}

/**
 * The data files a scope covers, in registration order: the run's all; a card's, those associated
 * with the card or any of its steps; a step's, those associated with the step.
 */
export async function filesInScope(
  ex: Executor,
  s: Scope,
): Promise<{ files: FileRow[]; associations: AssociationRow[] }> {
  const inScope =
    s.scope === 'run'
      ? undefined
      : s.scope === 'step'
        ? eq(testDataAssociations.stepId, s.stepId!)
        : or(
            eq(testDataAssociations.cardId, s.cardId!),
            inArray(
              testDataAssociations.stepId,
              ex.select({ id: testSteps.id }).from(testSteps).where(eq(testSteps.cardId, s.cardId!)),
            ),
          );
  const files = await ex
    .select()
    .from(testDataFiles)
    .where(
      and(
        eq(testDataFiles.runId, s.runId),
        inScope
          ? inArray(
              testDataFiles.id,
              ex.select({ id: testDataAssociations.fileId }).from(testDataAssociations).where(inScope),
            )
          : undefined,
      ),
    )
    .orderBy(asc(testDataFiles.createdAt), asc(testDataFiles.id));
  const associations =
    files.length === 0
      ? []
      : await ex
          .select()
          .from(testDataAssociations)
          .where(
            inArray(
              testDataAssociations.fileId,
              files.map((f) => f.id),
            ),
          )
          .orderBy(asc(testDataAssociations.id));
  return { files, associations };
}

/** Measurement limits of the steps in scope: recorded measurements' and the steps' specs. */
export async function measurementLimits(ex: Executor, s: Scope) {
  const stepWhere =
    s.scope === 'run'
      ? eq(testSteps.runId, s.runId)
      : s.scope === 'card'
        ? eq(testSteps.cardId, s.cardId!)
        : eq(testSteps.id, s.stepId!);
  const steps = await ex
    .select({ id: testSteps.id, specs: testSteps.measurementSpecs })
    .from(testSteps)
    .where(stepWhere);
  const measured =
    steps.length === 0
      ? []
      : await ex
          .select({ name: testMeasurements.name, low: testMeasurements.low, high: testMeasurements.high })
          .from(testMeasurements)
          .where(
            inArray(
              testMeasurements.stepId,
              steps.map((x) => x.id),
            ),
          )
          .orderBy(asc(testMeasurements.position));
  const specs: MeasurementSpec[] = steps.flatMap((x) => x.specs);
  return [...specs.map((m) => ({ name: m.name, low: m.low, high: m.high })), ...measured];
}

/** pending -> running, unless the report is already final; false when it is. */
export async function markRunning(ex: Executor, id: string): Promise<boolean> {
  const rows = await ex
    .update(testRunReports)
    .set({ status: 'running', updatedAt: new Date() })
    .where(and(eq(testRunReports.id, id), OPEN))
    .returning({ id: testRunReports.id });
  return rows.length > 0;
}

/** The final move; a report already final (cancelled meanwhile) is left as it is. */
export async function finish(
  ex: Executor,
  id: string,
  patch: Pick<ReportRow, 'status'> &
    Partial<Pick<ReportRow, 'content' | 'summary' | 'findings' | 'charts' | 'error'>>,
): Promise<boolean> {
  const rows = await ex
    .update(testRunReports)
    .set({ ...patch, updatedAt: new Date() })
    .where(and(eq(testRunReports.id, id), OPEN))
    .returning({ id: testRunReports.id });
  return rows.length > 0;
}

/** The report a job run works on, with the run's liveness. */
export async function findForJob(ex: Executor, id: string) {
  const rows = await ex
    .select({ report: testRunReports, runDeleted: testRuns.deletedAt, systemId: testRuns.systemId })
    .from(testRunReports)
    .innerJoin(testRuns, eq(testRuns.id, testRunReports.runId))
    .where(eq(testRunReports.id, id));
  return rows[0];
}
