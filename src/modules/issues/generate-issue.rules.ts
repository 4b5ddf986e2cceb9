// What generate_issue files, as pure functions: the failures it finds (a failed step; a report finding
// of high or medium severity), the stable key of each (the same failure seen by a later run has the
// same key, so it is commented on rather than filed twice), its priority, title and the description
// blocks citing the evidence. No I/O: generate-issue.job.ts reads and writes.
import { findingId } from '../../analysis/telemetry/findings.js';
import type { Finding, Limit } from '../../analysis/telemetry/types.js';
import type { IssuePriority } from '../../db/tables/issues.js';
import { testRunId } from '../test-runs/test-runs.service.js';
import type { FailedStepRow, MeasurementRow, ReportRow, RunRow } from './generate-issue.repository.js';
import { MAX_TABLE_ROWS, type Block } from './issues.blocks.js';
import { MAX_TITLE } from './issues.schemas.js';

/** A finding as the report job stores it: the analyst's Finding plus where it came from. */
export type StoredFinding = Partial<Finding> & {
  file?: string;
  data_file_id?: string;
  chart_attachment_id?: string;
};

export type Failure =
  | { type: 'step'; key: string; run: RunRow; step: FailedStepRow; measurements: MeasurementRow[] }
  | {
      type: 'finding';
      key: string;
      run: RunRow;
      report: ReportRow;
      finding: StoredFinding;
      /** Titles of the report's card and step, when it covers one. */
      cardTitle: string | null;
      stepTitle: string | null;
    };

/** Severities that are filed: a low finding is context for the report reader, not a tracker item. */
export const FILED_SEVERITIES = ['high', 'medium'] as const;

export const stepKey = (stepId: string) => `step:${stepId}`;

/**
 * A finding's key: its run and its id, which hashes file, kind, channels and start row (findings.ts),
 * so every report of the run that finds the same fault (run, card or step scope, a re-analysis) names
 * it alike. A stored finding without an id gets the same hash from its fields.
 */
export function findingKey(runId: string, f: StoredFinding): string {
  const id = f.id ?? findingId(f.file ?? '', f.kind ?? '', f.channels ?? [], f.start_row ?? 0);
  return `finding:${runId}:${id}`;
}

const isObject = (x: unknown): x is Record<string, unknown> =>
  typeof x === 'object' && x !== null && !Array.isArray(x);

/**
 * The findings array of a report, tolerating rows written before the shape settled: what is not an
 * object is skipped, and a field of the wrong type is read as absent (channels keep their strings).
 */
export function storedFindings(raw: unknown): StoredFinding[] {
  if (!Array.isArray(raw)) return [];
  return raw.filter(isObject).map((f) => {
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(f)) {
      const expected = FIELD_TYPES[key];
      if (expected === undefined || expected.includes(value === null ? 'null' : typeof value))
        out[key] = value;
    }
    // The report job names the data file `file_id` / `file_name` (the Report's findings, docs/api.md).
    if (out.data_file_id === undefined && typeof f.file_id === 'string') out.data_file_id = f.file_id;
    if (out.file === undefined && typeof f.file_name === 'string') out.file = f.file_name;
    out.channels = Array.isArray(f.channels) ? f.channels.filter((c) => typeof c === 'string') : undefined;
    if (isObject(f.evidence)) {
      const e = f.evidence;
      out.evidence = {
        ...e,
        values: isObject(e.values) ? e.values : undefined,
        limit: isObject(e.limit) ? e.limit : undefined,
      };
    } else delete out.evidence;
    return out;
  });
}

/** The JavaScript types each Finding field may have as stored; other fields are kept as they are. */
const FIELD_TYPES: Record<string, string[]> = {
  id: ['string'],
  kind: ['string'],
  severity: ['string'],
  description: ['string'],
  file: ['string'],
  data_file_id: ['string'],
  chart_attachment_id: ['string'],
  start_row: ['number'],
  end_row: ['number'],
  t_start: ['number'],
  t_end: ['number'],
  start_time: ['string', 'number', 'null'],
  end_time: ['string', 'number', 'null'],
};

export const isFiled = (f: StoredFinding) =>
  (FILED_SEVERITIES as readonly string[]).includes(String(f.severity));

