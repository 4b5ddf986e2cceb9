// Test runs: team-wide, like issues (every signed-in user reads and changes every run). A run is
// created in one transaction with its number, assets, issue links and the cards its templates or a
// plan give; every write below a run locks the run's row, records the writer as a contributor and
// moves updated_at (withRun). A deleted run and everything below it read as absent.
import type { Actor } from '../../core/auth.js';
import { Errors, type FieldError } from '../../core/errors.js';
import { iso, newId } from '../../core/ids.js';
import type { Page } from '../../core/schemas.js';
import type { Db, Tx } from '../../db/client.js';
import * as systemsRepo from '../systems/systems.repository.js';
import { cardPlanOf, type TestCardTemplatesService } from '../test-card-templates/templates.service.js';
import * as cardsRepo from './cards.repository.js';
import { treeRows } from './plan.rows.js';
import { recordRunActivity } from './run-activity.repository.js';
import { presenter } from './run-tree.present.js';
import * as searchIndex from './search-index.repository.js';
import * as treeRepo from './run-tree.repository.js';
import { measurementErrors } from './measurements.rules.js';
import * as listRepo from './test-runs-list.repository.js';
import * as repo from './test-runs.repository.js';
import * as yieldBuckets from './yield-buckets.repository.js';
import type { CreateRunBody, ListRunsQuery, UpdateRunBody } from './test-runs.requests.js';
import {
  STEP_EXECUTION_STATUSES,
  type RunPlan,
  type TestRun,
  type TestRunSummary,
} from './test-runs.schemas.js';

export const testRunId = (n: number) => `TR-${String(n).padStart(4, '0')}`;

const unique = (ids: readonly string[] | undefined) => [
  ...new Set((ids ?? []).map((id) => id.toLowerCase())),
];

const unknownIn = (
  field: string,
  ids: readonly string[],
  known: Set<string>,
  message: string,
): FieldError[] =>
  ids.flatMap((id, i) => (known.has(id.toLowerCase()) ? [] : [{ path: `body.${field}[${i}]`, message }]));

/** Completed = any status but `todo` (design.md); 0 for a run without steps. */
export function completionPct(counts: Record<string, number>): number {
  const total = Object.values(counts).reduce((a, b) => a + b, 0);
  return total === 0 ? 0 : ((total - (counts.todo ?? 0)) / total) * 100;
}

export class TestRunsService {
  constructor(
    private readonly db: Db,
    private readonly templates: TestCardTemplatesService,
  ) {}

  /** The live run, or 404 (cards, steps and other modules check a run through this). */
  async liveRun(id: string): Promise<repo.RunRow> {
    const row = await repo.findLiveRun(this.db, id);
    if (!row) throw Errors.notFound('test run');
    return row;
  }

  /**
   * One write below a live run: locks its row (positions and counts move one writer at a time),
   * runs `write`, records the actor as contributor and moves the run's updated_at, all in one
   * transaction. 404 when the run is gone.
   */
  async withRun<T>(actor: Actor, runId: string, write: (tx: Tx, run: repo.RunRow) => Promise<T>): Promise<T> {
    return this.db.transaction(async (tx) => {
      const run = await repo.lockLiveRun(tx, runId);
      if (!run) throw Errors.notFound('test run');
      // The analytics' first-pass sums follow every write below the run, in its transaction.
      const result = await yieldBuckets.tracking(tx, runId, () => write(tx, run));
      await recordRunActivity(tx, runId, actor.email);
      return result;
    });
  }

  async create(actor: Actor, body: CreateRunBody): Promise<TestRun> {
    const templates = await this.templates.liveTemplates(
      body.template_ids ?? [],
      (i) => `body.template_ids[${i}]`,
    );
    return this.createFromPlan(actor, {
      system_id: body.system_id,
      title: body.title,
      description: body.description,
      asset_ids: body.asset_ids,
      issue_ids: body.issue_ids,
      cards: templates.map((t) => cardPlanOf(t)),
    });
  }

