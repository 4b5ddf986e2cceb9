// A program that repeats only in blocks (drift-program.ts, repeatedStretches): a control valve stroked
// on a 30 s square command in two blocks, with holds between them at fluid temperatures that run once.
// The lone supply pressure dips at every stroke; a regulator creeping 8 noise sigmas through the second
// block is found against the block's own template, and the same record without it reports nothing.
// Pure: a CSV in a temp directory with DuckDB in memory.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { analyseTelemetry } from './analyse.js';
import { repeatedStretches } from './drift-program.js';

describe('repeatedStretches', () => {
  it('keeps the finite runs from `from` on that are long enough', () => {
    const r = Float64Array.from([NaN, 1, 1, 1, NaN, 2, 2, NaN, 3, 3, 3, 3]);
    expect(repeatedStretches(r, 0, 3)).toEqual([
      [1, 4],
      [8, 12],
    ]);
    expect(repeatedStretches(r, 2, 3)).toEqual([[8, 12]]);
  });
});

const dir = mkdtempSync(join(tmpdir(), 'hwa-drift-program-blocks-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Deterministic noise with unit spread (a fixed sequence, so the test does not depend on a seed). */
const noise = (i: number) => Math.sin(i * 12.9898) * 1.7 * Math.cos(i * 78.233);

/**
 * 1 Hz, 9,000 rows: hold at 50% (fluid 60 degC) to 1,000 s, strokes 25/75% every 30 s to 4,000 s, hold
 * at 50% (fluid 110 degC) to 5,000 s, strokes 10/90% to 8,000 s, hold to the end. The supply pressure (4 mbar
 * noise) dips 50 mbar at each stroke and recovers with a 5 s lag, and creeps by `creep` bar from 5,600 s
 * to 7,400 s.
 */
async function analyse(name: string, creep: number) {
  const rows = ['t_s,position_cmd_pct,fluid_temp_setpoint_C,position_pct,supply_pressure_bar'];
  let pos = 50;
  for (let i = 0; i < 9000; i++) {
    const stroking = (i >= 1000 && i < 4000) || (i >= 5000 && i < 8000);
    const [lo, hi] = i < 4000 ? [25, 75] : [10, 90];
    const cmd = stroking ? (Math.floor(i / 30) % 2 ? hi : lo) : 50;
    const since = i % 30;
    const dip = stroking ? 0.05 * Math.exp(-since / 5) : 0;
    const d = creep * Math.min(1, Math.max(0, (i - 5600) / 1800));
    const p = 6 - dip + d + 0.004 * noise(i);
    pos += (cmd - pos) / 2;
    rows.push([i, cmd, i < 4000 ? 60 : 110, (pos + 0.05 * noise(i + 7)).toFixed(2), p.toFixed(4)].join(','));
  }
  const path = join(dir, name);
  writeFileSync(path, rows.join('\n') + '\n');
  return (await analyseTelemetry({ path, fileName: name })).findings.filter((f) => f.kind === 'drift');
}

describe('a lone regulator creeping through a block of valve strokes', () => {
  it('is found, over the creep', async () => {
    const found = await analyse('creep.csv', -0.032);
    expect(found).toHaveLength(1);
    expect(found[0]!.channels).toEqual(['supply_pressure_bar']);
    expect(found[0]!.t_start).toBeLessThan(7400);
    expect(found[0]!.t_end).toBeGreaterThan(5600);
  });

  it('is not reported when the pressure only answers the strokes', async () => {
    expect(await analyse('still.csv', 0)).toEqual([]);
  });
});
