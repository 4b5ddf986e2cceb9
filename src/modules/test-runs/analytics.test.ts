// GET /test-runs/analytics on a small dataset whose yields and capability are worked out by hand
// below, written straight into the tables (test/test-run-factories.ts) so this suite needs no runs
// endpoint. Runs of the system:
//
//   R1  Thermal [Heat passed, Cool passed]      Power [Boot failed]   Power (retest) [Boot passed, Recheck passed]
//   R2  Thermal [Heat passed_with_exception, Cool passed]            Power [Boot passed]
//   R3  Thermal [Heat failed, Cool todo]        Power [Boot todo]
//   R4  Thermal [Heat passed, Cool done]        Power [] (no steps)
//   R5  Thermal [Heat failed]                   deleted: counts nowhere
//   R6  Thermal [Heat failed, Cool failed]      created 2020-01-01, before the others
import { beforeAll, describe, expect, it } from 'vitest';
import { ok, testApp, type TestContext, type TestUser } from '../../../test/helpers.js';
import { expectProblem } from '../../../test/problems.js';
import { deleteRun, insertRun, type CardSeed } from '../../../test/test-run-factories.js';
import type { Analytics } from './analytics.schemas.js';

let ctx: TestContext;
let ann: TestUser;
let systemId: string;

const V = { units: 'V', low: 4.5, high: 5.5 };

beforeAll(async () => {
  ctx = await testApp();
  ann = await ctx.newUser();
  systemId = (await ctx.newSystem(ann)).system_id;
  const run = (cards: CardSeed[], createdAt?: Date) =>
    insertRun(ctx.database.db, { systemId, cards, ...(createdAt ? { createdAt } : {}) });
  await run([
    {
      title: 'Thermal',
      steps: [
        {
          title: 'Heat',
          status: 'passed',
          measurements: [{ name: 'temp', value: 70, units: 'C', high: 85 }],
        },
        { title: 'Cool', status: 'passed', measurements: [{ name: 'gain', value: 1 }] },
      ],
    },
    {
      title: 'Power',
      steps: [{ title: 'Boot', status: 'failed', measurements: [{ name: 'vbus', value: 4.9, ...V }] }],
    },
    {
      title: 'Power',
      steps: [
        {
          title: 'Boot',
          status: 'passed',
          measurements: [{ name: 'vbus', value: 5.1, ...V, marginal_high: 5.05 }],
        },
        // Only in the retest: not a first pass of anything, so no step group of its own.
        { title: 'Recheck', status: 'passed' },
      ],
    },
  ]);
  await run([
    {
      title: 'Thermal',
      steps: [
        {
          title: 'Heat',
          status: 'passed_with_exception',
          measurements: [{ name: 'temp', value: 80, units: 'C', high: 85 }],
        },
        { title: 'Cool', status: 'passed', measurements: [{ name: 'gain', value: 3 }] },
      ],
    },
    {
      title: 'Power',
      steps: [
        {
          title: 'Boot',
          status: 'passed',
          measurements: [
            { name: 'vbus', value: 5.0, ...V },
            { name: 'offset', value: 0.2, low: 0, high: 1 },
            { name: 'ripple', value: 0.01, high: 0.05 },
          ],
        },
      ],
    },
  ]);
  await run([
    {
      title: 'Thermal',
      steps: [
        { title: 'Heat', status: 'failed', measurements: [{ name: 'ripple', value: 0.01, high: 0.05 }] },
        { title: 'Cool', status: 'todo' },
      ],
    },
    // Other limits on this row: the most common pair (4.5, 5.5) is used, and limits_vary says so.
    {
      title: 'Power',
      steps: [
        {
          title: 'Boot',
          status: 'todo',
          measurements: [{ name: 'vbus', value: 5.2, units: 'V', low: 4, high: 6 }],
        },
      ],
    },
  ]);
  await run([
    {
      title: 'Thermal',
      steps: [
        { title: 'Heat', status: 'passed' },
        { title: 'Cool', status: 'done' },
      ],
    },
    { title: 'Power', steps: [] },
  ]);
  const deleted = await run([
    {
      title: 'Thermal',
      steps: [{ title: 'Heat', status: 'failed', measurements: [{ name: 'vbus', value: 100, ...V }] }],
    },
  ]);
  await deleteRun(ctx.database.db, deleted.id);
  await run(
    [
      {
        title: 'Thermal',
        steps: [
          { title: 'Heat', status: 'failed' },
          { title: 'Cool', status: 'failed' },
        ],
      },
    ],
    new Date('2020-01-01T00:00:00.000Z'),
  );
});

