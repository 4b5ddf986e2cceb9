// The JUnit reader on real reports: test/fixtures/junit/pytest-xunit2.xml was written by pytest 9.0.3
// (xunit2, the default family, `-o junit_logging=all`; the format is pytest 8's), ctest.xml by CTest
// 3.25 (`ctest --output-junit`), both generated on this machine; gtest.xml is written by hand in the
// format of googletest 1.14 (its own gtest_xml_output_unittest expectations), which is not installed
// here. No database: the reader is pure.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { HwaError } from '../../core/errors.js';
import { junitToPlan, keepEnd } from './junit.js';

const SYSTEM = '0190a0a0-0000-7000-8000-000000000000';
const fixture = (name: string) =>
  readFileSync(path.join(import.meta.dirname, '../../../test/fixtures/junit', name), 'utf8');
const plan = (xml: string, title?: string) =>
  junitToPlan(xml, { systemId: SYSTEM, title, fileName: 'report.xml' });

/** The 400 that `xml` is refused with: its detail. */
function refusal(xml: string): string {
  try {
    plan(xml);
  } catch (err) {
    expect(err).toBeInstanceOf(HwaError);
    expect((err as HwaError).code).toBe('validation');
    expect((err as HwaError).errors.map((e) => e.path)).toEqual(['body.file']);
    return (err as HwaError).detail;
  }
  throw new Error('not refused');
}

