// SQL for cards, steps, measurements and observations below a run. Lookups check the whole path
// (a card of another run, a step of another card read as absent); positions: positions.repository.ts.
import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { testCards, testMeasurements, testObservations, testSteps } from '../../db/schema.js';
import type { TreeRows } from './plan.rows.js';
import type { CardRow, StepRow } from './run-tree.repository.js';

/** Rows per INSERT: far below PostgreSQL's 65,535 bind parameters even for 13-column rows. */
const CHUNK = 1000;

async function insertChunked<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < rows.length; i += CHUNK) await insert(rows.slice(i, i + CHUNK));
}

export async function insertTree(ex: Executor, rows: TreeRows): Promise<void> {
  await insertChunked(rows.cards, (c) => ex.insert(testCards).values(c));
  await insertChunked(rows.steps, (c) => ex.insert(testSteps).values(c));
  await insertChunked(rows.measurements, (c) => ex.insert(testMeasurements).values(c));
  await insertChunked(rows.observations, (c) => ex.insert(testObservations).values(c));
}

export async function findCard(ex: Executor, runId: string, cardId: string): Promise<CardRow | undefined> {
  const rows = await ex
    .select()
    .from(testCards)
    .where(and(eq(testCards.id, cardId), eq(testCards.runId, runId)))
    .limit(1);
  return rows[0];
}

export async function findStep(
  ex: Executor,
  runId: string,
  cardId: string,
  stepId: string,
): Promise<StepRow | undefined> {
  const rows = await ex
    .select()
    .from(testSteps)
    .where(and(eq(testSteps.id, stepId), eq(testSteps.cardId, cardId), eq(testSteps.runId, runId)))
    .limit(1);
  return rows[0];
}

export type CardPatch = Partial<Pick<CardRow, 'title' | 'description'>>;

export async function updateCard(ex: Executor, id: string, patch: CardPatch): Promise<void> {
  await ex
    .update(testCards)
    .set({ ...patch, updatedAt: sql`now()` })
    .where(eq(testCards.id, id));
}

export type StepPatch = Partial<
  Pick<
    StepRow,
    'title' | 'description' | 'executionStatus' | 'exception' | 'startedAt' | 'endedAt' | 'stepType'
  >
>;

export async function updateStep(ex: Executor, id: string, patch: StepPatch): Promise<void> {
  await ex
    .update(testSteps)
    .set({ ...patch, updatedAt: sql`now()` })
    .where(eq(testSteps.id, id));
}

export async function replaceMeasurements(
  ex: Executor,
  stepId: string,
  rows: TreeRows['measurements'],
): Promise<void> {
  await ex.delete(testMeasurements).where(eq(testMeasurements.stepId, stepId));
  if (rows.length > 0) await ex.insert(testMeasurements).values(rows);
}

export async function insertObservation(ex: Executor, row: TreeRows['observations'][number]) {
  return (await ex.insert(testObservations).values(row).returning())[0]!;
}

/** Deletes the card (its steps and everything below them cascade). */
export async function deleteCard(ex: Executor, id: string): Promise<void> {
  await ex.delete(testCards).where(eq(testCards.id, id));
}

export async function deleteStep(ex: Executor, id: string): Promise<void> {
  await ex.delete(testSteps).where(eq(testSteps.id, id));
}
