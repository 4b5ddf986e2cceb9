// The pure rules of generate_issue: a finding's key is the same whether the report stored its id or
// not (so the same fault in two reports of a run is one failure), stored findings are read tolerantly,
// priority follows severity, and the evidence reads as an engineer writes it.
import { describe, expect, it } from 'vitest';
import { findingId } from '../../analysis/telemetry/findings.js';
import type { RunRow } from './generate-issue.repository.js';
import {
  descriptionOf,
  findingKey,
  fmt,
  intervalText,
  isFiled,
  limitText,
  priorityOf,
  storedFindings,
  titleOf,
  type Failure,
  type StoredFinding,
} from './generate-issue.rules.js';
import { plainText } from './issues.blocks.js';

const run: RunRow = { id: 'run-1', systemId: 'sys-1', runNumber: 42, title: 'TVAC' };
const report = {
  id: 'rep-1',
  runId: 'run-1',
  scope: 'run',
  cardId: null,
  stepId: null,
  title: 'Run report',
  analysisContext: '',
} as unknown as Extract<Failure, { type: 'finding' }>['report'];
const findingFailure = (finding: StoredFinding): Failure => ({
  type: 'finding',
  key: findingKey(run.id, finding),
  run,
  report,
  finding,
  cardTitle: null,
  stepTitle: null,
});

describe('generate_issue rules', () => {
  it("keys a finding by its run and the analyst's id, computing the same id when it was not stored", () => {
    const fields = { file: 'tvac.csv', kind: 'stuck' as const, channels: ['b', 'a'], start_row: 300 };
    const id = findingId('tvac.csv', 'stuck', ['a', 'b'], 300);
    expect(findingKey('run-1', { ...fields, id })).toBe(`finding:run-1:${id}`);
    expect(findingKey('run-1', fields)).toBe(`finding:run-1:${id}`);
    expect(findingKey('run-2', fields)).not.toBe(findingKey('run-1', fields));
  });

  it('reads only objects from a stored findings array, and nothing from anything else', () => {
    expect(storedFindings([{ id: 'a' }, null, 3, 'x', [1], { id: 'b' }])).toEqual([{ id: 'a' }, { id: 'b' }]);
    expect(storedFindings({ id: 'a' })).toEqual([]);
    const [odd] = storedFindings([
      { id: 7, kind: 'spike', channels: 'x', start_row: '3', evidence: { values: 'v', limit: { max: 1 } } },
    ]);
    expect(odd).toEqual({
      kind: 'spike',
      channels: undefined,
      evidence: { values: undefined, limit: { max: 1 } },
    });
  });

  it('files high and medium findings with that priority, never low ones; a failed step is high', () => {
    expect([
      isFiled({ severity: 'high' }),
      isFiled({ severity: 'medium' }),
      isFiled({ severity: 'low' }),
    ]).toEqual([true, true, false]);
    expect(priorityOf(findingFailure({ severity: 'high' }))).toBe('high');
    expect(priorityOf(findingFailure({ severity: 'medium' }))).toBe('medium');
  });

  it('writes numbers, limits and intervals as an engineer reads them', () => {
    expect([fmt(1200), fmt(74.2345), fmt(1234.56), fmt(null), fmt('10:20')]).toEqual([
      '1200',
      '74.23',
      '1234.6',
      '—',
      '10:20',
    ]);
    expect([
      limitText({ max: 70 }),
      limitText({ min: -5 }),
      limitText({ min: 27, max: 29 }),
      limitText({}),
    ]).toEqual(['at most 70', 'at least -5', '27 to 29', undefined]);
    expect(
      intervalText({ start_time: 'T1', end_time: 'T2', t_start: 1.5, t_end: 3, start_row: 1, end_row: 2 }),
    ).toBe('T1 to T2; t = 1.5 s to 3 s; rows 1–2');
    expect(intervalText({})).toBe('not recorded');
  });

  it('titles a finding by kind, channel, file and run, and shows no image without a chart', () => {
    const failure = findingFailure({
      kind: 'limit_breach',
      channels: ['tc_2_C'],
      file: 'a.csv',
      severity: 'high',
    });
    expect(titleOf(failure)).toBe('Limit breach on tc_2_C in a.csv (TR-0042)');
    const blocks = descriptionOf(failure, { jobRunId: 'job-1', additionalContext: 'Heater 2 was replaced.' });
    expect(blocks.some((b) => b.type === 'image')).toBe(false);
    expect(plainText(blocks)).toContain('Additional context\nHeater 2 was replaced.');
    expect(plainText(blocks)).toContain('Filed by job run job-1.');
  });
});
