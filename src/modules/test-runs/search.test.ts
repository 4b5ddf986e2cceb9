// GET /test-runs/search by full text: engineering tokens as typed, stemming, paths and snippets of
// every kind of component, each filter alone and combined, every refusal and limit on both sides,
// and freshness: a changed step is found at once, a deleted step or run is gone.
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ok, testApp, type TestContext, type TestUser } from '../../../test/helpers.js';
import { expectProblem } from '../../../test/problems.js';
import { searchClient } from '../../../test/search-helpers.js';
import type { Page } from '../../core/schemas.js';
import type { SearchMatch } from './search.schemas.js';
import type { TestCard, TestRun, TestRunSummary, TestStep } from './test-runs.schemas.js';

let ctx: TestContext;
let ann: TestUser;
let sc: ReturnType<typeof searchClient>;
let r1: TestRun;
let r2: TestRun;
let thermal: TestCard;
let soak: TestStep;
let rail: TestStep;
let idle: TestStep;
let emc: TestCard;
const ids: Record<string, string> = {};

beforeAll(async () => {
  // Full text alone: the fusion with meaning has its own tests (search-fusion, search-semantic), and
  // here background embedding would make the answers depend on timing.
  ctx = await testApp({ env: { HWA_TEST_RUN_SEMANTIC_SEARCH: '0' } });
  ann = await ctx.newUser();
  sc = searchClient(ctx, ann);
  const { rc } = sc;
  const a = await ctx.newSystem(ann);
  const b = await ctx.newSystem(ann);
  r1 = await rc.run({
    system_id: a.system_id,
    title: 'EPS qualification in TVAC',
    description: 'Thermal-vacuum qualification of the power board',
  });
  thermal = await rc.card(r1.uuid, {
    title: 'Thermal cycling',
    description: 'Four cycles between -40C and +85C',
  });
  soak = await rc.step(r1.uuid, thermal.uuid, {
    title: 'Soak at -40 °C',
    description: 'Hold two hours at the cold plateau',
  });
  rail = await rc.step(r1.uuid, thermal.uuid, {
    title: 'Measure rail current',
    description: 'LPSPI0 bus current at connector J3.2, regulator MPN TLV75533',
  });
  ok(await sc.observe(r1.uuid, thermal.uuid, rail.uuid, 'Reaction wheel current crept up by 40 mA'), 201);
  ids.coldReport = await sc.report(r1.uuid, {
    title: 'Cold soak analysis',
    summary: 'Heater duty cycle stayed below 60 %',
    cardId: thermal.uuid,
    stepId: soak.uuid,
  });
  ids.runReport = await sc.report(r1.uuid, { title: 'Campaign summary', content: 'All channels nominal' });
  ids.data = await sc.dataFile(r1.uuid, 'tvac_-40C_run3.csv');
  r2 = await rc.run({ system_id: b.system_id, title: 'EMC pre-scan' });
  emc = await rc.card(r2.uuid, { title: 'Radiated emissions' });
  idle = await rc.step(r2.uuid, emc.uuid, {
    title: 'Measure idle current',
    description: 'Bench supply at 28 V',
  });
});

const runIds = (answer: { results: { test_run: { uuid: string } }[] }) =>
  answer.results.map((r) => r.test_run.uuid);
const matchesOf = async (q: string, runId = r1.uuid, extra: Record<string, string | string[]> = {}) => {
  const answer = await sc.search({ q, ...extra });
  return answer.results.find((r) => r.test_run.uuid === runId)?.matches ?? [];
};
const idsOf = (matches: SearchMatch[]) => matches.map((m) => m.component_id).sort();

