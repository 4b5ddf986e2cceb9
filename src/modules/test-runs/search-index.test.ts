// Keeping the semantic index fresh, with no worker running (HWA_WORKER_CONCURRENCY=0) so the queue can
// be read as the writes leave it: a burst of writes to a run is one pending indexing run; a claimed or
// cancelled one does not swallow later writes. The job, run here by hand with a counting embedder,
// embeds each distinct text once across runs, nothing when nothing changed, and only what changed.
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { unitLength, type Embedder } from '../../analysis/embeddings.js';
import { newId } from '../../core/ids.js';
import { queryRows } from '../../db/client.js';
import { testRunReports } from '../../db/schema.js';
import type { JobContext } from '../../jobs/registry.js';
import { ok, testApp, type TestContext, type TestUser } from '../../../test/helpers.js';
import { runClient } from '../../../test/test-run-helpers.js';
import { testRunEmbeddingJob } from './test-run-embedding.job.js';
import {
  requestIndexingForModel,
  requestIndexingOfReportFindings,
  requestIndexingOfUnindexedRuns,
  requestIndexingOfWholeComponents,
} from './search-index-queue.repository.js';
import { textHash } from './search-texts.js';

let ctx: TestContext;
let ann: TestUser;
let client: ReturnType<typeof runClient>;

beforeAll(async () => {
  ctx = await testApp({ env: { HWA_WORKER_CONCURRENCY: '0' } });
  ann = await ctx.newUser();
  client = runClient(ctx, ann);
});

const indexingRuns = (runId: string) =>
  queryRows<{ id: string; status: string; job_id: string }>(
    ctx.database.db,
    sql`SELECT id, status, job_id FROM job_runs
      WHERE job_type = 'test_run_embedding' AND config->>'test_run_id' = ${runId} ORDER BY created_at, id`,
  );

/** An embedder that records every text it is asked for: a vector made from the text's hash. */
function countingEmbedder(): Embedder & { texts: string[] } {
  const texts: string[] = [];
  return {
    model: 'test:counting-8',
    texts,
    embed(batch) {
      texts.push(...batch);
      return Promise.resolve(
        batch.map((t) =>
          unitLength([...Buffer.from(textHash(t), 'hex').subarray(0, 8)].map((b) => b - 127.5)),
        ),
      );
    },
  };
}

async function runJob(embedder: Embedder, runId: string): Promise<void> {
  const job = testRunEmbeddingJob(embedder);
  await job.handler!({
    run: { id: 'manual', jobId: 'manual', jobType: job.jobType, attempt: 1, createdBy: ann.email },
    config: { job_type: 'test_run_embedding', test_run_id: runId },
    signal: new AbortController().signal,
    saved: undefined,
    progress: () => Promise.resolve(),
    checkpoint: () => Promise.resolve(),
    addOutputReference: () => Promise.resolve(),
    db: ctx.database.db,
  } as unknown as JobContext<{ job_type: 'test_run_embedding'; test_run_id: string }>);
}

describe('indexing requests', () => {
  it('makes one pending run of one job for a burst of writes to a run', async () => {
    const run = await client.run({ title: 'TVAC cycle 3' });
    const card = await client.card(run.uuid, { title: 'Hot plateau' });
    const step = await client.step(run.uuid, card.uuid, { title: 'Soak at +60 C' });
    await client.step(run.uuid, card.uuid, { title: 'Functional test at +60 C' });
    ok(await client.patchStep(run.uuid, card.uuid, step.uuid, { description: 'Dwell 4 h' }));
    const runs = await indexingRuns(run.uuid);
    expect(runs.map((r) => r.status)).toEqual(['pending']);
    const [job] = await queryRows<{ name: string; job_type: string }>(
      ctx.database.db,
      sql`SELECT name, job_type FROM jobs WHERE id = ${runs[0]!.job_id}`,
    );
    expect(job).toEqual({ name: `Index ${run.test_run_id} for search`, job_type: 'test_run_embedding' });
  });

  it('enqueues again once the pending run is claimed, or cancelled, into the same job', async () => {
    const run = await client.run({ title: 'EMC pre-scan' });
    const [first] = await indexingRuns(run.uuid);
    await ctx.database.db.execute(sql`UPDATE job_runs SET status = 'running' WHERE id = ${first!.id}`);
    await client.card(run.uuid, { title: 'Radiated emissions' });
    await client.card(run.uuid, { title: 'Conducted emissions' });
    const afterClaim = await indexingRuns(run.uuid);
    expect(afterClaim.map((r) => r.status)).toEqual(['running', 'pending']);
    await ctx.database.db.execute(
      sql`UPDATE job_runs SET status = 'cancelled' WHERE id = ${afterClaim[1]!.id}`,
    );
    await client.card(run.uuid, { title: 'Susceptibility' });
    const afterCancel = await indexingRuns(run.uuid);
    expect(afterCancel.map((r) => r.status)).toEqual(['running', 'cancelled', 'pending']);
    expect(new Set(afterCancel.map((r) => r.job_id)).size).toBe(1);
  });
});

