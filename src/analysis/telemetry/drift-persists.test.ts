// A drift keeps its offset; an excursion that comes back is none. Two heat-sink sensors on one plate
// follow a power step together; sensor 1 is pushed 1.5 degC (15 sigma) above its partner for a while
// and recovers. Their residual rises for 1000 s and falls back: the rising half is a ramp, but the
// level does not hold after it. The same rise that holds is a drift. (The whole-file cases guard the
// rule's effect on a pair; the series case below is the one that fails without it: at this size the
// segment-wide fit does not take the excursion's rising half for a ramp, as set 8's joined stretch did.)
// Pure: a CSV in a temp directory, DuckDB in memory.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { analyseTelemetry } from './analyse.js';
import { holdsAfter } from './drift-persists.js';

const dir = mkdtempSync(join(tmpdir(), 'hwa-drift-persists-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const N = 12000;
/** Deterministic noise with unit spread (a fixed sequence, so the test does not depend on a seed). */
const noise = (i: number) => Math.sin(i * 12.9898) * 1.7 * Math.cos(i * 78.233);

/**
 * 1 Hz; the power steps 20 -> 40 kW at 2000 s, both sinks follow with a 300 s lag and 0.1 degC noise.
 * Sensor 1 rises 1.5 degC above sensor 2 from 5000 s over 1000 s; `back`: it falls back over the next
 * 1000 s; otherwise it holds.
 */
async function analyse(name: string, back: boolean) {
  const rows = ['t_s,power_cmd_kW,heatsink_1_C,heatsink_2_C'];
  let level = 55;
  for (let i = 0; i < N; i++) {
    const p = i < 2000 ? 20 : 40;
    level += (45 + 0.5 * p - level) * (1 - Math.exp(-1 / 300));
    const up = Math.min(1, Math.max(0, (i - 5000) / 1000));
    const down = back ? Math.min(1, Math.max(0, (i - 6000) / 1000)) : 0;
    const d = 1.5 * (up - down);
    rows.push(
      [i, p, (level + d + 0.1 * noise(i)).toFixed(2), (level + 0.1 * noise(i + 7919)).toFixed(2)].join(','),
    );
  }
  const path = join(dir, name);
  writeFileSync(path, rows.join('\n') + '\n');
  return (await analyseTelemetry({ path, fileName: name })).findings.filter((f) => f.kind === 'drift');
}

describe('a drift persists', () => {
  it('a rise that holds is a drift', async () => {
    const found = await analyse('holds.csv', false);
    expect(found.length).toBeGreaterThan(0);
    expect(found.some((f) => f.t_start < 6000 && f.t_end > 5000)).toBe(true);
  });

  it('the same rise that comes back is no drift', async () => {
    expect(await analyse('back.csv', true)).toEqual([]);
  });

  it('judged on the level after the ramp, for as long as the ramp lasted and up to the next change', () => {
    const y = Float64Array.from({ length: 4000 }, (_, i) =>
      i < 1000 ? 0 : i < 2000 ? (i - 1000) / 100 : i < 3000 ? 10 - (i - 2000) / 100 : 0,
    );
    expect(holdsAfter(y, 1000, 1999, 10, y.length)).toBe(false);
    // A command change right after the ramp: the level may answer it, no verdict.
    expect(holdsAfter(y, 1000, 1999, 10, 2050)).toBe(true);
    const held = y.map((v, i) => (i >= 2000 ? 10 : v));
    expect(holdsAfter(held, 1000, 1999, 10, held.length)).toBe(true);
  });
});