describe('GET /test-runs/search full text', () => {
  it('finds engineering tokens as typed: TVAC, -40C, J3.2, MPN TLV75533, LPSPI0', async () => {
    expect(idsOf(await matchesOf('TVAC'))).toEqual([r1.uuid, ids.data!].sort());
    expect(idsOf(await matchesOf('-40C'))).toEqual([thermal.uuid, soak.uuid, ids.data!].sort());
    for (const q of ['J3.2', 'MPN TLV75533', 'tlv75533', 'LPSPI0']) {
      const answer = await sc.search({ q });
      expect(runIds(answer), q).toEqual([r1.uuid]);
      expect(
        answer.results[0]!.matches.map((m) => m.component_id),
        q,
      ).toEqual([rail.uuid]);
    }
    // The words may be in different components of the run: the title and a step.
    const spread = await sc.search({ q: 'TVAC TLV75533' });
    expect(runIds(spread)).toEqual([r1.uuid]);
    expect(idsOf(spread.results[0]!.matches)).toEqual([r1.uuid, rail.uuid, ids.data!].sort());
    // A neighbouring part number, or the connector without its pin, is another token.
    expect((await sc.search({ q: 'TLV75534' })).total_count).toBe(0);
    expect((await sc.search({ q: 'J3.3' })).total_count).toBe(0);
  });

  it('stems English words: soaking finds Soak, cycles finds cycling', async () => {
    expect(idsOf(await matchesOf('soaking'))).toEqual([soak.uuid, ids.coldReport!].sort());
    expect(idsOf(await matchesOf('cycles'))).toEqual([thermal.uuid, ids.coldReport!].sort());
  });

  it('names each match with its title, its path inside the run and a snippet with the terms marked', async () => {
    const current = await matchesOf('current');
    expect(current).toEqual([
      {
        component_type: 'step',
        component_id: rail.uuid,
        component_title: 'Measure rail current',
        path: 'Card 1 › Step 2: Measure rail current',
        snippet: expect.stringContaining('Measure rail «current»') as string,
        match_type: 'fulltext',
      },
      {
        component_type: 'observation',
        component_id: expect.any(String) as string,
        component_title: 'Reaction wheel current crept up by 40 mA',
        path: 'Card 1 › Step 2: Measure rail current › Observation',
        snippet: 'Reaction wheel «current» crept up by 40 mA',
        match_type: 'fulltext',
      },
    ]);
    expect(current[0]!.snippet).toContain('LPSPI0 bus «current»');
    const one = async (q: string) => (await matchesOf(q)).map(({ path, snippet }) => ({ path, snippet }));
    expect(await one('heater')).toEqual([
      {
        path: 'Card 1 › Step 1 › Report: Cold soak analysis',
        snippet: 'Cold soak analysis — «Heater» duty cycle stayed below 60 %',
      },
    ]);
    expect(await one('nominal')).toEqual([
      { path: 'Report: Campaign summary', snippet: 'Campaign summary — All channels «nominal»' },
    ]);
    expect(await one('plateau')).toEqual([
      {
        path: 'Card 1 › Step 1: Soak at -40 °C',
        snippet: 'Soak at -40 °C — Hold two hours at the cold «plateau»',
      },
    ]);
    // A component holding any word of the query is a match; the run holds them all.
    expect(await one('+85C')).toEqual([
      {
        path: 'Card 1 › Step 1: Soak at -40 °C',
        snippet: 'Soak at -40 °«C» — Hold two hours at the cold plateau',
      },
      {
        path: 'Card 1: Thermal cycling',
        snippet: 'Thermal cycling — Four cycles between -40«C» and «+85»«C»',
      },
      { path: 'Data: tvac_-40C_run3.csv', snippet: 'tvac_-40C_run3.csv' },
    ]);
    expect(await one('board')).toEqual([
      {
        path: 'Run: EPS qualification in TVAC',
        snippet: 'EPS qualification in TVAC — Thermal-vacuum qualification of the power «board»',
      },
    ]);
    expect(await one('run3')).toEqual([{ path: 'Data: tvac_-40C_run3.csv', snippet: 'tvac_-40C_run3.csv' }]);
  });

  it('shows each run as GET /test-runs summarises it', async () => {
    const answer = await sc.search({ q: 'current' });
    expect(answer.total_count).toBe(2);
    const list = ok(await ann.call<Page<TestRunSummary>>('GET', '/test-runs'));
    for (const result of answer.results) {
      expect(result.test_run).toEqual(list.items.find((i) => i.uuid === result.test_run.uuid));
    }
  });

  it('matches only the component types asked for', async () => {
    const types = async (component_types: string[]) =>
      (await matchesOf('TVAC', r1.uuid, { component_types })).map((m) => m.component_type).sort();
    expect(await types(['data'])).toEqual(['data']);
    expect(await types(['run', 'data', 'run'])).toEqual(['data', 'run']);
    expect((await sc.search({ q: 'TVAC', component_types: 'step' })).total_count).toBe(0);
    expect((await sc.search({ q: 'current', component_types: ['observation'] })).total_count).toBe(1);
    expect(await types(['run', 'card', 'step', 'report', 'observation', 'data'])).toEqual(['data', 'run']);
  });

  it('filters by system, creation window and reports, alone and combined', async () => {
    await ctx.database.db.execute(
      sql`UPDATE test_runs SET created_at = '2026-01-15T00:00:00Z' WHERE id = ${r2.uuid}`,
    );
    const found = async (extra: Record<string, string>) =>
      runIds(await sc.search({ q: 'current', ...extra })).sort();
    expect(await found({})).toEqual([r1.uuid, r2.uuid].sort());
    expect(await found({ system_id: r2.system_id })).toEqual([r2.uuid]);
    expect(await found({ system_id: r1.system_id })).toEqual([r1.uuid]);
    expect(
      await found({ created_after: '2026-01-15T00:00:00Z', created_before: '2026-01-15T00:00:00.001Z' }),
    ).toEqual([r2.uuid]);
    expect(await found({ created_before: '2026-01-15T00:00:00Z' })).toEqual([]);
    expect(await found({ created_after: '2026-01-15T00:00:00.001Z' })).toEqual([r1.uuid]);
    expect(await found({ has_reports: 'true' })).toEqual([r1.uuid]);
    expect(await found({ has_reports: 'false' })).toEqual([r2.uuid]);
    expect(await found({ system_id: r1.system_id, has_reports: 'false' })).toEqual([]);
    expect(
      await found({ system_id: r2.system_id, has_reports: 'false', created_before: '2026-02-01T00:00:00Z' }),
    ).toEqual([r2.uuid]);
  });

  it('answers nothing, not an error, for a query without words', async () => {
    for (const q of ['!!!', '—', '"'])
      expect(await sc.search({ q })).toEqual({ results: [], total_count: 0 });
  });

  it('refuses a missing or blank q and every value out of bounds, naming the field', async () => {
    expectProblem(await sc.answer({}), 400, ['query.q']);
    expectProblem(await sc.answer({ q: '' }), 400, ['query.q']);
    expectProblem(await sc.answer({ q: '   ' }), 400, ['query.q']);
    expectProblem(await sc.answer({ q: 'x'.repeat(1001) }), 400, ['query.q']);
    expect((await sc.search({ q: 'x'.repeat(1000) })).total_count).toBe(0);
    expectProblem(await sc.answer({ q: 'current', mode: 'semantic' }), 400, ['query.mode']);
    expect((await sc.search({ q: 'current', mode: 'default' })).total_count).toBe(2);
    expectProblem(await sc.answer({ q: 'current', component_types: ['step', 'chart'] }), 400, [
      'query.component_types[1]',
    ]);
    expectProblem(await sc.answer({ q: 'current', sort_by: 'title' }), 400, ['query.sort_by']);
    const every = ['run', 'card', 'step', 'report', 'observation', 'data'];
    expect((await sc.search({ q: 'current', component_types: [...every, ...every] })).total_count).toBe(2);
    expectProblem(await sc.answer({ q: 'current', component_types: [...every, ...every, 'run'] }), 400, [
      'query.component_types',
    ]);
    expectProblem(await sc.answer({ q: 'current', system_id: 'x' }), 400, ['query.system_id']);
    expectProblem(await sc.answer({ q: 'current', created_after: 'yesterday' }), 400, [
      'query.created_after',
    ]);
    expectProblem(await sc.answer({ q: 'current', created_before: '2026-13-01T00:00:00Z' }), 400, [
      'query.created_before',
    ]);
    expectProblem(await sc.answer({ q: 'current', has_reports: 'maybe' }), 400, ['query.has_reports']);
    expectProblem(await sc.answer({ q: 'current', limit: '0' }), 400, ['query.limit']);
    expectProblem(await sc.answer({ q: 'current', limit: '101' }), 400, ['query.limit']);
    expectProblem(await sc.answer({ q: 'current', offset: '-1' }), 400, ['query.offset']);
    expectProblem(await sc.answer({ q: 'current', colour: 'red' }), 400);
    expect((await sc.search({ q: 'current', limit: '1' })).results).toHaveLength(1);
    expect((await sc.search({ q: 'current', limit: '100', offset: '0' })).results).toHaveLength(2);
    expect(await sc.search({ q: 'current', offset: '2' })).toEqual({ results: [], total_count: 2 });
    const last = { q: 'current', offset: '2147483647' };
    expect(await sc.search(last)).toEqual({ results: [], total_count: 2 });
  });

  it('finds a changed step at once, and no longer by its old words', async () => {
    const path = `/test-runs/${r2.uuid}/cards/${emc.uuid}/steps/${idle.uuid}`;
    ok(await ann.call('PATCH', path, { title: 'Measure standby current', exception: 'Ripple on TLV70033' }));
    const [hit] = (await sc.search({ q: 'TLV70033' })).results;
    expect(hit!.matches[0]).toMatchObject({
      component_id: idle.uuid,
      path: 'Card 1 › Step 1: Measure standby current',
    });
    expect((await sc.search({ q: 'idle' })).total_count).toBe(0);
    // A deleted step takes its match with it.
    expect(ok(await ann.call('DELETE', path), 204));
    expect((await sc.search({ q: 'TLV70033' })).total_count).toBe(0);
  });

  it('never shows a deleted run', async () => {
    const run = await sc.rc.run({ title: 'Pyroshock of the TLV71233 board' });
    expect(runIds(await sc.search({ q: 'TLV71233' }))).toEqual([run.uuid]);
    ok(await ann.call('DELETE', `/test-runs/${run.uuid}`), 204);
    expect(await sc.search({ q: 'TLV71233' })).toEqual({ results: [], total_count: 0 });
  });
});
