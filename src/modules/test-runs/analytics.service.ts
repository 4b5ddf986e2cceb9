// Test-run analytics (GET /test-runs/analytics): first-pass yield per card and step title and the
// statistics of every measurement name over one live system's runs, optionally in a time window.
// The database computes every number (analytics.repository.ts); here the scope is checked and the
// grouped rows are shaped.
//
// Yields are read from first-pass sums kept at write time (yield-buckets.repository.ts): grouping
// 2,000,000 steps on every request took 3.05 s (p50) on PostgreSQL at load ~9 on 2 cores, over the
// 1 s target (bench/RESULTS.md, test runs).
import { Errors } from '../../core/errors.js';
import type { Db } from '../../db/client.js';
import * as systemsRepo from '../systems/systems.repository.js';
import * as repo from './analytics.repository.js';
import type { Analytics, AnalyticsQuery, CardYield, StepYield } from './analytics.schemas.js';

/** passed / (passed + failed); null when nothing has a final status yet. */
export function firstPassYield(row: { passed: number; failed: number }): number | null {
  const decided = row.passed + row.failed;
  return decided === 0 ? null : row.passed / decided;
}

function toYield(row: repo.YieldRow): CardYield {
  return {
    title: row.title,
    runs: row.runs,
    passed: row.passed,
    passed_with_exception: row.passed_with_exception,
    failed: row.failed,
    pending: row.pending,
    first_pass_yield: firstPassYield(row),
  };
}

export class TestRunAnalyticsService {
  constructor(private readonly db: Db) {}

  async analytics(query: AnalyticsQuery): Promise<Analytics> {
    if (!(await systemsRepo.findLiveSystem(this.db, query.system_id))) throw Errors.notFound('system');
    const scope: repo.RunScope = {
      systemId: query.system_id,
      after: query.created_after === undefined ? undefined : new Date(query.created_after),
      before: query.created_before === undefined ? undefined : new Date(query.created_before),
    };
    // Four independent reads: on PostgreSQL each takes its own pooled connection and they run at once.
    const [runCount, cards, steps, measurements] = await Promise.all([
      repo.countRuns(this.db, scope),
      repo.cardYields(this.db, scope),
      repo.stepYields(this.db, scope),
      repo.measurementStats(this.db, scope),
    ]);
    return {
      system_id: query.system_id,
      run_count: runCount,
      cards: cards.map(toYield),
      steps: steps.map((row): StepYield => ({ card_title: row.card_title ?? '', ...toYield(row) })),
      measurements: measurements.map(({ pass, marginal, fail, ...stats }) => ({
        ...stats,
        outcomes: { pass, marginal, fail },
      })),
    };
  }
}