describe('junitToPlan', () => {
  it('reads a pytest 8/9 xunit2 report: failure, setup error, skip, properties, captured output', () => {
    const run = plan(fixture('pytest-xunit2.xml'));
    expect(run.system_id).toBe(SYSTEM);
    expect(run.title).toBe('pytest tests');
    expect(run.description).toBe(
      'Imported from JUnit XML report.xml: 5 tests, 2 passed, 2 failed, 1 skipped.',
    );
    expect(run.cards.map((c) => c.title)).toEqual(['power']);
    const steps = run.cards[0]!.steps;
    expect(steps.map((s) => [s.title, s.execution_status, s.exception])).toEqual([
      ['tests.test_power.test_boot_voltage', 'passed', null],
      ['tests.test_power.test_ripple', 'failed', 'AssertionError: ripple above 50 mV\nassert 0.08 < 0.05'],
      [
        'tests.test_power.test_load_step',
        'failed',
        'error: failed on setup with "RuntimeError: bench supply not connected"',
      ],
      ['tests.test_power.test_thermal_soak', 'todo', 'skipped: no thermal chamber on this bench'],
      ['tests.test_power.TestUart.test_loopback', 'passed', null],
    ]);
    const boot = steps[0]!;
    expect(boot.step_type).toBe('measurement');
    expect(boot.measurements).toEqual([{ name: 'vbus', value: 5.02 }]);
    // The non-numeric property is a note; of the captured output only the print is left.
    expect(boot.observations).toEqual(['firmware: v1.4.2', 'system-out:\nbooted in 312 ms']);
    // The traceback is kept as an observation of the failed step.
    expect(steps[1]!.observations).toEqual([
      expect.stringContaining('tests/test_power.py:19: AssertionError'),
    ]);
    // Times: the suite's timestamp (with a zone) plus the cases before; a skipped test has none.
    const suiteStart = Date.parse(/timestamp="([^"]+)"/.exec(fixture('pytest-xunit2.xml'))![1]!);
    expect(Date.parse(boot.started_at!)).toBe(Math.floor(suiteStart));
    expect(Date.parse(boot.ended_at!) - Date.parse(boot.started_at!)).toBe(1); // time="0.001"
    expect(steps[3]!.started_at).toBeNull();
  });

  it('reads a Google Test report: properties, CDATA failure, run-but-skipped and disabled tests', () => {
    const run = plan(fixture('gtest.xml'), '  TVAC bring-up  ');
    expect(run.title).toBe('TVAC bring-up');
    expect(run.cards.map((c) => [c.title, c.steps.length])).toEqual([
      ['PowerRail', 3],
      ['Uart/LoopbackTest', 2],
    ]);
    const [boot, ripple, soak] = run.cards[0]!.steps;
    expect(boot).toMatchObject({
      title: 'PowerRail.BootVoltage',
      execution_status: 'passed',
      measurements: [{ name: 'vbus_volts', value: 5.02 }],
      observations: ['rail: VBUS_MAIN'],
      // The case's own timestamp (no zone: UTC) and its 4 ms.
      started_at: '2026-11-23T04:20:00.101Z',
      ended_at: '2026-11-23T04:20:00.105Z',
    });
    expect(ripple).toMatchObject({
      execution_status: 'failed',
      exception: '/src/hw/power_rail_test.cc:25\nExpected: (ripple) < (0.05), actual: 0.08 vs 0.05',
      observations: ['/src/hw/power_rail_test.cc:25\nExpected: (ripple) < (0.05), actual: 0.08 vs 0.05'],
    });
    expect(soak).toMatchObject({
      execution_status: 'todo',
      exception: 'skipped: /src/hw/power_rail_test.cc:31\nno thermal chamber',
      started_at: null,
    });
    const [echo, disabled] = run.cards[1]!.steps;
    expect(echo).toMatchObject({ title: 'Uart/LoopbackTest.Echo/0', execution_status: 'passed' });
    // Not run (gtest's 1970 timestamp is not taken as a start).
    expect(disabled).toMatchObject({
      execution_status: 'todo',
      exception: 'skipped: notrun',
      started_at: null,
    });
  });

  it('reads a CTest report: a root <testsuite>, names repeated as classnames, notrun and disabled', () => {
    const run = plan(fixture('ctest.xml'));
    expect(run.cards.map((c) => c.title)).toEqual(['(empty)']);
    expect(run.title).toBe('(empty)');
    expect(
      run.cards[0]!.steps.map((s) => [s.title, s.execution_status, s.exception, s.observations]),
    ).toEqual([
      ['boot_voltage', 'passed', null, ['system-out:\nvbus = 5.02 V']],
      ['ripple', 'failed', 'failed', ['system-out:\nripple 0.08 V above 0.05 V']],
      ['thermal_soak', 'todo', 'skipped: SKIP_RETURN_CODE=77', ['system-out:\nno chamber']],
      ['uart_loopback', 'todo', 'skipped: disabled', ['system-out:\nDisabled']],
    ]);
    // No zone: UTC; the cases run one after another from the suite's start.
    const [boot, ripple] = run.cards[0]!.steps;
    const start = Date.parse(`${/timestamp="([^"]+)"/.exec(fixture('ctest.xml'))![1]!}Z`);
    expect(Date.parse(boot!.started_at!)).toBe(start);
    expect(Date.parse(ripple!.started_at!)).toBe(start + 22); // after boot_voltage's 0.0222714 s
  });

  it('reads the NUnit JUnit transform: nested suites flattened, suite properties in the description', () => {
    const run = plan(`<?xml version="1.0" encoding="utf-8"?>
<testsuites tests="2" failures="1" time="0.05">
  <testsuite name="Hw.Tests" tests="0">
    <properties><property name="Fixture" value="Bench 3"/></properties>
    <testsuite name="Hw.Tests.PowerTests" tests="2" failures="1" timestamp="2026-11-23T04:00:00">
      <testcase name="BootVoltage" classname="Hw.Tests.PowerTests" time="0.01" status="Passed"/>
      <testcase name="Ripple" classname="Hw.Tests.PowerTests" time="0.02" status="Failed"><failure message="Expected less than 0.05 but was 0.08">at Hw.Tests.PowerTests.Ripple()</failure></testcase>
    </testsuite>
  </testsuite>
</testsuites>`);
    expect(run.title).toBe('Hw.Tests.PowerTests');
    expect(run.cards).toHaveLength(1);
    expect(run.cards[0]!.steps.map((s) => [s.title, s.execution_status])).toEqual([
      ['Hw.Tests.PowerTests.BootVoltage', 'passed'],
      ['Hw.Tests.PowerTests.Ripple', 'failed'],
    ]);
  });

  it('keeps the end of a title over 100 characters, and cuts observations at 10,000', () => {
    const long = `a.very.long.package.${'x'.repeat(120)}`;
    const title = keepEnd(`${long}.test_it`, 100);
    expect([...title]).toHaveLength(100);
    expect(title.startsWith('…')).toBe(true);
    expect(title.endsWith('x.test_it')).toBe(true);
    const out = 'y'.repeat(20_000);
    const run = plan(
      `<testsuite name="s"><testcase classname="${long}" name="test_it"><system-out>${out}</system-out></testcase></testsuite>`,
    );
    const step = run.cards[0]!.steps[0]!;
    expect(step.title).toBe(title);
    expect([...step.observations![0]!]).toHaveLength(10_000);
  });

  it('refuses XML that is not well-formed, naming the line and column', () => {
    expect(refusal('<testsuites>\n  <testsuite name="a">\n</testsuites>')).toMatch(
      /^body\.file is not well-formed XML: .*\(line 3, column \d+\)$/,
    );
    expect(refusal('not xml at all')).toMatch(/line 1, column 1\)$/);
  });

  it('refuses well-formed XML that is not JUnit, and reads an empty report as no cards', () => {
    expect(refusal('<?xml version="1.0"?><html><body/></html>')).toBe(
      'body.file is not JUnit XML: the root element must be <testsuites> or <testsuite>, not <html>',
    );
    expect(plan('<testsuites/>').cards).toEqual([]);
  });
});
