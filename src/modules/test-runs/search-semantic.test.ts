// Semantic test-run search with the real built-in model (offline, ~10-200 ms a text here): a step and a
// report found by words that share none of theirs, through the worker that indexes each change; a
// step found by a paraphrase of its exception among steps of its template (each part its own vector);
// filters; a change re-indexed; a deleted run gone at once; null when the model fails, hangs or has
// indexed nothing. The texts are few: each costs the model time on a shared 2-core machine.
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { builtinEmbedder, type Embedder } from '../../analysis/embeddings.js';
import { newId } from '../../core/ids.js';
import { queryRows } from '../../db/client.js';
import { testRunReports } from '../../db/schema.js';
import { ok, testApp, type TestContext, type TestUser } from '../../../test/helpers.js';
import { runClient } from '../../../test/test-run-helpers.js';
import { recordRunActivity } from './run-activity.repository.js';
import { semanticSearch, type SemanticSearch } from './search-semantic.js';
import { textHash } from './search-texts.js';
import type { TestRun, TestStep } from './test-runs.schemas.js';

const WHEEL_STEP = 'Measure reaction wheel motor current creep over 12 h';
const DISTRACTORS = [
  'Soak at -40 °C for 4 h',
  'Verify UHF transceiver link margin at maximum range',
  'Inspect harness connector J3.2 for bent pins',
  'Measure battery voltage during simulated eclipse',
  'Record magnetometer noise floor with heaters off',
];
const HOT_SUMMARY = 'Battery pack temperature exceeded the 45 °C limit after two hours of the hot soak.';
/** What an engineer wrote in one step's exception, and how they remember it months later. */
const CREPT = 'reaction wheel current crept up';
const CREPT_PARAPHRASE = 'wheel motor draw slowly increasing';
/**
 * Steps of a templated procedure, as the benchmark makes them (bench/test-runs-search-data.mjs), about
 * wheels, currents and power; the exception is planted in the first. Their card, "Reaction wheel
 * spin-up", is nearer the paraphrase than the planted step's whole text (cosine 0.62 against 0.57 with
 * the built-in model), which one vector per component therefore answered second; its exception alone
 * is nearer than both.
 */
const TEMPLATED = [
  ['Spin up to 3000 rpm', 'Check the ADCS current at +25C'],
  ['Spin up to 3000 rpm', 'Check the ADCS power at -40C'],
  ['Spin up to 3000 rpm', 'Check the ADCS current at +85C'],
  ['Spin down', 'Check the ADCS current at +60C'],
  ['Measure rail current', 'Check the ADCS current at +25C'],
  ['Measure rail current', 'Check the EPS power at -20C'],
  ['Check heater duty', 'Check the thermal current at 0C'],
  ['Record housekeeping', 'Check the ADCS frequency at +25C'],
  ['Discharge at 2 A', 'Check the battery current at +60C'],
  ['Power on', 'Check the payload power at +25C'],
] as const;

let ctx: TestContext;
let ann: TestUser;
let client: ReturnType<typeof runClient>;
let search: SemanticSearch;