describe('requestIndexingOfUnindexedRuns', () => {
  it('queues each live run never queued (made before semantic search, or loaded by SQL), once', async () => {
    const run = await client.run({ title: 'Loaded by SQL' });
    const gone = await client.run({ title: 'Deleted' });
    expect((await ann.call('DELETE', `/test-runs/${gone.uuid}`)).status).toBe(204);
    await ctx.database.db.execute(
      sql`DELETE FROM job_runs WHERE config->>'test_run_id' IN (${run.uuid}, ${gone.uuid})`,
    );
    await ctx.database.db.execute(
      sql`DELETE FROM test_run_search_state WHERE run_id IN (${run.uuid}, ${gone.uuid})`,
    );
    expect(await requestIndexingOfUnindexedRuns(ctx.database.db, 1)).toBe(1);
    expect((await indexingRuns(run.uuid)).map((r) => r.status)).toEqual(['pending']);
    expect(await indexingRuns(gone.uuid)).toEqual([]);
    expect(await requestIndexingOfUnindexedRuns(ctx.database.db)).toBe(0);
  });
});

describe('requestIndexingForModel', () => {
  it('after a model change, queues each live run whose texts lack a vector of the new model, once', async () => {
    const embedder = countingEmbedder();
    const run = await client.run({ title: 'Thermal balance' });
    const gone = await client.run({ title: 'Thermal balance, aborted' });
    for (const r of [run, gone]) {
      await runJob(embedder, r.uuid);
      await ctx.database.db.execute(
        sql`UPDATE job_runs SET status = 'completed', finished_at = now()
            WHERE config->>'test_run_id' = ${r.uuid} AND status = 'pending'`,
      );
    }
    expect((await ann.call('DELETE', `/test-runs/${gone.uuid}`)).status).toBe(204);
    const before = await indexingRuns(run.uuid);

    // Same model: nothing stored of another, so nothing is even looked for.
    expect(await requestIndexingForModel(ctx.database.db, embedder.model)).toBe(0);
    expect(await indexingRuns(run.uuid)).toEqual(before);

    expect(await requestIndexingForModel(ctx.database.db, 'test:new-model')).toBeGreaterThanOrEqual(1);
    const after = await indexingRuns(run.uuid);
    expect(after.slice(0, before.length)).toEqual(before);
    expect(after.slice(before.length).map((r) => r.status)).toEqual(['pending']);
    expect((await indexingRuns(gone.uuid)).filter((r) => r.status === 'pending')).toEqual([]);
    // A restart before a worker took it adds nothing: the waiting run is enough.
    await requestIndexingForModel(ctx.database.db, 'test:new-model');
    expect(await indexingRuns(run.uuid)).toEqual(after);
  });
});

describe('the test_run_embedding job', () => {
  it('embeds each distinct text once across runs, nothing when nothing changed, and only what changed', async () => {
    const embedder = countingEmbedder();
    const template = await client.template({
      title: 'Functional test',
      steps: [{ title: 'Power on', description: 'Nominal bus voltage' }, { title: 'Check telemetry' }],
    });
    const system = await ctx.newSystem(ann);
    const a = await client.run({
      title: 'FT after vibration',
      system_id: system.system_id,
      template_ids: [template.uuid],
    });
    const b = await client.run({
      title: 'FT after TVAC',
      system_id: system.system_id,
      template_ids: [template.uuid],
    });
    await runJob(embedder, a.uuid);
    // Run, card (its title and the template's empty description), two steps: four texts.
    expect(embedder.texts).toHaveLength(4);
    await runJob(embedder, b.uuid);
    expect(embedder.texts.slice(4)).toEqual(['FT after TVAC']); // the card and steps say what a's do
    await runJob(embedder, b.uuid);
    expect(embedder.texts).toHaveLength(5);

    const detail = await client.get(b.uuid);
    const card = detail.test_cards[0]!;
    const step = card.test_steps[1]!;
    ok(await client.patchStep(b.uuid, card.uuid, step.uuid, { title: 'Check telemetry at 1 Hz' }));
    await runJob(embedder, b.uuid);
    expect(embedder.texts.slice(5)).toEqual(['Check telemetry at 1 Hz']);
    const components = await queryRows<{ n: number }>(
      ctx.database.db,
      sql`SELECT count(*)::int AS n FROM test_run_search_components WHERE run_id IN (${a.uuid}, ${b.uuid})`,
    );
    expect(Number(components[0]!.n)).toBe(8);
    // a still says "Check telemetry": its vector stays.
    const [kept] = await queryRows<{ n: number }>(
      ctx.database.db,
      sql`SELECT count(*)::int AS n FROM test_run_search_texts WHERE text_hash = ${textHash('Check telemetry')}`,
    );
    expect(Number(kept!.n)).toBe(1);
  });

  it('leaves a deleted run out of the index, even when its job runs after the deletion', async () => {
    const embedder = countingEmbedder();
    const run = await client.run({ title: 'Thermal balance' });
    await runJob(embedder, run.uuid);
    expect((await ann.call('DELETE', `/test-runs/${run.uuid}`)).status).toBe(204);
    await runJob(embedder, run.uuid);
    const [left] = await queryRows<{ n: number }>(
      ctx.database.db,
      sql`SELECT count(*)::int AS n FROM test_run_search_components WHERE run_id = ${run.uuid}`,
    );
    expect(Number(left!.n)).toBe(0);
  });
});

