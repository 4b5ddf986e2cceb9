// The first-pass sums the analytics read (test_yield_buckets) stay equal to a fresh computation from
// the steps after every kind of write through the API: a run made from templates, a card added, a step
// added, statuses and titles changed, cards reordered (which changes the first card of a title), a
// card and a step deleted, a run deleted. Then the analytics over a window that cuts a month (read
// partly from the sums, partly from the steps) equal those over the whole time.
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.js';
import { ok, testApp, type TestContext, type TestUser } from '../../../test/helpers.js';
import { runClient } from '../../../test/test-run-helpers.js';
import type { Analytics } from './analytics.schemas.js';
import { contributionOf } from './yield-buckets.repository.js';

let ctx: TestContext;
let ann: TestUser;
let rc: ReturnType<typeof runClient>;

beforeAll(async () => {
  ctx = await testApp();
  ann = await ctx.newUser();
  rc = runClient(ctx, ann);
});

const ROW = sql.raw(
  `system_id::text || '|' || to_char(month AT TIME ZONE 'UTC', 'YYYY-MM') || '|' || level || '|' ||
   card_title || '|' || step_title || '|' || verdict || '|' || n AS row`,
);

async function kept(): Promise<string[]> {
  const rows = await queryRows<{ row: string }>(
    ctx.database.db,
    sql`SELECT ${ROW} FROM test_yield_buckets ORDER BY 1`,
  );
  return rows.map((r) => r.row);
}

async function fresh(): Promise<string[]> {
  const live = contributionOf(sql`SELECT id FROM test_runs WHERE deleted_at IS NULL`);
  const rows = await queryRows<{ row: string }>(
    ctx.database.db,
    sql`SELECT ${ROW} FROM (${live}) AS x ORDER BY 1`,
  );
  return rows.map((r) => r.row);
}

const expectInStep = async () => expect(await kept()).toEqual(await fresh());

describe('test_yield_buckets', () => {
  it('follows every write below a run', async () => {
    const template = await rc.template({
      title: 'Thermal',
      steps: [{ title: 'Heat' }, { title: 'Cool' }],
    });
    const systemId = (await ctx.newSystem(ann)).system_id;
    const run = await rc.run({ system_id: systemId, template_ids: [template.uuid, template.uuid] });
    await expectInStep();
    expect((await kept()).length).toBeGreaterThan(0);

    const [first, retest] = run.test_cards;
    const heat = first!.test_steps[0]!;
    ok(await rc.patchStep(run.uuid, first!.uuid, heat.uuid, { execution_status: 'failed' }));
    await expectInStep();
    ok(await rc.patchStep(run.uuid, first!.uuid, heat.uuid, { title: 'Heat soak' }));
    await expectInStep();
    const power = await rc.card(run.uuid, { title: 'Power' });
    const boot = await rc.step(run.uuid, power.uuid, { title: 'Boot' });
    ok(await rc.patchStep(run.uuid, power.uuid, boot.uuid, { execution_status: 'passed_with_exception' }));
    await expectInStep();
    // The retest moves first: it becomes the first pass of "Thermal".
    ok(await ann.call('PATCH', `/test-runs/${run.uuid}/cards/${retest!.uuid}`, { order: 1 }));
    await expectInStep();
    ok(await ann.call('PATCH', `/test-runs/${run.uuid}/cards/${power.uuid}`, { title: 'Thermal' }));
    await expectInStep();
    ok(await ann.call('DELETE', `/test-runs/${run.uuid}/cards/${power.uuid}/steps/${boot.uuid}`), 204);
    await expectInStep();
    ok(await ann.call('DELETE', `/test-runs/${run.uuid}/cards/${retest!.uuid}`), 204);
    await expectInStep();

    const other = await rc.run({ system_id: systemId, template_ids: [template.uuid] });
    await expectInStep();
    const whole = ok(await ann.call<Analytics>('GET', `/test-runs/analytics?system_id=${systemId}`));
    // A window from a minute ago cuts this month: part sums, part steps; same answer.
    const since = new Date(Date.now() - 60 * 60_000).toISOString();
    const cut = ok(
      await ann.call<Analytics>('GET', `/test-runs/analytics?system_id=${systemId}&created_after=${since}`),
    );
    expect(cut.cards).toEqual(whole.cards);
    expect(cut.steps).toEqual(whole.steps);
    expect(whole.cards.find((c) => c.title === 'Thermal')?.runs).toBe(2);

    ok(await ann.call('DELETE', `/test-runs/${other.uuid}`), 204);
    await expectInStep();
    ok(await ann.call('DELETE', `/test-runs/${run.uuid}`), 204);
    await expectInStep();
    expect(await kept()).toEqual([]);
  });
});
