// A pair's residual while one of the two is frozen is the other's own motion less a held value, so it
// is bridged across the frozen run. Magnet 1 freezes to the end of the record while both still rise
// after a set-point step: the frozen run is found, and the other's rise is no drift (unbridged it read
// as one). A creep of magnet 2 away from a frozen run is found (unbridged, the run's excursion in the
// residual hid it).
// Pure: a CSV in a temp directory, DuckDB in memory.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { analyseTelemetry } from './analyse.js';

const dir = mkdtempSync(join(tmpdir(), 'hwa-drift-frozen-partner-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const N = 9000;
/** Deterministic noise with unit spread (a fixed sequence, so the test does not depend on a seed). */
const noise = (i: number) => Math.sin(i * 12.9898) * 1.7 * Math.cos(i * 78.233);

/**
 * 1 Hz; the set-point steps 40 -> 60 -> 90 degC at 3000 and 6000 s, both magnets follow with a 600 s
 * lag and 0.05 degC noise. Magnet 1 is frozen at its last reading over `frozen` (s); with `creep`,
 * magnet 2 creeps 0.5 degC (10 sigma) over 4000-4800 s and holds.
 */
async function analyse(name: string, frozen: [number, number], creep: boolean) {
  const rows = ['t_s,heater_setpoint_C,magnet_temp_1_C,magnet_temp_2_C'];
  let level = 40;
  let held = '';
  for (let i = 0; i < N; i++) {
    const sp = i < 3000 ? 40 : i < 6000 ? 60 : 90;
    level += (sp - level) * (1 - Math.exp(-1 / 600));
    const d = creep ? 0.5 * Math.min(1, Math.max(0, (i - 4000) / 800)) : 0;
    const m1 = (level + 0.05 * noise(i)).toFixed(3);
    if (i <= frozen[0] || i > frozen[1]) held = m1;
    rows.push([i, sp, held, (level + d + 0.05 * noise(i + 7919)).toFixed(3)].join(','));
  }
  const path = join(dir, name);
  writeFileSync(path, rows.join('\n') + '\n');
  return (await analyseTelemetry({ path, fileName: name })).findings;
}

describe('a pair with one sensor frozen', () => {
  it('reports the frozen run, and no drift of the live sensor while its partner is frozen', async () => {
    const found = await analyse('frozen.csv', [8000, N], false);
    expect(found.filter((f) => f.kind === 'stuck').map((f) => f.channels)).toEqual([['magnet_temp_1_C']]);
    expect(found.filter((f) => f.kind === 'drift')).toEqual([]);
  });

  it('still reports a creep of the live sensor away from the frozen run', async () => {
    const found = (await analyse('creep.csv', [6300, 7200], true)).filter((f) => f.kind === 'drift');
    expect(found).toHaveLength(1);
    expect(found[0]!.t_start).toBeLessThan(4800);
    expect(found[0]!.t_end).toBeGreaterThan(4000);
  });
});