describe('requestIndexingOfWholeComponents', () => {
  it('queues each live run still indexed as whole components, and its job replaces them by parts', async () => {
    const embedder = countingEmbedder();
    const run = await client.run({ title: 'Indexed before parts' });
    const card = await client.card(run.uuid, { title: 'Reaction wheel spin-up' });
    await client.step(run.uuid, card.uuid, {
      title: 'Spin up to 3000 rpm',
      description: 'Check the ADCS current at +25C',
    });
    await runJob(embedder, run.uuid);
    await ctx.database.db.execute(
      sql`UPDATE job_runs SET status = 'completed', finished_at = now()
          WHERE config->>'test_run_id' = ${run.uuid} AND status = 'pending'`,
    );
    // As migration test_run_search_parts left a run indexed before: one 'whole' row per component.
    await ctx.database.db.execute(sql`DELETE FROM test_run_search_components WHERE run_id = ${run.uuid}`);
    await ctx.database.db.execute(sql`INSERT INTO test_run_search_components
        (component_type, component_id, part, run_id, system_id, text_hash)
      VALUES ('card', ${card.uuid}, 'whole', ${run.uuid}, ${run.system_id}, ${textHash('whole text')})`);

    expect(await requestIndexingOfWholeComponents(ctx.database.db)).toBe(1);
    expect((await indexingRuns(run.uuid)).at(-1)!.status).toBe('pending');
    await runJob(embedder, run.uuid);
    const parts = await queryRows<{ component_type: string; part: string }>(
      ctx.database.db,
      sql`SELECT component_type, part FROM test_run_search_components WHERE run_id = ${run.uuid}
        ORDER BY component_type, part`,
    );
    expect(parts).toEqual([
      { component_type: 'card', part: 'title' },
      { component_type: 'run', part: 'title' },
      { component_type: 'step', part: 'description' },
      { component_type: 'step', part: 'title' },
    ]);
    expect(await requestIndexingOfWholeComponents(ctx.database.db)).toBe(0);
  });
});

describe('requestIndexingOfReportFindings', () => {
  it("queues a run whose report's findings are not indexed as parts, and its job indexes them", async () => {
    const embedder = countingEmbedder();
    const run = await client.run({ title: 'Reported before findings were embedded' });
    const reportId = newId();
    await ctx.database.db.insert(testRunReports).values({
      id: reportId,
      runId: run.uuid,
      scope: 'run',
      title: 'Analysis of the cycle',
      summary: '1 finding in 1 file analysed.',
      status: 'completed',
      findings: [{ kind: 'stuck', channels: ['tc_3_degC'], description: 'tc_3_degC stuck at 27.23 degC' }],
      createdBy: ann.email,
    });
    await runJob(embedder, run.uuid);
    const findingParts = () =>
      queryRows<{ part: string }>(
        ctx.database.db,
        sql`SELECT part FROM test_run_search_components WHERE component_id = ${reportId} AND part LIKE 'finding%'`,
      );
    expect(await findingParts()).toEqual([{ part: 'finding_1' }]);
    expect(embedder.texts).toContain('tc 3 temperature sensor stuck: its reading frozen, flat, not changing');
    await ctx.database.db.execute(
      sql`UPDATE job_runs SET status = 'completed', finished_at = now()
          WHERE config->>'test_run_id' = ${run.uuid} AND status = 'pending'`,
    );
    // Indexed: nothing to queue. As a report indexed before findings were parts: queued once.
    expect(await requestIndexingOfReportFindings(ctx.database.db)).toBe(0);
    await ctx.database.db.execute(
      sql`DELETE FROM test_run_search_components WHERE component_id = ${reportId} AND part LIKE 'finding%'`,
    );
    expect(await requestIndexingOfReportFindings(ctx.database.db)).toBe(1);
    expect((await indexingRuns(run.uuid)).at(-1)!.status).toBe('pending');
    await runJob(embedder, run.uuid);
    expect(await findingParts()).toEqual([{ part: 'finding_1' }]);
  });
});
