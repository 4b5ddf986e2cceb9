// The report's prose: the summary (two to four sentences a lead reads in ten seconds) and the overview
// paragraph. Built in from the computed findings; with a language model configured, the model writes
// both from those same findings, and any failure or unusable answer falls back to the built-in text.
// The numbers are always ours: the model is given them and asked to quote, never to compute.
import type { Analyst } from '../analyst.js';
import {
  evidenceLine,
  interval,
  num,
  ranked,
  shortInterval,
  type AnalysedFile,
  type ReportFinding,
} from './markdown.js';

export interface Prose {
  summary: string;
  overview: string;
  /** `model` when the language model wrote it. */
  by: 'builtin' | 'model';
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

function worstLine(f: ReportFinding): string {
  const e = f.evidence;
  const peak = e.values?.worst ?? e.values?.peak ?? e.values?.after;
  const stuckAt = f.kind === 'stuck' ? e.values?.value : undefined;
  const value =
    peak !== undefined ? ` reaching ${num(peak)}` : stuckAt !== undefined ? ` frozen at ${num(stuckAt)}` : '';
  const limit =
    e.limit?.max !== undefined && e.margin !== undefined
      ? ` (${num(e.margin)} over its max of ${num(e.limit.max)})`
      : e.limit?.min !== undefined && e.margin !== undefined
        ? ` (${num(e.margin)} under its min of ${num(e.limit.min)})`
        : '';
  return `${f.kind.replace('_', ' ')} on ${f.channels.join(', ')}${value}${limit}, ${shortInterval(f)}`;
}

export function builtinProse(files: AnalysedFile[], findings: ReportFinding[]): Prose {
  const rows = files.reduce((n, f) => n + f.analysis.rows, 0);
  const analysed = `${plural(files.length, 'file')} analysed (${rows} rows: ${files.map((f) => f.fileName).join(', ')})`;
  if (findings.length === 0) {
    return {
      summary: `No faults found in ${analysed}.`,
      overview: `The analyst found no spike, drift, step, oscillation, limit breach, dropout or stuck sensor in ${analysed}.`,
      by: 'builtin',
    };
  }
  const bySeverity = (s: string) => findings.filter((f) => f.severity === s).length;
  const counts = `${plural(findings.length, 'finding')} (${bySeverity('high')} high, ${bySeverity('medium')} medium, ${bySeverity('low')} low)`;
  const [worst] = ranked(findings);
  const channels = [...new Set(ranked(findings).flatMap((f) => f.channels))];
  const kinds = [...new Set(findings.map((f) => f.kind))];
  return {
    summary:
      `${counts} in ${analysed}. ` +
      `Worst: ${worstLine(worst!)}. ` +
      `Channels affected: ${channels.join(', ')}.`,
    overview:
      `Across ${analysed}, the analyst found ${counts} of ${kinds.length === 1 ? 'kind' : 'kinds'} ${kinds.join(', ')}. ` +
      `The worst is a ${worst!.severity}-severity ${worstLine(worst!)}. ` +
      'Each finding below lists the numbers it rests on; commanded changes and start-up transients are not reported.',
    by: 'builtin',
  };
}

const MODEL_FINDINGS = 40;

/** The model's prose from our findings; the built-in prose when there is no model or it fails. */
export async function writeProse(
  analyst: Analyst,
  input: { title: string; context: string; files: AnalysedFile[]; findings: ReportFinding[] },
  signal: AbortSignal,
): Promise<Prose> {
  const builtin = builtinProse(input.files, input.findings);
  if (analyst.kind === 'builtin') return builtin;
  const facts = ranked(input.findings)
    .slice(0, MODEL_FINDINGS)
    .map(
      (f, i) =>
        `${i + 1}. [${f.severity}] ${f.kind} on ${f.channels.join(', ')} in ${f.file_name}, ${interval(f)}: ${evidenceLine(f)}`,
    );
  try {
    const result = await analyst.complete({
      system:
        'You write the summary of a hardware test telemetry analysis report for a lead engineer. Use only ' +
        'the findings and numbers given; quote numbers exactly as given, never compute or invent one. ' +
        'Answer with JSON: `summary` (two to four sentences: how many findings, the worst with channel, ' +
        'interval and value, the files analysed) and `overview` (one paragraph).',
      messages: [
        {
          role: 'user',
          content:
            `Report: ${input.title}\n` +
            (input.context.trim() ? `Context from the engineer: ${input.context.trim()}\n` : '') +
            `Files: ${input.files.map((f) => `${f.fileName} (${f.analysis.rows} rows)`).join(', ')}\n` +
            `Findings (${input.findings.length}, worst first):\n${facts.join('\n') || 'none'}\n\n` +
            `Built-in summary for reference: ${builtin.summary}`,
        },
      ],
      schema: {
        name: 'report_prose',
        schema: {
          type: 'object',
          properties: { summary: { type: 'string' }, overview: { type: 'string' } },
          required: ['summary', 'overview'],
          additionalProperties: false,
        },
      },
      maxTokens: 800,
      signal,
    });
    if (!result.available) return builtin;
    const json = result.json as { summary?: unknown; overview?: unknown } | undefined;
    const summary = typeof json?.summary === 'string' ? json.summary.trim() : '';
    const overview = typeof json?.overview === 'string' ? json.overview.trim() : '';
    if (!summary || !overview || summary.length > 1500 || overview.length > 5000) return builtin;
    return { summary, overview, by: 'model' };
  } catch (err) {
    if (signal.aborted) throw err;
    return builtin;
  }
}
