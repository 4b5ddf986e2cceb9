// Test runs, cards and steps inserted as rows, for suites of features below a run (data files) that
// are built beside the runs/cards/steps endpoints. A run is bound to a system made through the API
// and numbered through the per-system counter, as the runs service does. Rows, not API calls: these
// suites test what hangs below a run, and a row costs a fraction of a request.
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../src/db/client.js';
import { testCards, testRunContributors, testRunCounters, testRuns, testSteps } from '../src/db/schema.js';
import { newId } from '../src/core/ids.js';
import type { TestContext, TestUser } from './helpers.js';

export interface RunRows {
  runId: string;
  runNumber: number;
}

/** A live run of a new system (or of `systemId`), created by `user`. */
export async function insertRun(ctx: TestContext, user: TestUser, systemId?: string): Promise<RunRows> {
  const system = systemId ?? (await ctx.newSystem(user)).system_id;
  const db = ctx.database.db;
  const [counter] = await db
    .insert(testRunCounters)
    .values({ systemId: system, lastNumber: 1 })
    .onConflictDoUpdate({
      target: testRunCounters.systemId,
      set: { lastNumber: sql`${testRunCounters.lastNumber} + 1` },
    })
    .returning();
  const runId = newId();
  await db.insert(testRuns).values({
    id: runId,
    systemId: system,
    runNumber: counter!.lastNumber,
    title: `TVAC cycle ${counter!.lastNumber}`,
    createdBy: user.email,
  });
  return { runId, runNumber: counter!.lastNumber };
}

/** A card at the end of the run's cards. */
export async function insertCard(database: Database, runId: string, title = 'Hot soak'): Promise<string> {
  const id = newId();
  const [{ n }] = (await database.db
    .select({ n: sql<number>`count(*)::int` })
    .from(testCards)
    .where(eq(testCards.runId, runId))) as [{ n: number }];
  await database.db.insert(testCards).values({ id, runId, title, position: Number(n) + 1 });
  return id;
}

/** A step at the end of the card's steps. */
export async function insertStep(
  database: Database,
  runId: string,
  cardId: string,
  title = 'Hold +60 °C for 4 h',
): Promise<string> {
  const id = newId();
  const [{ n }] = (await database.db
    .select({ n: sql<number>`count(*)::int` })
    .from(testSteps)
    .where(eq(testSteps.cardId, cardId))) as [{ n: number }];
  await database.db.insert(testSteps).values({ id, cardId, runId, title, position: Number(n) + 1 });
  return id;
}

/** Soft-deletes the run, as DELETE /test-runs/{id} does. */
export async function softDeleteRun(database: Database, runId: string): Promise<void> {
  await database.db
    .update(testRuns)
    .set({ deletedAt: sql`now()` })
    .where(eq(testRuns.id, runId));
}

/** The run's `updated_at` and contributors, to see that a write recorded activity. */
export async function runActivity(
  database: Database,
  runId: string,
): Promise<{ updatedAt: Date; contributors: string[] }> {
  const [run] = await database.db
    .select({ updatedAt: testRuns.updatedAt })
    .from(testRuns)
    .where(eq(testRuns.id, runId));
  const rows = await database.db
    .select({ email: testRunContributors.email })
    .from(testRunContributors)
    .where(eq(testRunContributors.runId, runId))
    .orderBy(testRunContributors.firstAt, testRunContributors.email);
  return { updatedAt: run!.updatedAt, contributors: rows.map((r) => r.email) };
}