/** A failed step stopped a test: high. A finding keeps its severity (high or medium). */
export function priorityOf(failure: Failure): IssuePriority {
  if (failure.type === 'step') return 'high';
  return failure.finding.severity === 'high' ? 'high' : 'medium';
}

const runLabel = (run: RunRow) => `${testRunId(run.runNumber)} "${run.title}"`;
const KIND_NAMES: Record<string, string> = {
  spike: 'Spike',
  drift: 'Drift',
  step: 'Level shift',
  oscillation: 'Oscillation',
  limit_breach: 'Limit breach',
  dropout: 'Dropout',
  stuck: 'Stuck sensor',
};
const kindName = (kind: string | undefined) => KIND_NAMES[kind ?? ''] ?? kind ?? 'Anomaly';
const channelsOf = (f: StoredFinding) => (f.channels?.length ? f.channels.join(', ') : 'unknown channel');

export function titleOf(failure: Failure): string {
  const run = testRunId(failure.run.runNumber);
  const title =
    failure.type === 'step'
      ? `Failed step: ${failure.step.cardTitle} / ${failure.step.stepTitle} (${run})`
      : `${kindName(failure.finding.kind)} on ${channelsOf(failure.finding)}` +
        `${failure.finding.file ? ` in ${failure.finding.file}` : ''} (${run})`;
  return title.length > MAX_TITLE ? `${title.slice(0, MAX_TITLE - 1)}…` : title;
}

export function tagsOf(failure: Failure): string[] {
  return failure.type === 'step'
    ? ['test-run', 'failed-step']
    : ['test-run', 'telemetry', ...(failure.finding.kind ? [failure.finding.kind] : [])];
}

/** Numbers as an engineer reads them: four significant digits, one decimal from 100 up. */
export function fmt(x: unknown): string {
  if (typeof x === 'string') return x;
  if (typeof x !== 'number') return x === null || x === undefined ? '—' : JSON.stringify(x);
  if (!Number.isFinite(x) || Number.isInteger(x)) return String(x);
  return Math.abs(x) >= 100 ? x.toFixed(1) : Number(x.toPrecision(4)).toString();
}

const MAX_TEXT = 10_000;
const span = (text: string) => ({ text: text.slice(0, MAX_TEXT) });
const paragraph = (text: string): Block => ({ type: 'paragraph', text: [span(text)] });
const heading = (text: string): Block => ({ type: 'heading', level: 2, text: [span(text)] });
const table = (header: string[], rows: string[][]): Block => ({
  type: 'table',
  header: header.map((h) => [span(h)]),
  rows: rows.map((row) => row.map((cell) => [span(cell)])),
});

export function limitText(limit: Limit | undefined): string | undefined {
  if (!limit || (limit.min === undefined && limit.max === undefined)) return undefined;
  if (limit.min !== undefined && limit.max !== undefined) return `${fmt(limit.min)} to ${fmt(limit.max)}`;
  return limit.min !== undefined ? `at least ${fmt(limit.min)}` : `at most ${fmt(limit.max)}`;
}

export function intervalText(f: StoredFinding): string {
  const parts: string[] = [];
  if (f.start_time != null || f.end_time != null) parts.push(`${fmt(f.start_time)} to ${fmt(f.end_time)}`);
  if (f.t_start !== undefined || f.t_end !== undefined)
    parts.push(`t = ${fmt(f.t_start)} s to ${fmt(f.t_end)} s`);
  if (f.start_row !== undefined || f.end_row !== undefined)
    parts.push(`rows ${fmt(f.start_row)}–${fmt(f.end_row)}`);
  return parts.join('; ') || 'not recorded';
}