/** Waits until every indexing run of `runId` has ended, and expects each to have completed. */
async function indexed(runId: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const runs = await queryRows<{ status: string }>(
      ctx.database.db,
      sql`SELECT status FROM job_runs WHERE job_type = 'test_run_embedding' AND config->>'test_run_id' = ${runId}`,
    );
    if (runs.length > 0 && runs.every((r) => ['completed', 'failed', 'cancelled'].includes(r.status))) {
      expect(runs.map((r) => r.status)).toEqual(runs.map(() => 'completed'));
      return;
    }
    if (Date.now() > deadline) throw new Error(`run ${runId} not indexed: ${JSON.stringify(runs)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** A run of a new system with one card of the wheel step and the distractors. */
async function wheelRun(): Promise<{ run: TestRun; steps: TestStep[]; cardId: string }> {
  const run = await client.run({ title: 'ADCS functional test', description: 'Attitude control checkout' });
  const card = await client.card(run.uuid, { title: 'Actuators and sensors' });
  const steps: TestStep[] = [];
  for (const title of [WHEEL_STEP, ...DISTRACTORS])
    steps.push(await client.step(run.uuid, card.uuid, { title }));
  return { run, steps, cardId: card.uuid };
}

let wheel: Awaited<ReturnType<typeof wheelRun>>;

beforeAll(async () => {
  ctx = await testApp();
  ann = await ctx.newUser();
  client = runClient(ctx, ann);
  search = semanticSearch(ctx.database.db, builtinEmbedder(), { queryTimeoutMs: 30_000 });
  wheel = await wheelRun();
  await indexed(wheel.run.uuid);
}, 120_000);

describe('semanticSearch', () => {
  it('finds a step by meaning alone: "wheel current slowly increasing" tops with the creep step', async () => {
    const hits = await search('wheel current slowly increasing', { limit: 5 });
    expect(hits).not.toBeNull();
    expect(hits![0]).toMatchObject({
      runId: wheel.run.uuid,
      componentType: 'step',
      componentId: wheel.steps[0]!.uuid,
    });
    expect(hits![0]!.similarity).toBeGreaterThan(0);
    expect(hits![0]!.similarity).toBeLessThanOrEqual(1);
    expect(hits!.length).toBe(5);
    const similarities = hits!.map((h) => h.similarity);
    expect(similarities).toEqual([...similarities].sort((a, b) => b - a));
  });

  it('answers GET /test-runs/search by meaning through the app, when no word of q is in the run', async () => {
    const answer = ok(
      await ann.call<{
        results: {
          test_run: { uuid: string };
          matches: { component_id: string; match_type: string; path: string }[];
        }[];
        total_count: number;
      }>('GET', '/test-runs/search', undefined, {
        query: { q: 'wheel current slowly increasing', system_id: wheel.run.system_id },
      }),
    );
    expect(answer.results[0]!.test_run.uuid).toBe(wheel.run.uuid);
    const match = answer.results[0]!.matches.find((m) => m.component_id === wheel.steps[0]!.uuid);
    expect(match).toMatchObject({ match_type: 'semantic' });
    expect(match!.path).toContain(WHEEL_STEP);
  });

  it('finds a report by a paraphrase of its summary, once the report is written as the reports module does', async () => {
    const reportId = newId();
    await ctx.database.db.transaction(async (tx) => {
      await tx.insert(testRunReports).values({
        id: reportId,
        runId: wheel.run.uuid,
        scope: 'run',
        title: 'Thermal analysis',
        summary: HOT_SUMMARY,
        status: 'completed',
        createdBy: ann.email,
      });
      await recordRunActivity(tx, wheel.run.uuid, ann.email);
    });
    await indexed(wheel.run.uuid);
    const hits = await search('power cells became hotter than allowed', { limit: 3 });
    expect(hits![0]).toMatchObject({ componentType: 'report', componentId: reportId, runId: wheel.run.uuid });
  });

  it("finds a report by a paraphrase of one of its findings, and shows that finding's description", async () => {
    const reportId = newId();
    const stuck = 'tc_3_degC stuck at 27.23 degC for 199.0 s (200.0 rows, 100.0x its longest normal run).';
    await ctx.database.db.transaction(async (tx) => {
      await tx.insert(testRunReports).values({
        id: reportId,
        runId: wheel.run.uuid,
        scope: 'run',
        title: 'Analysis of TR-0003',
        summary: '2 findings (2 high, 0 medium, 0 low) in 1 file analysed (1200 rows: tvac-cycle.csv).',
        status: 'completed',
        findings: [
          {
            kind: 'limit_breach',
            channels: ['tc_1_degC'],
            evidence: { values: { worst: 64 }, limit: { max: 60 } },
          },
          { kind: 'stuck', channels: ['tc_3_degC'], description: stuck },
        ],
        createdBy: ann.email,
      });
      await recordRunActivity(tx, wheel.run.uuid, ann.email);
    });
    await indexed(wheel.run.uuid);
    const hits = await search('thermocouple reading frozen', { limit: 3 });
    expect(hits![0]).toMatchObject({ componentType: 'report', componentId: reportId, part: 'finding_2' });

    const answer = ok(
      await ann.call<{
        results: { matches: { component_id: string; snippet: string; match_type: string }[] }[];
      }>('GET', '/test-runs/search', undefined, {
        query: { q: 'thermocouple reading frozen', system_id: wheel.run.system_id },
      }),
    );
    const match = answer.results[0]!.matches.find((m) => m.component_id === reportId);
    expect(match).toMatchObject({ match_type: 'semantic', snippet: stuck });
  });

  it('keeps to the component types and the system asked for', async () => {
    const other = await client.run({ title: 'Other rover' });
    const otherCard = await client.card(other.uuid, { title: 'Drive train' });
    const twin = await client.step(other.uuid, otherCard.uuid, { title: WHEEL_STEP });
    await indexed(other.uuid);

    const cards = await search('wheel current slowly increasing', { limit: 10, componentTypes: ['card'] });
    expect(cards!.map((h) => h.componentType)).toEqual(cards!.map(() => 'card'));
    expect(cards!.map((h) => h.componentId)).toEqual(expect.arrayContaining([wheel.cardId, otherCard.uuid]));

    const anyType = await search('wheel current slowly increasing', { limit: 4, componentTypes: [] });
    expect(anyType).toEqual(await search('wheel current slowly increasing', { limit: 4 }));

    const mine = await search('wheel current slowly increasing', { limit: 3, systemId: other.system_id });
    expect(mine![0]).toMatchObject({ componentId: twin.uuid, runId: other.uuid });
    expect(mine!.every((h) => h.runId === other.uuid)).toBe(true);

    // One text, one vector: the twin step's text was embedded once for both runs.
    const [row] = await queryRows<{ n: number }>(
      ctx.database.db,
      sql`SELECT count(*)::int AS n FROM test_run_search_texts WHERE text_hash = ${textHash(WHEEL_STEP)}`,
    );
    expect(Number(row!.n)).toBe(1);
    const both = await search('wheel current slowly increasing', { limit: 2, componentTypes: ['step'] });
    expect(new Set(both!.map((h) => h.componentId))).toEqual(new Set([wheel.steps[0]!.uuid, twin.uuid]));
    expect(both![0]!.similarity).toBe(both![1]!.similarity);
    // Among equals, the newer run first (time-ordered ids).
    expect(both![0]!.runId).toBe(other.uuid);
  });

  it('follows a change: a step rewritten is found by its new meaning, its old text vector gone', async () => {
    const run = await client.run({ title: 'Power subsystem test' });
    const card = await client.card(run.uuid, { title: 'EPS' });
    const step = await client.step(run.uuid, card.uuid, {
      title: 'Check solar array deployment hinge torque',
    });
    await indexed(run.uuid);
    const scope = { limit: 1, systemId: run.system_id, componentTypes: ['step' as const] };
    expect((await search('panel opening mechanism force', scope))![0]!.componentId).toBe(step.uuid);

    ok(
      await client.patchStep(run.uuid, card.uuid, step.uuid, {
        title: 'Measure star tracker boresight alignment',
      }),
    );
    await indexed(run.uuid);
    const [hit] = (await search('camera pointing direction offset', scope))!;
    expect(hit).toMatchObject({ componentId: step.uuid });
    const [hash] = await queryRows<{ text_hash: string }>(
      ctx.database.db,
      sql`SELECT text_hash FROM test_run_search_components WHERE component_id = ${step.uuid}`,
    );
    expect(hash!.text_hash).toBe(textHash('Measure star tracker boresight alignment'));
    // The old text's vector went with the last component saying it.
    const [old] = await queryRows<{ n: number }>(
      ctx.database.db,
      sql`SELECT count(*)::int AS n FROM test_run_search_texts
        WHERE text_hash = ${textHash('Check solar array deployment hinge torque')}`,
    );
    expect(Number(old!.n)).toBe(0);
  });

  it('drops a deleted run at once, before any job runs: its system then has nothing indexed (null)', async () => {
    const run = await client.run({ title: 'Vibration qualification' });
    const card = await client.card(run.uuid, { title: 'Sine sweep' });
    await client.step(run.uuid, card.uuid, { title: 'Random vibration at 14.1 grms for 2 min per axis' });
    await indexed(run.uuid);
    expect(await search('shaker table test', { limit: 5, systemId: run.system_id })).not.toBeNull();
    expect((await ann.call('DELETE', `/test-runs/${run.uuid}`)).status).toBe(204);
    expect(await search('shaker table test', { limit: 5, systemId: run.system_id })).toBeNull();
    const everywhere = await search('Random vibration at 14.1 grms for 2 min per axis', { limit: 50 });
    expect(everywhere!.some((h) => h.runId === run.uuid)).toBe(false);
  });

  it('finds a step by a paraphrase of its exception among steps of its template, the exception as snippet', async () => {
    const run = await client.run({ title: 'ADCS qualification', description: 'Reaction wheel assembly' });
    const card = await client.card(run.uuid, { title: 'Reaction wheel spin-up' });
    const steps: TestStep[] = [];
    for (const [title, description] of TEMPLATED)
      steps.push(await client.step(run.uuid, card.uuid, { title, description }));
    const planted = steps[0]!;
    ok(await client.patchStep(run.uuid, card.uuid, planted.uuid, { exception: CREPT }));
    await indexed(run.uuid);

    const scope = { limit: 3, systemId: run.system_id };
    const [hit] = (await search(CREPT_PARAPHRASE, scope))!;
    expect(hit).toMatchObject({ componentType: 'step', componentId: planted.uuid, part: 'exception' });
    const answer = ok(
      await ann.call<{
        results: { test_run: { uuid: string }; matches: { component_id: string; snippet: string }[] }[];
      }>('GET', '/test-runs/search', undefined, {
        query: { q: CREPT_PARAPHRASE, system_id: run.system_id },
      }),
    );
    expect(answer.results[0]!.matches[0]).toMatchObject({ component_id: planted.uuid, snippet: CREPT });

    // The exception cleared: its part's row goes, and its text's vector with it (no other step says it).
    ok(await client.patchStep(run.uuid, card.uuid, planted.uuid, { exception: null }));
    await indexed(run.uuid);
    const parts = await queryRows<{ part: string }>(
      ctx.database.db,
      sql`SELECT part FROM test_run_search_components WHERE component_id = ${planted.uuid} ORDER BY part`,
    );
    expect(parts.map((p) => p.part)).toEqual(['description', 'title']);
    const [vector] = await queryRows<{ n: number }>(
      ctx.database.db,
      sql`SELECT count(*)::int AS n FROM test_run_search_texts WHERE text_hash = ${textHash(CREPT)}`,
    );
    expect(Number(vector!.n)).toBe(0);
    const after = (await search(CREPT_PARAPHRASE, scope))!;
    expect(after.every((h) => h.part !== 'exception')).toBe(true);

    // The run deleted: every part of every component goes with it.
    expect((await ann.call('DELETE', `/test-runs/${run.uuid}`)).status).toBe(204);
    const [left] = await queryRows<{ n: number }>(
      ctx.database.db,
      sql`SELECT count(*)::int AS n FROM test_run_search_components WHERE run_id = ${run.uuid}`,
    );
    expect(Number(left!.n)).toBe(0);
  });

  it('answers null when the model fails, hangs past the timeout, or has indexed nothing', async () => {
    const failing: Embedder = {
      model: builtinEmbedder().model,
      embed: () => Promise.reject(new Error('down')),
    };
    expect(await semanticSearch(ctx.database.db, failing)('wheel current', { limit: 5 })).toBeNull();
    const hanging: Embedder = { model: builtinEmbedder().model, embed: () => new Promise(() => undefined) };
    expect(
      await semanticSearch(ctx.database.db, hanging, { queryTimeoutMs: 50 })('wheel current', { limit: 5 }),
    ).toBeNull();
    const unindexed: Embedder = { ...builtinEmbedder(), model: 'openai:other-model' };
    expect(await semanticSearch(ctx.database.db, unindexed)('wheel current', { limit: 5 })).toBeNull();
    const fresh = await ctx.newSystem(ann);
    expect(await search('wheel current', { limit: 5, systemId: fresh.system_id })).toBeNull();
  });
});
