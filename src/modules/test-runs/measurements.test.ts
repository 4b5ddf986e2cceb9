// Measurements and observations through the API: outcomes stored with each value, the step's status
// following its measurements unless the PATCH sets one, bad limits refused by index, and observations
// with the caller's attachments.
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { ISO_MS_Z, ok, testApp, type TestContext, type TestUser } from '../../../test/helpers.js';
import { file } from '../../../test/multipart.js';
import { expectProblem } from '../../../test/problems.js';
import { runClient } from '../../../test/test-run-helpers.js';
import type { Observation, TestStep } from './test-runs.schemas.js';

let ctx: TestContext;
let ann: TestUser;
let bob: TestUser;
let rc: ReturnType<typeof runClient>;

beforeAll(async () => {
  ctx = await testApp();
  ann = await ctx.newUser();
  bob = await ctx.newUser();
  rc = runClient(ctx, ann);
});

async function step(fields: Record<string, unknown> = {}) {
  const run = await rc.run();
  const card = await rc.card(run.uuid);
  const s = await rc.step(run.uuid, card.uuid, fields);
  const base = `/test-runs/${run.uuid}/cards/${card.uuid}/steps/${s.uuid}`;
  return {
    run,
    step: s,
    patch: (body: unknown, as = ann) => as.call<TestStep>('PATCH', base, body),
    observe: (body: unknown, as = ann) => as.call<Observation>('POST', `${base}/observations`, body),
  };
}

const vbat = (value: number) => ({
  name: 'vbat',
  value,
  units: 'V',
  low: 24,
  high: 32,
  marginal_low: 26,
  marginal_high: 30,
});

describe('measurements on a step', () => {
  it('stores each measurement with its outcome and the status they imply', async () => {
    const { patch } = await step();
    const passed = ok(await patch({ measurements: [vbat(28), vbat(26)] }));
    expect(passed.execution_status).toBe('passed');
    expect(passed.measurements).toEqual([
      { ...vbat(28), outcome: 'pass' },
      { ...vbat(26), outcome: 'pass' },
    ]);
    const marginal = ok(await patch({ measurements: [vbat(28), vbat(24)] }));
    expect(marginal.execution_status).toBe('passed_with_exception');
    expect(marginal.exception).toBe(
      'Marginal: vbat = 24 V is outside the marginal range [26, 30] (limits [24, 32])',
    );
    expect(marginal.measurements.map((m) => m.outcome)).toEqual(['pass', 'marginal']);
    const failed = ok(await patch({ measurements: [vbat(32.5), vbat(25)] }));
    expect(failed).toMatchObject({ execution_status: 'failed', exception: null });
    expect(failed.measurements.map((m) => m.outcome)).toEqual(['fail', 'marginal']);
  });

  it('keeps the status a PATCH sets beside measurements, and an empty list leaves the status', async () => {
    const { patch } = await step();
    const set = ok(await patch({ execution_status: 'done', measurements: [vbat(40)] }));
    expect(set.execution_status).toBe('done');
    expect(set.measurements[0]!.outcome).toBe('fail');
    const cleared = ok(await patch({ measurements: [] }));
    expect(cleared).toMatchObject({ execution_status: 'done', measurements: [] });
  });

  it('decides the status of a new step made with measurements', async () => {
    const { step: created } = await step({ measurements: [{ name: 'temp', value: 80, high: 70 }] });
    expect(created.execution_status).toBe('failed');
    expect(created.measurements[0]).toEqual({
      name: 'temp',
      value: 80,
      units: null,
      low: null,
      high: 70,
      marginal_low: null,
      marginal_high: null,
      outcome: 'fail',
    });
  });

  it('refuses limits that cannot judge, naming the measurement, and changes nothing', async () => {
    const { patch } = await step();
    ok(await patch({ measurements: [vbat(28)] }));
    const bad = await patch({
      measurements: [
        vbat(28),
        { name: 'i', value: 1, low: 33, high: 32 },
        { ...vbat(28), marginal_high: 33 },
      ],
    });
    expectProblem(bad, 400, ['body.measurements[1].high', 'body.measurements[2].marginal_high']);
    expectProblem(await patch({ measurements: [{ name: 'x', value: '3' }] }), 400, [
      'body.measurements[0].value',
    ]);
    expectProblem(await patch({ measurements: [{ value: 3 }] }), 400, ['body.measurements[0].name']);
    const same = ok(await patch({}));
    expect(same.measurements).toEqual([{ ...vbat(28), outcome: 'pass' }]);
  });
});

describe('POST observations', () => {
  it('records a note by the caller, with attachments they can see', async () => {
    const { run, observe } = await step();
    const [attachment] = await ctx.upload(bob, await ctx.newSession(bob), [file('scope.csv', 't,v\n0,1\n')]);
    const note = ok(
      await observe({ text: 'Ripple at 10 kHz', attachment_ids: [attachment!.attachment_id] }, bob),
      201,
    );
    expect(note).toMatchObject({
      text: 'Ripple at 10 kHz',
      attachment_ids: [attachment!.attachment_id],
      created_by: bob.email,
    });
    expect(note.created_at).toMatch(ISO_MS_Z);
    const detail = await rc.get(run.uuid);
    expect(detail.test_cards[0]!.test_steps[0]!.observations).toEqual([note]);
    expect(detail.contributors).toEqual([ann.email, bob.email]);
    // Ann cannot show Bob's attachment.
    const refused = await observe({ text: 'x', attachment_ids: [randomUUID(), attachment!.attachment_id] });
    expectProblem(refused, 400, ['body.attachment_ids[0]', 'body.attachment_ids[1]']);
  });

  it('takes 1 to 10,000 characters and up to 10 attachments', async () => {
    const { observe } = await step();
    ok(await observe({ text: 'x'.repeat(10_000) }), 201);
    expectProblem(await observe({ text: 'x'.repeat(10_001) }), 400, ['body.text']);
    expectProblem(await observe({ text: '' }), 400, ['body.text']);
    expectProblem(await observe({}), 400, ['body.text']);
    const eleven = Array.from({ length: 11 }, () => randomUUID());
    expectProblem(await observe({ text: 'x', attachment_ids: eleven }), 400, ['body.attachment_ids']);
  });

  it('answers 404 on a step that is not there', async () => {
    const { run } = await step();
    const card = await rc.card(run.uuid);
    const path = `/test-runs/${run.uuid}/cards/${card.uuid}/steps/${randomUUID()}/observations`;
    expectProblem(await ann.call('POST', path, { text: 'x' }), 404);
  });
});