/** The evidence of a finding as table rows (field, value); what the finding lacks is left out. */
export function findingRows(failure: Extract<Failure, { type: 'finding' }>): string[][] {
  const { finding: f, report } = failure;
  const e = f.evidence ?? { duration_s: Number.NaN };
  const values = e.values ? Object.entries(e.values).map(([k, v]) => `${k} = ${fmt(v)}`) : [];
  const rows: (string[] | false)[] = [
    ['Test run', runLabel(failure.run)],
    ['Report', `${report.title} (${report.scope} scope)`],
    failure.cardTitle !== null && ['Card', failure.cardTitle],
    failure.stepTitle !== null && ['Step', failure.stepTitle],
    ['Data file', f.file ?? 'not recorded'],
    ['Channel', channelsOf(f)],
    ['Kind', kindName(f.kind)],
    ['Severity', String(f.severity)],
    ['Interval', intervalText(f)],
    Number.isFinite(e.duration_s) && ['Duration', `${fmt(e.duration_s)} s`],
    values.length > 0 && ['Values', values.join(', ')],
    limitText(e.limit) !== undefined && ['Limit', limitText(e.limit)!],
    e.margin !== undefined && ['Margin beyond the limit', fmt(e.margin)],
    e.peak_sigma !== undefined && [
      'Peak deviation',
      `${fmt(e.peak_sigma)} σ${e.noise !== undefined ? ` (noise σ = ${fmt(e.noise)})` : ''}`,
    ],
  ];
  return rows.filter((r): r is string[] => r !== false);
}

function stepRows(failure: Extract<Failure, { type: 'step' }>): string[][] {
  const { step } = failure;
  const rows: (string[] | false)[] = [
    ['Test run', runLabel(failure.run)],
    ['Card', step.cardTitle],
    ['Step', `${step.stepPosition}. ${step.stepTitle}`],
    ['Execution status', 'failed'],
    step.exception !== null && ['Exception', step.exception],
    step.startedAt !== null && ['Started', step.startedAt.toISOString()],
    step.endedAt !== null && ['Ended', step.endedAt.toISOString()],
  ];
  return rows.filter((r): r is string[] => r !== false);
}

const measurementRow = (m: MeasurementRow) => [
  m.name,
  fmt(m.value),
  m.units ?? '',
  m.low === null ? '—' : fmt(m.low),
  m.high === null ? '—' : fmt(m.high),
  m.outcome,
];

/**
 * The issue's description: what failed with its evidence as a table, the chart when there is one (an
 * image block of its attachment), the report's analysis context and the job's additional context.
 */
export function descriptionOf(
  failure: Failure,
  extra: { jobRunId: string; chartAttachmentId?: string; additionalContext?: string },
): Block[] {
  const blocks: Block[] = [];
  if (failure.type === 'step') {
    blocks.push(heading('What failed'), table(['Evidence', 'Value'], stepRows(failure)));
    if (failure.measurements.length > 0) {
      blocks.push(
        heading('Measurements out of limits'),
        table(
          ['Measurement', 'Value', 'Units', 'Low', 'High', 'Outcome'],
          // A table holds at most MAX_TABLE_ROWS rows, as a person's description would.
          failure.measurements.slice(0, MAX_TABLE_ROWS).map(measurementRow),
        ),
      );
    }
  } else {
    blocks.push(heading('What was found'));
    if (failure.finding.description) blocks.push(paragraph(failure.finding.description));
    blocks.push(table(['Evidence', 'Value'], findingRows(failure)));
    if (extra.chartAttachmentId) {
      blocks.push({
        type: 'image',
        attachment_id: extra.chartAttachmentId,
        caption: [span(`${channelsOf(failure.finding)}: the finding shaded, limits drawn`)],
      });
    }
    if (failure.report.analysisContext.trim()) {
      blocks.push(heading('Analysis context'), paragraph(failure.report.analysisContext));
    }
  }
  if (extra.additionalContext?.trim()) {
    blocks.push(heading('Additional context'), paragraph(extra.additionalContext));
  }
  blocks.push(
    paragraph(
      `Filed by job run ${extra.jobRunId}. A later run that sees this failure again comments here ` +
        'instead of filing another issue.',
    ),
  );
  return blocks;
}

/** The comment a later run leaves on the issue of a failure it sees again. */
export function seenAgainComment(failure: Failure, jobRunId: string): string {
  const where =
    failure.type === 'step'
      ? `step "${failure.step.stepTitle}" of card "${failure.step.cardTitle}" is still failed`
      : `report "${failure.report.title}" found it again (${kindName(failure.finding.kind)} on ` +
        `${channelsOf(failure.finding)}, ${intervalText(failure.finding)}, severity ${String(failure.finding.severity)})`;
  return `Seen again in job run ${jobRunId}: in test run ${runLabel(failure.run)}, ${where}.`;
}
