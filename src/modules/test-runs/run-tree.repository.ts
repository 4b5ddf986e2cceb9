// Everything below one run, read with a fixed number of queries whatever its size (cards, steps,
// measurements, observations, data files with their associations, issue links, reports); the service
// groups the rows in JS (run-tree.present.ts). A card or step answer reads the same way, narrowed
// to that card or step where the table allows it.
import { and, asc, eq, inArray, isNull, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { reportsOfRun } from './reports.repository.js';
import {
  issues,
  testCards,
  testDataAssociations,
  testDataFiles,
  testMeasurements,
  testObservations,
  testRunAssets,
  testRunContributors,
  testRunIssues,
  testRunReports,
  testSteps,
} from '../../db/schema.js';

export interface Scope {
  runId: string;
  cardId?: string;
  stepId?: string;
}

export type CardRow = typeof testCards.$inferSelect;
export type StepRow = typeof testSteps.$inferSelect;
export type MeasurementRow = typeof testMeasurements.$inferSelect;
export type ObservationRow = typeof testObservations.$inferSelect;
export type FileRow = typeof testDataFiles.$inferSelect;
export type AssociationRow = typeof testDataAssociations.$inferSelect;
export type ReportRow = typeof testRunReports.$inferSelect;
export interface IssueLinkRow {
  cardId: string | null;
  stepId: string | null;
  uuid: string;
  title: string;
  status: string;
  priority: string;
}

export interface RunTree {
  cards: CardRow[];
  steps: StepRow[];
  measurements: MeasurementRow[];
  observations: ObservationRow[];
  files: FileRow[];
  associations: AssociationRow[];
  issueLinks: IssueLinkRow[];
  reports: ReportRow[];
}

const all = (...parts: (SQL | undefined)[]) => and(...parts.filter((p): p is SQL => p !== undefined));

export async function readTree(ex: Executor, scope: Scope): Promise<RunTree> {
  const { runId, cardId, stepId } = scope;
  const [cards, steps] = await Promise.all([
    ex
      .select()
      .from(testCards)
      .where(all(eq(testCards.runId, runId), cardId ? eq(testCards.id, cardId) : undefined))
      .orderBy(asc(testCards.position), asc(testCards.id)),
    ex
      .select()
      .from(testSteps)
      .where(
        all(
          eq(testSteps.runId, runId),
          cardId ? eq(testSteps.cardId, cardId) : undefined,
          stepId ? eq(testSteps.id, stepId) : undefined,
        ),
      )
      .orderBy(asc(testSteps.position), asc(testSteps.id)),
  ]);
  // Narrowed to the card's or step's steps; the whole run reads by run (one index range, no id list).
  const stepIds = cardId || stepId ? steps.map((s) => s.id) : undefined;
  const [measurements, observations, files, associations, issueLinks, reports] = await Promise.all([
    stepIds?.length === 0
      ? []
      : ex
          .select()
          .from(testMeasurements)
          .where(
            all(
              eq(testMeasurements.runId, runId),
              stepIds ? inArray(testMeasurements.stepId, stepIds) : undefined,
            ),
          )
          .orderBy(asc(testMeasurements.position)),
    stepIds?.length === 0
      ? []
      : ex
          .select()
          .from(testObservations)
          .where(
            all(
              eq(testObservations.runId, runId),
              stepIds ? inArray(testObservations.stepId, stepIds) : undefined,
            ),
          )
          .orderBy(asc(testObservations.createdAt), asc(testObservations.id)),
    ex
      .select()
      .from(testDataFiles)
      .where(eq(testDataFiles.runId, runId))
      .orderBy(asc(testDataFiles.createdAt), asc(testDataFiles.id)),
    ex
      .select({
        id: testDataAssociations.id,
        fileId: testDataAssociations.fileId,
        cardId: testDataAssociations.cardId,
        stepId: testDataAssociations.stepId,
      })
      .from(testDataAssociations)
      .innerJoin(testDataFiles, eq(testDataFiles.id, testDataAssociations.fileId))
      .where(eq(testDataFiles.runId, runId))
      .orderBy(asc(testDataAssociations.id)),
    ex
      .select({
        cardId: testRunIssues.cardId,
        stepId: testRunIssues.stepId,
        uuid: issues.id,
        title: issues.title,
        status: issues.status,
        priority: issues.priority,
      })
      .from(testRunIssues)
      .innerJoin(issues, eq(issues.id, testRunIssues.issueId))
      .where(and(eq(testRunIssues.runId, runId), isNull(issues.deletedAt)))
      .orderBy(asc(testRunIssues.position), asc(testRunIssues.id)),
    // With the status their job run implies (a cancelled run's report reads cancelled).
    reportsOfRun(ex, runId),
  ]);
  return { cards, steps, measurements, observations, files, associations, issueLinks, reports };
}

/** The run's assets in the order given, and its contributors in order of arrival. */
export async function runMembers(ex: Executor, runId: string) {
  const [assets, contributors] = await Promise.all([
    ex
      .select({ id: testRunAssets.entityId })
      .from(testRunAssets)
      .where(eq(testRunAssets.runId, runId))
      .orderBy(asc(testRunAssets.position)),
    ex
      .select({ email: testRunContributors.email })
      .from(testRunContributors)
      .where(eq(testRunContributors.runId, runId))
      .orderBy(asc(testRunContributors.firstAt), asc(testRunContributors.email)),
  ]);
  return { assetIds: assets.map((a) => a.id), contributors: contributors.map((c) => c.email) };
}
