// Test runs written straight into the tables, for suites that read runs (analytics, later reports and
// search) without depending on the endpoints that create them. Each call makes one run with its cards,
// steps and measurements as described, numbering it from the system's counter as the service does,
// and computing each measurement's outcome from its limits (the rule in MeasurementSchema), and adding
// the run to the analytics' first-pass sums (yield-buckets.repository.ts) as the service does.
import { sql } from 'drizzle-orm';
import { newId } from '../src/core/ids.js';
import { queryRows, type Executor } from '../src/db/client.js';
import { testCards, testMeasurements, testRuns, testSteps } from '../src/db/schema.js';
import type {
  MeasurementInput,
  MeasurementOutcome,
  StepExecutionStatus,
} from '../src/modules/test-runs/test-runs.schemas.js';
import { applyChange, runContribution } from '../src/modules/test-runs/yield-buckets.repository.js';

export interface StepSeed {
  title: string;
  status?: StepExecutionStatus;
  measurements?: MeasurementInput[];
}
export interface CardSeed {
  title: string;
  steps: StepSeed[];
}
export interface RunSeed {
  systemId: string;
  title?: string;
  createdBy?: string;
  createdAt?: Date;
  cards: CardSeed[];
}

export function outcomeOf(m: MeasurementInput): MeasurementOutcome {
  if ((m.low != null && m.value < m.low) || (m.high != null && m.value > m.high)) return 'fail';
  if (
    (m.marginal_low != null && m.value < m.marginal_low) ||
    (m.marginal_high != null && m.value > m.marginal_high)
  )
    return 'marginal';
  return 'pass';
}

/** Inserts one run as described; answers its id and run number. */
export async function insertRun(ex: Executor, seed: RunSeed): Promise<{ id: string; runNumber: number }> {
  const [counter] = await queryRows<{ n: number }>(
    ex,
    sql`INSERT INTO test_run_counters (system_id, last_number) VALUES (${seed.systemId}, 1)
        ON CONFLICT (system_id) DO UPDATE SET last_number = test_run_counters.last_number + 1
        RETURNING last_number AS n`,
  );
  const runId = newId();
  const createdAt = seed.createdAt ?? new Date();
  await ex.insert(testRuns).values({
    id: runId,
    systemId: seed.systemId,
    runNumber: counter!.n,
    title: seed.title ?? `Run ${counter!.n}`,
    createdBy: seed.createdBy ?? 'factory@example.com',
    createdAt,
    updatedAt: createdAt,
  });
  for (const [c, card] of seed.cards.entries()) {
    const cardId = newId();
    await ex.insert(testCards).values({ id: cardId, runId, title: card.title, position: c + 1 });
    for (const [s, step] of card.steps.entries()) {
      const stepId = newId();
      await ex.insert(testSteps).values({
        id: stepId,
        cardId,
        runId,
        title: step.title,
        position: s + 1,
        executionStatus: step.status ?? 'todo',
      });
      const measurements = step.measurements ?? [];
      if (measurements.length === 0) continue;
      await ex.insert(testMeasurements).values(
        measurements.map((m, i) => ({
          id: newId(),
          stepId,
          runId,
          position: i + 1,
          name: m.name,
          value: m.value,
          units: m.units ?? null,
          low: m.low ?? null,
          high: m.high ?? null,
          marginalLow: m.marginal_low ?? null,
          marginalHigh: m.marginal_high ?? null,
          outcome: outcomeOf(m),
        })),
      );
    }
  }
  // As the service does in the run's transaction: the analytics read these sums.
  await applyChange(ex, [], await runContribution(ex, runId));
  return { id: runId, runNumber: counter!.n };
}

/** Soft-deletes a run, as DELETE /test-runs/{id} does. */
export async function deleteRun(ex: Executor, runId: string): Promise<void> {
  await applyChange(ex, await runContribution(ex, runId), []);
  await ex.execute(sql`UPDATE test_runs SET deleted_at = now() WHERE id = ${runId}`);
}
