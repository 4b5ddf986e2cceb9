// A creep against several siblings is floored in the residual's noise when that is the smaller: three
// sensors share a fast common fluctuation (their own sigma reads it), which the residual cancels, so a
// creep of 2 channel sigmas (about 12 residual sigmas) is plain. Without the creep, nothing.
// Pure: a CSV in a temp directory, DuckDB in memory.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { analyseTelemetry } from './analyse.js';

const dir = mkdtempSync(join(tmpdir(), 'hwa-drift-floor-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const N = 9000;
/** Deterministic noise with unit spread (a fixed sequence, so the test does not depend on a seed). */
const noise = (i: number) => Math.sin(i * 12.9898) * 1.7 * Math.cos(i * 78.233);

/** 1 Hz, three zone temperatures at 400 degC sharing 0.3 degC of fast common noise, 0.05 their own. */
async function analyse(name: string, creep: boolean) {
  const rows = ['t_s,zone_1_temp_C,zone_2_temp_C,zone_3_temp_C'];
  for (let i = 0; i < N; i++) {
    const common = 400 + 0.3 * noise(i + 31337);
    const d = creep ? 0.6 * Math.min(1, Math.max(0, (i - 5000) / 900)) : 0;
    rows.push(
      [
        i,
        (common + 0.05 * noise(i)).toFixed(3),
        (common + d + 0.05 * noise(i + 7919)).toFixed(3),
        (common + 0.05 * noise(i + 104729)).toFixed(3),
      ].join(','),
    );
  }
  const path = join(dir, name);
  writeFileSync(path, rows.join('\n') + '\n');
  return (await analyseTelemetry({ path, fileName: name })).findings;
}

describe('a creep against siblings that share a fast fluctuation', () => {
  it('is found on the sensor that creeps', async () => {
    const found = (await analyse('creep.csv', true)).filter((f) => f.kind === 'drift');
    expect(found).toHaveLength(1);
    expect(found[0]!.channels).toContain('zone_2_temp_C');
  });

  it('is not reported when no sensor creeps', async () => {
    expect((await analyse('still.csv', false)).filter((f) => f.kind === 'drift')).toEqual([]);
  });
});
