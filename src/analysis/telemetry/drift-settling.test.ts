// A lone channel's drift while it is still approaching the level its command set (drift-settling.ts).
// A wall's heat-flux plate follows the cold-side set-point with a four-hour lag, so after the
// pull-down it approaches its level for the rest of the stretch and no steady stretch starts in it.
// A plate creeping 6-7 noise sigmas over an hour late in that approach is found; the same approach
// without it, or with the approach made of two time constants, reports nothing.
// Pure: a CSV in a temp directory with DuckDB in memory.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { analyseTelemetry } from './analyse.js';

const dir = mkdtempSync(join(tmpdir(), 'hwa-drift-settling-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/**
 * Deterministic white noise of unit sigma (mulberry32 from a fixed state, Box-Muller): white, so its
 * block means are as noisy as the fit expects; a sine hash's block means are not.
 */
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

/**
 * One row every 30 s, 7,200 rows: cold side at 20 degC, pulled down to -10 at row 20 and raised to 0 at
 * row 3,600. The plate reads 0.33 W/m2 per kelvin of the difference through a 4 h lag (or, `twoLags`,
 * half through 2 h and half through 8 h), 0.06 W/m2 of noise, and creeps by `creep` from row 2,736 to
 * row 2,856, then holds it.
 */
async function analyse(name: string, creep: number, twoLags = false) {
  const rows = ['t_s,cold_setpoint_C,heat_flux_W_m2'];
  const noise = gaussian();
  let fast = 0;
  let slow = 0;
  for (let i = 0; i < 7200; i++) {
    const sp = i < 20 ? 20 : i < 3600 ? -10 : 0;
    const target = 0.33 * (20 - sp);
    fast += (target - fast) / (twoLags ? 240 : 480);
    slow += (target - slow) / (twoLags ? 960 : 480);
    const d = creep * Math.min(1, Math.max(0, (i - 2736) / 120));
    rows.push([i * 30, sp, ((fast + slow) / 2 + d + 0.06 * noise()).toFixed(3)].join(','));
  }
  const path = join(dir, name);
  writeFileSync(path, rows.join('\n') + '\n');
  return (await analyseTelemetry({ path, fileName: name })).findings.filter((f) => f.kind === 'drift');
}

describe('a lone heat-flux plate creeping while it still approaches its level', () => {
  it('is found, over the creep', async () => {
    const found = await analyse('creep.csv', 0.4);
    expect(found).toHaveLength(1);
    expect(found[0]!.channels).toEqual(['heat_flux_W_m2']);
    expect(found[0]!.t_start).toBeLessThan(2856 * 30);
    expect(found[0]!.t_end).toBeGreaterThan(2736 * 30);
  });

  it('is not reported when the plate only approaches its level', async () => {
    expect(await analyse('still.csv', 0)).toEqual([]);
  });

  it('is not reported when the approach has two time constants', async () => {
    expect(await analyse('two-lags.csv', 0, true)).toEqual([]);
  });
});
