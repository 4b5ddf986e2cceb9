// A lone channel's creep while it still approaches the level its command set, with no hold after the
// creep before the next command (drift-settling.ts). A build chamber warms behind its plate, itself
// behind the plate's set-point: two lags in series; a chamber creeping in the approach's direction
// once the approach has run three of its time constants is found, one creeping while the approach is
// still under way (where a ramp trades with the approach) is not, nor the bare approach. A cold tip
// cooling against its warming approach is found when the creep is at least a quarter of what the
// approach had left to go, not when it is less (a mis-shaped approach bends that much either way).
// Pure: CSVs in a temp directory with DuckDB in memory.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { analyseTelemetry } from './analyse.js';

const dir = mkdtempSync(join(tmpdir(), 'hwa-drift-approach-lags-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Deterministic white noise of unit sigma (mulberry32 from a fixed state, Box-Muller). */
function gaussian(): () => number {
  let a = 12122026;
  const uniform = () => {
    a = (a + 0x6d2b79f5) | 0;
    let x = Math.imul(a ^ (a >>> 15), 1 | a);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
  return () => Math.sqrt(-2 * Math.log(1 - uniform())) * Math.cos(2 * Math.PI * uniform());
}

interface Rig {
  rows: number;
  /** Row of the set-point's rise from 20 to 200, and of its fall to 100. */
  on: number;
  next: number;
  /** Two lags in series (90 and 180 rows) or one (400 rows). */
  twoLags: boolean;
  /** The creep's size and the row it starts at; it runs to the next command, then holds. */
  creep: number;
  onset: number;
}

/** One row every 10 s; the channel reads 20 + 0.08 (lagged set-point - 20) degC with 0.05 of noise. */
async function analyse(name: string, rig: Rig) {
  const out = ['t_s,setpoint_C,temp_C'];
  const noise = gaussian();
  let fast = 20;
  let slow = 20;
  for (let i = 0; i < rig.rows; i++) {
    const sp = i < rig.on ? 20 : i < rig.next ? 200 : 100;
    if (rig.twoLags) {
      fast += (sp - fast) / 90;
      slow += (fast - slow) / 180;
    } else slow += (sp - slow) / 400;
    const d = i < rig.next ? rig.creep * Math.max(0, (i - rig.onset) / (rig.next - rig.onset)) : rig.creep;
    out.push([i * 10, sp, (20 + 0.08 * (slow - 20) + d + 0.05 * noise()).toFixed(3)].join(','));
  }
  const path = join(dir, name);
  writeFileSync(path, out.join('\n') + '\n');
  return (await analyseTelemetry({ path, fileName: name })).findings.filter((f) => f.kind === 'drift');
}

describe('a creep in the direction of a two-lag approach, running to the next command', () => {
  const rig = { rows: 8000, on: 1000, next: 3500, twoLags: true, creep: 0.4, onset: 2500 };

  it('is found once the approach has run three time constants', async () => {
    const found = await analyse('late.csv', rig);
    expect(found).toHaveLength(1);
    expect(found[0]!.channels).toEqual(['temp_C']);
    expect(found[0]!.t_start).toBeGreaterThan(2400 * 10);
    expect(found[0]!.t_start).toBeLessThan(2600 * 10);
  });

  it('is not reported while the approach is still under way', async () => {
    expect(await analyse('early.csv', { ...rig, onset: 1300 })).toEqual([]);
  });

  it('is not reported when the chamber only approaches its level', async () => {
    expect(await analyse('still.csv', { ...rig, creep: 0 })).toEqual([]);
  });
});

describe('a creep against a one-lag approach, running to the next command', () => {
  const rig = { rows: 5000, on: 1000, next: 2400, twoLags: false, creep: -1.2, onset: 1600 };

  it('is found when it is at least a quarter of what the approach had left', async () => {
    const found = await analyse('against.csv', rig);
    expect(found).toHaveLength(1);
    expect(found[0]!.t_start).toBeGreaterThan(1500 * 10);
    expect(found[0]!.t_start).toBeLessThan(1700 * 10);
  });

  it('is not reported when it is less', async () => {
    expect(await analyse('small.csv', { ...rig, creep: -0.5 })).toEqual([]);
  });
});
