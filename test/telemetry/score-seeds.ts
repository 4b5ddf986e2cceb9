// Development scorer: generate seeds, analyse each file, print recall/precision overall and per kind.
//   npx tsx test/telemetry/score-seeds.ts 1-5        (development seeds)
//   npx tsx test/telemetry/score-seeds.ts 101-110    (held out: run at the end only)
// Also scores a directory of files with `<file>.truth.json` (and optional `.limits.json`) beside them:
//   npx tsx test/telemetry/score-seeds.ts --dir /path/to/set
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generate, writeGenerated } from './generate.js';
import { scoreDirectory, scoreFile, summary, type ScoredFile } from './score-dir.js';

async function main() {
  const args = process.argv.slice(2);
  const verbose = !args.includes('-q');
  const files: ScoredFile[] = [];
  if (args[0] === '--dir') {
    files.push(...(await scoreDirectory(args[1]!, verbose)));
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
  console.log(summary(files));
}

await main();
