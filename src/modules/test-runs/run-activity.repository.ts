// Every write inside a run (its cards, steps, data files, reports) goes through here in the same
// transaction: the run's `updated_at` moves, the writer becomes one of its `contributors`, and the
// run is queued for semantic indexing (one pending run per burst of writes).
import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { testRunContributors, testRuns } from '../../db/schema.js';
import { requestRunIndexing } from './search-index-queue.repository.js';

export async function recordRunActivity(ex: Executor, runId: string, email: string): Promise<void> {
  await ex
    .update(testRuns)
    .set({ updatedAt: sql`now()` })
    .where(eq(testRuns.id, runId));
  await ex.insert(testRunContributors).values({ runId, email }).onConflictDoNothing();
  await requestRunIndexing(ex, runId, email);
}
