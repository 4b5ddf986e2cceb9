// A pair of sensors judged on their residual against each other, by the lone channel's rules
// (drift-own.ts): a 5-sigma creep of one of them is found (the finding names the pair, which cannot
// say which moved), and a pair that wanders apart as far in every stretch reports nothing.
// Pure: a CSV in a temp directory, DuckDB in memory.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { analyseTelemetry } from './analyse.js';

const dir = mkdtempSync(join(tmpdir(), 'hwa-drift-pair-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const N = 9000;
/** Deterministic noise with unit spread (a fixed sequence, so the test does not depend on a seed). */
const noise = (i: number) => Math.sin(i * 12.9898) * 1.7 * Math.cos(i * 78.233);

/**
 * 1 Hz; the set-point steps 30 -> 50 -> 80 %RH at 3000 and 6000 s, both sensors follow with a 200 s
 * lag and 0.15 %RH noise. `creep`: sensor 2 creeps 0.75 %RH (5 sigma) over 4500-5300 s and holds.
 * `apart`: sensor 2 wanders 0.75 %RH apart and back (period 1500 s) all through the record.
 */
async function analyse(name: string, shape: 'creep' | 'apart') {
  const rows = ['t_s,rh_setpoint_pct,rh1_pct,rh2_pct'];
  let level = 30;
  for (let i = 0; i < N; i++) {
    const sp = i < 3000 ? 30 : i < 6000 ? 50 : 80;
    level += (sp - level) * (1 - Math.exp(-1 / 200));
    const d =
      shape === 'creep'
        ? 0.75 * Math.min(1, Math.max(0, (i - 4500) / 800))
        : 0.75 * Math.sin((2 * Math.PI * i) / 1500);
    rows.push(
      [i, sp, (level + 0.15 * noise(i)).toFixed(2), (level + d + 0.15 * noise(i + 7919)).toFixed(2)].join(
        ',',
      ),
    );
  }
  const path = join(dir, name);
  writeFileSync(path, rows.join('\n') + '\n');
  return (await analyseTelemetry({ path, fileName: name })).findings;
}

describe('a drift within a pair of sensors', () => {
  it('is found, naming the pair, over the creep', async () => {
    const found = (await analyse('creep.csv', 'creep')).filter((f) => f.kind === 'drift');
    expect(found).toHaveLength(1);
    expect(found[0]!.channels).toContain('rh2_pct');
    expect(found[0]!.t_start).toBeLessThan(5300);
    expect(found[0]!.t_end).toBeGreaterThan(4500);
  });

  it('is not reported when the pair wanders as far apart in every stretch', async () => {
    expect((await analyse('apart.csv', 'apart')).filter((f) => f.kind === 'drift')).toEqual([]);
  });
});
