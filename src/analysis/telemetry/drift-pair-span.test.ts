// A pair's creep that runs through a set-point step both sensors follow alike: the step cuts the
// pair's steady stretches, but their residual does not answer it, so the stretches are judged joined
// (drift-span.ts). Against that, a pair whose second sensor lags the first answers every step on the
// residual, which keeps its stretches apart: no drift from the lag.
// Pure: a CSV in a temp directory, DuckDB in memory.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { analyseTelemetry } from './analyse.js';

const dir = mkdtempSync(join(tmpdir(), 'hwa-drift-pair-span-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const N = 9000;
/** Deterministic noise with unit spread (a fixed sequence, so the test does not depend on a seed). */
const noise = (i: number) => Math.sin(i * 12.9898) * 1.7 * Math.cos(i * 78.233);

/**
 * 1 Hz; the set-point steps 30 -> 50 -> 70 -> 40 %RH every 1800 s from 1800 s, both sensors follow with
 * a 100 s lag and 0.15 %RH noise. `creep`: sensor 2 creeps 0.6 %RH (4 sigma) over 4700-5800 s, through
 * the step at 5400 s, and holds. `lag`: sensor 2 follows with a 160 s lag instead, no creep.
 */
async function analyse(name: string, shape: 'creep' | 'lag') {
  const rows = ['t_s,rh_setpoint_pct,rh1_pct,rh2_pct'];
  let l1 = 30;
  let l2 = 30;
  for (let i = 0; i < N; i++) {
    const sp = [30, 50, 70, 40, 40][Math.floor(i / 1800)]!;
    l1 += (sp - l1) * (1 - Math.exp(-1 / 100));
    l2 += (sp - l2) * (1 - Math.exp(-1 / (shape === 'lag' ? 160 : 100)));
    const d = shape === 'creep' ? 0.6 * Math.min(1, Math.max(0, (i - 4700) / 1100)) : 0;
    rows.push(
      [i, sp, (l1 + 0.15 * noise(i)).toFixed(2), (l2 + d + 0.15 * noise(i + 7919)).toFixed(2)].join(','),
    );
  }
  const path = join(dir, name);
  writeFileSync(path, rows.join('\n') + '\n');
  return (await analyseTelemetry({ path, fileName: name })).findings;
}

describe('a pair drift through a step both sensors follow', () => {
  it('is found, naming the pair, over the creep', async () => {
    const found = (await analyse('creep.csv', 'creep')).filter((f) => f.kind === 'drift');
    expect(found.length).toBeGreaterThanOrEqual(1);
    expect(found[0]!.channels).toContain('rh2_pct');
    expect(found[0]!.t_start).toBeLessThan(5800);
    expect(found[0]!.t_end).toBeGreaterThan(4700);
  });

  it('is not reported for a pair that only lags apart at each step', async () => {
    expect((await analyse('lag.csv', 'lag')).filter((f) => f.kind === 'drift')).toEqual([]);
  });
});