  /**
   * Creates a run with its cards, steps, measurements and observations in one transaction (templates
   * and the JUnit import). 404 for a system that is not live; 400 naming each asset that is not a
   * live, approved entity of that system, each issue that is not live, each bad measurement limit.
   */
  async createFromPlan(actor: Actor, plan: RunPlan): Promise<TestRun> {
    const assetIds = unique(plan.asset_ids);
    const issueIds = unique(plan.issue_ids);
    const system = await systemsRepo.findLiveSystem(this.db, plan.system_id);
    if (!system) throw Errors.notFound('system');
    const [assets, issues] = await Promise.all([
      repo.assetIdsOf(this.db, system.id, assetIds),
      repo.liveIssueIds(this.db, issueIds),
    ]);
    const problems = [
      ...unknownIn('asset_ids', plan.asset_ids ?? [], assets, 'names no live, approved entity of the system'),
      ...unknownIn('issue_ids', plan.issue_ids ?? [], issues, 'names no live issue'),
      ...plan.cards.flatMap((card, i) =>
        card.steps.flatMap((step, j) =>
          measurementErrors(step.measurements ?? [], `plan.cards[${i}].steps[${j}].measurements`),
        ),
      ),
    ];
    if (problems.length > 0) throw Errors.validation(problems);
    const runId = await this.db.transaction(async (tx) => {
      const run = await repo.insertRun(tx, {
        id: newId(),
        systemId: system.id,
        runNumber: await repo.nextRunNumber(tx, system.id),
        title: plan.title,
        description: plan.description ?? '',
        createdBy: actor.email,
        creatorId: actor.userId,
      });
      await repo.linkAssets(tx, run.id, assetIds);
      await repo.linkIssues(
        tx,
        issueIds.map((issueId) => ({ id: newId(), runId: run.id, issueId })),
      );
      await cardsRepo.insertTree(tx, treeRows(run.id, plan.cards, 1, actor));
      await yieldBuckets.applyChange(tx, [], await yieldBuckets.runContribution(tx, run.id));
      await recordRunActivity(tx, run.id, actor.email);
      return run.id;
    });
    return this.get(actor, runId);
  }

  /** The detail: the run and everything below it in a fixed number of queries. */
  async get(_actor: Actor, id: string): Promise<TestRun> {
    const run = await this.liveRun(id);
    const [systemName, members, tree] = await Promise.all([
      repo.systemName(this.db, run.systemId),
      treeRepo.runMembers(this.db, id),
      treeRepo.readTree(this.db, { runId: id }),
    ]);
    const show = presenter(tree);
    return {
      uuid: run.id,
      test_run_id: testRunId(run.runNumber),
      title: run.title,
      description: run.description,
      system_id: run.systemId,
      system_name: systemName,
      asset_ids: members.assetIds,
      issues: show.runIssues(),
      test_cards: show.cards(),
      test_data: show.runFiles(),
      reports: show.runReports(),
      contributors: members.contributors,
      created_by: run.createdBy,
      created_at: iso(run.createdAt),
      updated_at: iso(run.updatedAt),
    };
  }

  /** Summaries newest first: three queries per page whatever its size (test-runs-list.repository.ts). */
  async list(_actor: Actor, query: ListRunsQuery): Promise<Page<TestRunSummary>> {
    const { ids, count } = await listRepo.listRunIds(this.db, {
      systemId: query.system_id,
      createdAfter: query.created_after ? new Date(query.created_after) : undefined,
      createdBefore: query.created_before ? new Date(query.created_before) : undefined,
      hasReports: query.has_reports,
      limit: query.limit,
      offset: query.offset,
    });
    const rows = new Map((await listRepo.summaries(this.db, ids)).map((r) => [r.id, r]));
    return { items: ids.flatMap((id) => (rows.has(id) ? [toSummary(rows.get(id)!)] : [])), count };
  }

  /** Only the fields given change; `{}` changes nothing, updated_at and contributors included. */
  async update(actor: Actor, id: string, body: UpdateRunBody): Promise<TestRun> {
    const patch: Parameters<typeof repo.updateRun>[2] = {};
    if (body.title !== undefined) patch.title = body.title;
    if (body.description !== undefined) patch.description = body.description;
    if (Object.keys(patch).length === 0) return this.get(actor, id);
    await this.withRun(actor, id, (tx) => repo.updateRun(tx, id, patch));
    return this.get(actor, id);
  }

  async remove(_actor: Actor, id: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      if (!(await repo.lockLiveRun(tx, id))) throw Errors.notFound('test run');
      // A deleted run counts in no analytics: its first-pass sums go with it.
      await yieldBuckets.applyChange(tx, await yieldBuckets.runContribution(tx, id), []);
      await repo.softDeleteRun(tx, id);
      // Gone from semantic search with the same commit, not when a job gets to it.
      await searchIndex.forgetRun(tx, id);
    });
  }
}

/** A summary row as GET /test-runs and the search answer it. */
export function toSummary(r: listRepo.SummaryRow): TestRunSummary {
  const counts = Object.fromEntries(
    STEP_EXECUTION_STATUSES.map((s) => [s, Number(r.status_counts?.[s] ?? 0)]),
  ) as TestRunSummary['step_status_counts'];
  const assetNames = r.asset_names ?? [];
  return {
    uuid: r.id,
    test_run_id: testRunId(r.run_number),
    title: r.title,
    system_id: r.system_id,
    system_name: r.system_name,
    completion_pct: completionPct(counts),
    step_status_counts: counts,
    contributors: r.contributors ?? [],
    asset_names: assetNames,
    asset_count: assetNames.length,
    issue_count: Number(r.issue_count),
    card_count: Number(r.card_count),
    file_count: Number(r.file_count),
    report_count: Number(r.report_count),
    created_by: r.created_by,
    created_at: iso(new Date(r.created_at)),
    updated_at: iso(new Date(r.updated_at)),
  };
}
