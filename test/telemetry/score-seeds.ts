// Development scorer: generate seeds, analyse each file, print recall/precision overall and per kind.
//   npx tsx test/telemetry/score-seeds.ts 1-5        (development seeds)
//   npx tsx test/telemetry/score-seeds.ts 101-110    (held out: run at the end only)
// Also scores a directory of files with `<file>.truth.json` (and optional `.limits.json`) beside them:
//   npx tsx test/telemetry/score-seeds.ts --dir /path/to/set
import { mkdtempSync, readdirSync, readFileSync, existsSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { analyseTelemetry } from '../../src/analysis/telemetry/analyse.js';
import { scoreTelemetry, type TelemetryTruth } from '../../src/analysis/telemetry/score.js';
import type { Finding, Limit } from '../../src/analysis/telemetry/types.js';
import { generate, writeGenerated } from './generate.js';

async function scoreFile(path: string, name: string, verbose: boolean) {
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

async function main() {
  const args = process.argv.slice(2);
  const verbose = !args.includes('-q');
  const files: { findings: Finding[]; truth: TelemetryTruth }[] = [];
  if (args[0] === '--dir') {
    const dir = args[1]!;
    for (const f of readdirSync(dir)
      .filter((f) => !f.endsWith('.json'))
      .sort())
      files.push(await scoreFile(join(dir, f), f, verbose));
  } else {
    const [a, b] = (args[0] ?? '1-5').split('-').map(Number);
    const dir = mkdtempSync(join(tmpdir(), 'hwa-telemetry-'));
    try {
      for (let seed = a!; seed <= (b ?? a!); seed++) {
        const g = generate(seed);
        files.push(await scoreFile(writeGenerated(dir, g), g.name, verbose));
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
  const s = scoreTelemetry(files);
  console.log(
    `files ${files.length} faults ${s.expected} findings ${s.predicted} matched ${s.matched} recall ${s.recall.toFixed(3)} precision ${s.precision.toFixed(3)} kind-correct ${s.kindCorrectRate.toFixed(3)}`,
  );
  for (const [k, v] of Object.entries(s.perKind))
    console.log(`  ${k.padEnd(13)} found ${v.found}/${v.expected} kind-correct ${v.kindCorrect}`);
  console.log(`  false positives by kind: ${JSON.stringify(s.falsePositives)}`);
}

await main();
