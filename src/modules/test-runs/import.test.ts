// POST /test-runs/import through the API: a real pytest report becomes a run with its cards, steps,
// measurements and observations; bad XML, a missing or unknown system and an oversized report are
// refused and leave nothing behind.
// The parser itself is tested without a database in junit.test.ts.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ok, testApp, type TestContext, type TestUser } from '../../../test/helpers.js';
import { field, multipart, type FilePart } from '../../../test/multipart.js';
import { expectProblem } from '../../../test/problems.js';
import type { Analytics } from './analytics.schemas.js';
import type { TestRun } from './test-runs.schemas.js';

let ctx: TestContext;
let ann: TestUser;
let systemId: string;

const report = readFileSync(path.join(import.meta.dirname, '../../../test/fixtures/junit/pytest-xunit2.xml'));
const xmlFile = (body: string | Buffer): FilePart => ({
  name: 'report.xml',
  field: 'file',
  body,
  type: 'application/xml',
});

async function importReport(parts: FilePart[]) {
  const { payload, headers } = multipart(parts);
  return ann.call<TestRun>('POST', '/test-runs/import', undefined, { raw: payload, headers });
}

describe('POST /test-runs/import', () => {
  beforeAll(async () => {
    ctx = await testApp();
    ann = await ctx.newUser();
    systemId = (await ctx.newSystem(ann)).system_id;
  });

  it('creates a run from a pytest report: one card, a step per test, measurements and notes', async () => {
    const run = ok(
      await importReport([
        xmlFile(report),
        field('system_id', systemId),
        field('title', 'Power bench, nightly'),
      ]),
      201,
    );
    expect(run).toMatchObject({ title: 'Power bench, nightly', system_id: systemId, created_by: ann.email });
    expect(run.test_cards.map((c) => c.title)).toEqual(['power']);
    const steps = run.test_cards[0]!.test_steps;
    expect(steps.map((s) => [s.title, s.execution_status])).toEqual([
      ['tests.test_power.test_boot_voltage', 'passed'],
      ['tests.test_power.test_ripple', 'failed'],
      ['tests.test_power.test_load_step', 'failed'],
      ['tests.test_power.test_thermal_soak', 'todo'],
      ['tests.test_power.TestUart.test_loopback', 'passed'],
    ]);
    expect(steps[0]!.measurements).toMatchObject([{ name: 'vbus', value: 5.02, outcome: 'pass' }]);
    expect(steps[0]!.observations.map((o) => o.text)).toEqual([
      'firmware: v1.4.2',
      'system-out:\nbooted in 312 ms',
    ]);
    // The imported run is in the analytics like any other.
    const analytics = ok(await ann.call<Analytics>('GET', `/test-runs/analytics?system_id=${systemId}`));
    expect(analytics.cards).toEqual([expect.objectContaining({ title: 'power', runs: 1, failed: 1 })]);
  });

  it('refuses XML that is not well-formed with its line and column, and creates nothing', async () => {
    const before = ok(
      await ann.call<Analytics>('GET', `/test-runs/analytics?system_id=${systemId}`),
    ).run_count;
    const problem = expectProblem(
      await importReport([
        xmlFile('<testsuites>\n<testsuite name="a">\n</testsuites>'),
        field('system_id', systemId),
      ]),
      400,
      ['body.file'],
    );
    expect(problem.detail).toMatch(/line 3, column \d+/);
    expect(ok(await ann.call<Analytics>('GET', `/test-runs/analytics?system_id=${systemId}`)).run_count).toBe(
      before,
    );
  });

  it('needs system_id of a live system, and the file', async () => {
    expectProblem(await importReport([xmlFile(report)]), 400, ['body.system_id']);
    expectProblem(await importReport([xmlFile(report), field('system_id', 'rover')]), 400, [
      'body.system_id',
    ]);
    expectProblem(await importReport([field('system_id', systemId)]), 400, ['body.file']);
    expectProblem(
      await importReport([xmlFile(report), field('system_id', '0190a0a0-0000-7000-8000-000000000000')]),
      404,
    );
  });

  it('refuses a report over the limit with 413, and a body that is not multipart with 415', async () => {
    const big = Buffer.alloc(21 * 1024 * 1024, ' ');
    expectProblem(await importReport([xmlFile(big), field('system_id', systemId)]), 413);
    expectProblem(await ann.call('POST', '/test-runs/import', { system_id: systemId }), 415);
  });

  it('answers 400 to a cut, boundary-less or garbage body, creates no run, and keeps serving', async () => {
    const runsBefore = ok(await ann.call<{ count: number }>('GET', `/test-runs?system_id=${systemId}`)).count;
    const head =
      '--X\r\nContent-Disposition: form-data; name="system_id"\r\n\r\n' +
      `${systemId}\r\n--X\r\nContent-Disposition: form-data; name="file"; filename="r.xml"\r\n` +
      'Content-Type: application/xml\r\n\r\n';
    for (const [payload, type] of [
      [`${head}<testsuites><testsuite name="a">`, 'multipart/form-data; boundary=X'],
      [`${head}${'<'.repeat(3000)}`, 'multipart/form-data; boundary=X'],
      ['garbage', 'multipart/form-data; boundary=X'],
      [`${head}<testsuites/>\r\n--X--\r\n`, 'multipart/form-data'],
    ] as const) {
      const res = await ann.call('POST', '/test-runs/import', undefined, {
        raw: payload,
        headers: { 'content-type': type },
      });
      expectProblem(res, 400);
    }
    expect(ok(await ann.call<{ count: number }>('GET', `/test-runs?system_id=${systemId}`)).count).toBe(
      runsBefore,
    );
    ok(await importReport([xmlFile(report), field('system_id', systemId)]), 201);
  });
});
