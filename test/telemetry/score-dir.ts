// Scores the analyst on files that carry their truth beside them (`<file>.truth.json`, and an optional
// `<file>.limits.json` sidecar): shared by the development scorer (score-seeds.ts) and the floors on the
// tuned evaluation sets (hold-tuned-sets.ts).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { analyseTelemetry } from '../../src/analysis/telemetry/analyse.js';
import { scoreTelemetry, type TelemetryTruth } from '../../src/analysis/telemetry/score.js';
import type { Finding, Limit } from '../../src/analysis/telemetry/types.js';

export interface ScoredFile {
  findings: Finding[];
  truth: TelemetryTruth;
}

/** One file analysed as an upload would be; with `verbose`, its misses and extras are printed. */
export async function scoreFile(path: string, name: string, verbose: boolean): Promise<ScoredFile> {
  const truth = JSON.parse(readFileSync(`${path}.truth.json`, 'utf8')) as TelemetryTruth;
  const limitsPath = `${path}.limits.json`;
  const limits = existsSync(limitsPath)
    ? (JSON.parse(readFileSync(limitsPath, 'utf8')) as { channels: Record<string, Limit> }).channels
    : undefined;
  const a = await analyseTelemetry({ path, fileName: name, ...(limits ? { limits } : {}) });
  const s = scoreTelemetry([{ findings: a.findings, truth }]);
  if (verbose && (s.missed.length || s.extra.length)) {
    console.log(`${name}: ${a.rows} rows`);
    for (const m of s.missed)
      console.log(`  MISSED ${m.kind} ${m.channels.join(',')} ${m.t_start.toFixed(1)}-${m.t_end.toFixed(1)}`);
    for (const e of s.extra)
      console.log(
        `  EXTRA  ${e.kind} ${e.channels.join(',')} ${e.t_start.toFixed(1)}-${e.t_end.toFixed(1)} ${e.description}`,
      );
  }
  return { findings: a.findings, truth };
}

/** Every data file of a set's directory (the JSON files are its truths, sidecars and manifest). */
export async function scoreDirectory(dir: string, verbose: boolean): Promise<ScoredFile[]> {
  const files: ScoredFile[] = [];
  for (const f of readdirSync(dir)
    .filter((f) => !f.endsWith('.json'))
    .sort())
    files.push(await scoreFile(join(dir, f), f, verbose));
  return files;
}

/** The summary lines score-seeds.ts prints. */
export function summary(files: ScoredFile[]): string {
  const s = scoreTelemetry(files);
  return [
    `files ${files.length} faults ${s.expected} findings ${s.predicted} matched ${s.matched} recall ${s.recall.toFixed(3)} precision ${s.precision.toFixed(3)} kind-correct ${s.kindCorrectRate.toFixed(3)}`,
    ...Object.entries(s.perKind).map(
      ([k, v]) => `  ${k.padEnd(13)} found ${v.found}/${v.expected} kind-correct ${v.kindCorrect}`,
    ),
    `  false positives by kind: ${JSON.stringify(s.falsePositives)}`,
  ].join('\n');
}
