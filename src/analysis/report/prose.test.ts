// The report's prose: built in from the computed findings (counts, the worst with channel, interval
// and value, the files), and with a language model, written by the model from those same numbers; a
// failing or unusable model answer falls back to the built-in prose. No database: the analyst port
// on a fake OpenAI-compatible server.
import { describe, expect, it } from 'vitest';
import { apiError, completion } from '../../../test/fake-openai.js';
import { fakeOpenAIPerFile } from '../../../test/openai-analyst.js';
import { createBuiltinAnalyst } from '../builtin.js';
import type { Finding, TelemetryAnalysis } from '../telemetry/index.js';
import type { AnalysedFile, ReportFinding } from './markdown.js';
import { builtinProse, writeProse } from './prose.js';

const llm = fakeOpenAIPerFile();

const breach: ReportFinding = {
  id: '0123456789abcdef',
  kind: 'limit_breach',
  channels: ['tc_1_degC'],
  start_row: 1012,
  end_row: 1088,
  start_time: '2026-11-20T10:16:52.000Z',
  end_time: '2026-11-20T10:18:08.000Z',
  t_start: 1012,
  t_end: 1088,
  severity: 'high',
  evidence: { duration_s: 76, values: { worst: 64.07, rows: 77 }, limit: { max: 60 }, margin: 4.07 },
  description: 'tc_1_degC above its maximum of 60',
  file_id: 'f1',
  file_name: 'tvac.csv',
};
const stuck: ReportFinding = {
  ...breach,
  id: 'fedcba9876543210',
  kind: 'stuck',
  channels: ['tc_3_degC'],
  start_row: 450,
  end_row: 649,
  start_time: '2026-11-20T10:07:30.000Z',
  end_time: '2026-11-20T10:10:49.000Z',
  t_start: 450,
  t_end: 649,
  evidence: { duration_s: 199, values: { value: 27.23, rows: 200 } },
};
const analysis = { rows: 1200, findings: [breach, stuck] as Finding[] } as TelemetryAnalysis;
const files: AnalysedFile[] = [{ fileId: 'f1', fileName: 'tvac.csv', analysis, limitSources: {} }];
const input = { title: 'Analysis of TR-0001', context: '', files, findings: [breach, stuck] };
const signal = new AbortController().signal;

describe('built-in prose', () => {
  it('counts the findings and leads with the worst: the broken limit, its value, limit and interval', () => {
    const prose = builtinProse(files, [stuck, breach]);
    expect(prose.summary).toBe(
      '2 findings (2 high, 0 medium, 0 low) in 1 file analysed (1200 rows: tvac.csv). ' +
        'Worst: limit breach on tc_1_degC reaching 64.07 (4.07 over its max of 60), ' +
        '2026-11-20 10:16:52 → 10:18:08 UTC (76 s). Channels affected: tc_1_degC, tc_3_degC.',
    );
  });

  it('says so when nothing was found', () => {
    expect(builtinProse(files, []).summary).toBe('No faults found in 1 file analysed (1200 rows: tvac.csv).');
  });

  it('is what the built-in analyst gives, without a model call', async () => {
    expect(await writeProse(createBuiltinAnalyst(), input, signal)).toEqual(
      builtinProse(files, input.findings),
    );
  });
});

describe('with a language model', () => {
  it('uses the model’s summary and overview, written from the findings it was given', async () => {
    const answer = {
      summary: 'Two faults: tc_1_degC reached 64.07 against 60.',
      overview: 'The run overheated once.',
    };
    llm.fake.script({ body: completion({ content: JSON.stringify(answer) }) });
    const prose = await writeProse(llm.analyst(), input, signal);
    expect(prose).toEqual({ ...answer, by: 'model' });
    const sent = JSON.stringify(llm.sent().body);
    expect(sent).toContain('64.07');
    expect(sent).toContain('tc_3_degC');
  });

  it.each([
    ['an error answer', { status: 400, body: apiError('model not found') }],
    ['text that is not JSON', { body: completion({ content: 'The run was fine.' }) }],
    ['JSON without an overview', { body: completion({ content: JSON.stringify({ summary: 'x' }) }) }],
  ])('falls back to the built-in prose on %s', async (_name, reply) => {
    llm.fake.script(reply);
    expect(await writeProse(llm.analyst({ maxRetries: 0 }), input, signal)).toEqual(
      builtinProse(files, input.findings),
    );
  });
});