const analytics = async (query: Record<string, string>) =>
  ok(await ann.call<Analytics>('GET', `/test-runs/analytics?${new URLSearchParams(query).toString()}`));

const yieldOf = (runs: number, passed: number, withException: number, failed: number, pending: number) => ({
  runs,
  passed,
  passed_with_exception: withException,
  failed,
  pending,
  first_pass_yield: passed + failed === 0 ? null : passed / (passed + failed),
});

describe('GET /test-runs/analytics', () => {
  it('answers first-pass yield per card and step title, from the first one in each run', async () => {
    const body = await analytics({ system_id: systemId });
    expect(body.system_id).toBe(systemId);
    expect(body.run_count).toBe(5); // R1-R4 and R6; R5 is deleted
    expect(body.cards).toEqual([
      // Power: R1's first Power card failed (its retest passing does not count), R2 passed, R3 has a
      // todo step and R4's card has no steps (both pending): 1 / (1 + 1) = 0.5.
      { title: 'Power', ...yieldOf(4, 1, 0, 1, 2) },
      // Thermal: R1, R2 (with an exception, a pass), R4 (a `done` step gives no verdict) passed; R3 and
      // R6 failed: 3 / (3 + 2) = 0.6.
      { title: 'Thermal', ...yieldOf(5, 3, 1, 2, 0) },
    ]);
    expect(body.cards[0]!.first_pass_yield).toBe(0.5);
    expect(body.cards[1]!.first_pass_yield).toBe(0.6);
    expect(body.steps).toEqual([
      // Boot: R1's first (in the first Power card) failed, R2 passed, R3 todo; R4 has none: 1/2.
      { card_title: 'Power', title: 'Boot', ...yieldOf(3, 1, 0, 1, 1) },
      // Cool: R1, R2 passed; R6 failed; R3 todo and R4 done are pending: 2 / 3.
      { card_title: 'Thermal', title: 'Cool', ...yieldOf(5, 2, 0, 1, 2) },
      // Heat: R1, R2 (exception), R4 passed; R3, R6 failed: 3 / 5.
      { card_title: 'Thermal', title: 'Heat', ...yieldOf(5, 3, 1, 2, 0) },
    ]);
  });

  it('summarises each measurement name with Cpk against the most common limits', async () => {
    const byName = Object.fromEntries(
      (await analytics({ system_id: systemId })).measurements.map((m) => [m.name, m]),
    );
    expect(Object.keys(byName)).toEqual(['gain', 'offset', 'ripple', 'temp', 'vbus']);

    // vbus: 4.9, 5.1, 5.0, 5.2 (R5's 100 is deleted). mean = 20.2 / 4 = 5.05; deviations -0.15, 0.05,
    // -0.05, 0.15; squares sum to 0.05; sample variance 0.05 / 3 = 0.016667, std = 0.129099.
    // Limits (4.5, 5.5) on three rows, (4, 6) on one: the first are used.
    // Cpk = min(5.5 - 5.05, 5.05 - 4.5) / (3 * 0.129099) = 0.45 / 0.387298 = 1.161895.
    const vbus = byName.vbus!;
    expect(vbus).toMatchObject({
      units: 'V',
      count: 4,
      min: 4.9,
      max: 5.2,
      lsl: 4.5,
      usl: 5.5,
      limits_vary: true,
    });
    expect(vbus.mean).toBeCloseTo(5.05, 10);
    expect(vbus.std).toBeCloseTo(Math.sqrt(0.05 / 3), 10);
    expect(vbus.cpk).toBeCloseTo(1.161895, 5);
    // 5.1 is above its marginal_high 5.05: marginal; 5.2 is inside its own (4, 6).
    expect(vbus.outcomes).toEqual({ pass: 3, marginal: 1, fail: 0 });

    // temp: 70, 80 with only an upper limit 85. mean 75, std = sqrt((25 + 25) / 1) = 7.071068;
    // one-sided Cpk = (85 - 75) / (3 * 7.071068) = 10 / 21.213203 = 0.471405.
    const temp = byName.temp!;
    expect(temp).toMatchObject({ units: 'C', count: 2, mean: 75, lsl: null, usl: 85, limits_vary: false });
    expect(temp.std).toBeCloseTo(Math.sqrt(50), 10);
    expect(temp.cpk).toBeCloseTo(0.471405, 5);

    // gain: 1, 3 with no limits: spread but nothing to compare it with.
    expect(byName.gain).toMatchObject({ units: null, count: 2, mean: 2, lsl: null, usl: null, cpk: null });
    expect(byName.gain!.std).toBeCloseTo(Math.SQRT2, 10);
    // offset: a single value has no sample standard deviation.
    expect(byName.offset).toMatchObject({ count: 1, mean: 0.2, std: null, lsl: 0, usl: 1, cpk: null });
    // ripple: 0.01 twice: std 0, so Cpk would divide by zero.
    expect(byName.ripple).toMatchObject({ count: 2, std: 0, usl: 0.05, cpk: null });
  });

  it('keeps to the time window: created_after inclusive, created_before exclusive', async () => {
    const recent = await analytics({ system_id: systemId, created_after: '2021-01-01T00:00:00Z' });
    expect(recent.run_count).toBe(4);
    // Without R6: Thermal passed in R1, R2, R4 and failed in R3: 3 / 4.
    expect(recent.cards.find((c) => c.title === 'Thermal')).toMatchObject({
      runs: 4,
      failed: 1,
      first_pass_yield: 0.75,
    });

    const old = await analytics({ system_id: systemId, created_before: '2020-01-01T00:00:00.001Z' });
    expect(old.run_count).toBe(1);
    expect(old.cards).toEqual([{ title: 'Thermal', ...yieldOf(1, 0, 0, 1, 0) }]);
    expect(old.measurements).toEqual([]);
    const none = await analytics({ system_id: systemId, created_before: '2020-01-01T00:00:00Z' });
    expect(none).toEqual({ system_id: systemId, run_count: 0, cards: [], steps: [], measurements: [] });
  });

  it('answers empty lists for a system without runs, and 404 for an unknown or deleted system', async () => {
    const empty = (await ctx.newSystem(ann)).system_id;
    expect(await analytics({ system_id: empty })).toEqual({
      system_id: empty,
      run_count: 0,
      cards: [],
      steps: [],
      measurements: [],
    });
    ok(await ann.call('DELETE', `/systems/${empty}`));
    expectProblem(await ann.call('GET', `/test-runs/analytics?system_id=${empty}`), 404);
    expectProblem(
      await ann.call('GET', '/test-runs/analytics?system_id=0190a0a0-0000-7000-8000-000000000000'),
      404,
    );
  });

  it('refuses a missing system_id and bad dates, naming each field', async () => {
    expectProblem(await ann.call('GET', '/test-runs/analytics'), 400, ['query.system_id']);
    expectProblem(
      await ann.call(
        'GET',
        `/test-runs/analytics?system_id=${systemId}&created_after=yesterday&created_before=2024-13-01`,
      ),
      400,
      ['query.created_after', 'query.created_before'],
    );
    expectProblem(await ann.call('GET', '/test-runs/analytics?system_id=nope'), 400, ['query.system_id']);
  });
});
