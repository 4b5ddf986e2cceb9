// The report's markdown, written from computed numbers only: scope and files analysed, an overview
// (the model's or the built-in one), the findings table, the charts and per-file channel statistics.
// Charts are referenced as `hwa-chart:<attachment id>`: the reports service turns each into a signed
// download link when the report is read, so a stored report never holds an expired link.
import type { ChannelSummary, Finding, TelemetryAnalysis } from '../telemetry/index.js';

export const CHART_REF = 'hwa-chart:';

export interface ReportFinding extends Finding {
  file_id: string;
  file_name: string;
  /** The chart of its file and channel, when one was drawn (generate_issue shows it in the issue). */
  chart_attachment_id?: string;
}

export interface AnalysedFile {
  fileId: string;
  fileName: string;
  analysis: TelemetryAnalysis;
  /** Where each channel's limits came from, for the reader: `sidecar`, `measurement`. */
  limitSources: Record<string, string>;
}

export interface ReportChartRef {
  attachment_id: string;
  channel: string;
  file_name: string;
}

export interface MarkdownInput {
  title: string;
  scopeLine: string;
  files: AnalysedFile[];
  /** Files in scope that were not analysed, with why (a sidecar, a PDF…). */
  skipped: { fileName: string; why: string }[];
  findings: ReportFinding[];
  charts: ReportChartRef[];
  overview: string;
  context: string;
}

/** Numbers as an engineer writes them: 4 significant digits, no exponent for everyday values. */
export function num(x: number | null | undefined): string {
  if (x === null || x === undefined || !Number.isFinite(x)) return '–';
  if (x !== 0 && (Math.abs(x) >= 1e6 || Math.abs(x) < 1e-3)) return x.toExponential(3);
  return String(Number(x.toPrecision(4)));
}

const cell = (s: string) => s.replace(/\|/g, '\\|').replace(/\n/g, ' ');

export function interval(f: Finding): string {
  const at = (time: string | number | null, t: number) =>
    typeof time === 'string' ? time : `${num(typeof time === 'number' ? time : t)} s`;
  return `${at(f.start_time, f.t_start)} → ${at(f.end_time, f.t_end)} (rows ${f.start_row}–${f.end_row})`;
}

/** The numbers behind a finding, in one short line. */
export function evidenceLine(f: Finding): string {
  const e = f.evidence;
  const parts: string[] = [];
  for (const [k, v] of Object.entries(e.values ?? {})) parts.push(`${k} ${num(v)}`);
  if (e.limit) {
    const lim = [
      e.limit.min !== undefined ? `min ${num(e.limit.min)}` : '',
      e.limit.max !== undefined ? `max ${num(e.limit.max)}` : '',
    ]
      .filter(Boolean)
      .join(', ');
    parts.push(`limit ${lim}`);
  }
  if (e.margin !== undefined) parts.push(`beyond by ${num(e.margin)}`);
  if (e.peak_sigma !== undefined) parts.push(`${num(e.peak_sigma)} σ`);
  parts.push(`${num(e.duration_s)} s`);
  return parts.join('; ');
}

const SEVERITY_ORDER = { high: 0, medium: 1, low: 2 };
/** At one severity, a broken limit outranks a sensor fault, which outranks a signal's shape. */
const KIND_ORDER: Record<string, number> = {
  limit_breach: 0,
  stuck: 1,
  dropout: 2,
  spike: 3,
  step: 4,
  drift: 5,
  oscillation: 6,
};

/** Findings worst first: by severity, then kind, then in time order. */
export function ranked<T extends Finding>(findings: T[]): T[] {
  return [...findings].sort(
    (a, b) =>
      SEVERITY_ORDER[a.severity] - SEVERITY_ORDER[b.severity] ||
      (KIND_ORDER[a.kind] ?? 9) - (KIND_ORDER[b.kind] ?? 9) ||
      a.t_start - b.t_start,
  );
}

/** "2026-11-20 10:16:52 → 10:18:08 UTC (76 s)", or "120 s → 196 s (76 s)": for the summary. */
export function shortInterval(f: Finding): string {
  const duration = `${num(f.t_end - f.t_start)} s`;
  if (typeof f.start_time === 'string' && typeof f.end_time === 'string') {
    const clean = (x: string) =>
      x
        .replace('T', ' ')
        .replace(/\.000(?=Z|[+-]|$)/, '')
        .replace(/Z$/, '');
    const [a, b] = [clean(f.start_time), clean(f.end_time)];
    const sameDay = a.slice(0, 10) === b.slice(0, 10);
    const utc = f.start_time.endsWith('Z') ? ' UTC' : '';
    return `${a} → ${sameDay ? b.slice(11) : b}${utc} (${duration})`;
  }
  return `${num(f.t_start)} s → ${num(f.t_end)} s from the start (${duration})`;
}

function statsTable(channels: ChannelSummary[], limitSources: Record<string, string>): string[] {
  const rows = channels.filter((c) => c.kind === 'numeric');
  if (rows.length === 0) return ['No numeric channels.'];
  return [
    '| channel | units | count | missing | min | mean | max | std | p50 | p99 | rate (Hz) | gaps | limits from |',
    '|---|---|---|---|---|---|---|---|---|---|---|---|---|',
    ...rows.map((c) => {
      const s = c.stats;
      return `| ${cell(c.name)} | ${c.units ?? ''} | ${s.count} | ${s.missing} | ${num(s.min)} | ${num(s.mean)} | ${num(s.max)} | ${num(s.std)} | ${num(s.p50)} | ${num(s.p99)} | ${num(s.sample_rate_hz)} | ${s.gaps} | ${limitSources[c.name] ?? ''} |`;
    }),
  ];
}

export function reportMarkdown(m: MarkdownInput): string {
  const out: string[] = [`# ${m.title}`, '', m.scopeLine, ''];
  out.push('**Files analysed:**', '');
  for (const f of m.files) {
    const t = f.analysis.time;
    const span = t.start !== null ? `, ${t.start} → ${t.end}` : '';
    out.push(`- ${f.fileName}: ${f.analysis.rows} rows, ${f.analysis.channels.length} channels${span}`);
  }
  for (const s of m.skipped) out.push(`- ${s.fileName}: not analysed (${s.why})`);
  if (m.context.trim()) out.push('', `**Analysis context:** ${m.context.trim().replace(/\s+/g, ' ')}`);
  out.push('', '## Overview', '', m.overview, '', '## Findings', '');
  if (m.findings.length === 0) {
    out.push('No faults found.');
  } else {
    out.push(
      '| # | file | channel | kind | interval | severity | evidence |',
      '|---|---|---|---|---|---|---|',
    );
    ranked(m.findings).forEach((f, i) =>
      out.push(
        `| ${i + 1} | ${cell(f.file_name)} | ${cell(f.channels.join(', '))} | ${f.kind} | ${cell(interval(f))} | ${f.severity} | ${cell(evidenceLine(f))} |`,
      ),
    );
  }
  if (m.charts.length > 0) {
    out.push('', '## Charts', '');
    for (const c of m.charts) {
      out.push(
        `### ${c.channel} (${c.file_name})`,
        '',
        `![${c.channel}](${CHART_REF}${c.attachment_id})`,
        '',
      );
    }
  }
  out.push('', '## Channel statistics');
  for (const f of m.files)
    out.push('', `### ${f.fileName}`, '', ...statsTable(f.analysis.channels, f.limitSources));
  return out.join('\n') + '\n';
}
