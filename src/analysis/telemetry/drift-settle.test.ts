// A drift against several siblings is masked only by the sibling residual's settling, not by the
// channel's own: four thermocouples follow a set-point change with a slow thermal lag (their own
// settling runs to the 15% cap), and one of them creeps while they all still approach the new level.
// Pure: a CSV in a temp directory, DuckDB in memory.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { analyseTelemetry } from './analyse.js';

const dir = mkdtempSync(join(tmpdir(), 'hwa-drift-settle-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const N = 8000;
/** Deterministic noise with unit spread (a fixed sequence, so the test does not depend on a seed). */
const noise = (i: number) => Math.sin(i * 12.9898) * 1.7 * Math.cos(i * 78.233);

/** 1 Hz; the set-point goes 20 -> 60 degC at 1000 s; sensor 1 creeps 0.3 degC (5 sigma) over 1800-2400 s. */
async function analyse(name: string, creep: boolean, taus = [1500, 1500, 1500, 1500]) {
  const rows = ['t_s,heater_setpoint_degC,temp_1_degC,temp_2_degC,temp_3_degC,temp_4_degC'];
  for (let i = 0; i < N; i++) {
    const temps = taus.map((tau, k) => {
      const lagged = i < 1000 ? 20 : 20 + 40 * (1 - Math.exp(-(i - 1000) / tau));
      const d = creep && k === 0 ? 0.3 * Math.min(1, Math.max(0, (i - 1800) / 600)) : 0;
      return (lagged + d + 0.05 * noise(i + 7919 * k)).toFixed(3);
    });
    rows.push([i, i < 1000 ? 20 : 60, ...temps].join(','));
  }
  const path = join(dir, name);
  writeFileSync(path, rows.join('\n') + '\n');
  return (await analyseTelemetry({ path, fileName: name })).findings;
}

describe('a sibling drift while the channel still settles', () => {
  it('is found: the residual against the siblings settled long before the channel did', async () => {
    const found = await analyse('creep.csv', true);
    expect(found.map((f) => [f.kind, f.channels])).toEqual([['drift', ['temp_1_degC']]]);
    expect(found[0]!.t_start).toBeLessThan(2400);
    expect(found[0]!.t_end).toBeGreaterThan(1800);
  });

  it('the same lag with no creep reports nothing', async () => {
    expect(await analyse('still.csv', false)).toEqual([]);
  });

  it('siblings with different thermal lags parting and rejoining report nothing', async () => {
    expect(await analyse('lags.csv', false, [1400, 1500, 1600, 1700])).toEqual([]);
  });
});
