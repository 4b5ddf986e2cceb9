// Runs of one value that are not a frozen sensor: a device off reading exactly zero, and a coarse
// quantised channel holding one code while the quantity stays within it. A sensor frozen while the
// quantity moves on is still found on the same channels. Files in a temp directory, DuckDB in memory.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { analyseTelemetry } from './analyse.js';
import { naturalHold, repeatShare } from './stuck-context.js';

const dir = mkdtempSync(join(tmpdir(), 'hwa-stuck-context-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Deterministic noise with unit spread (a fixed sequence, so the tests do not depend on a seed). */
const noise = (i: number) => Math.sin(i * 12.9898) * 1.7 * Math.cos(i * 78.233);

type Case = 'idle' | 'temp frozen' | 'pump off' | 'pump frozen';

/**
 * 6000 rows at 1 Hz. temp_degC: 0.5 degC codes, noise a tenth of a code, cycling 5 codes with a
 * 200 s period; in 'idle' the rig rests over 2400-3600 s and the temperature holds one code. The pump
 * current is off (exactly 0, mode OFF) over 2000-3000 s in 'pump off'; frozen at 2.123 A then while
 * the device runs in 'pump frozen'. In 'temp frozen' the temperature sticks over 3000-3550 s.
 */
async function findings(c: Case) {
  const rows = ['t_s,mode,temp_degC,load_A,pump_current_A'];
  let held = NaN;
  for (let i = 0; i < 6000; i++) {
    const phase = (2 * Math.PI * i) / 200;
    const resting = c === 'idle' && i >= 2400 && i < 3600;
    let temp = Math.round((25 + (resting ? 0 : 2.5 * Math.sin(phase)) + 0.05 * noise(i)) / 0.5) * 0.5;
    if (c === 'temp frozen' && i >= 3000 && i < 3550) temp = held = Number.isNaN(held) ? temp : held;
    const load = 5 + Math.sin(phase * 3.3) + 0.05 * noise(i + 7919);
    const off = c === 'pump off' && i >= 2000 && i < 3000;
    const frozen = c === 'pump frozen' && i >= 2000 && i < 3000;
    const pump = off ? 0 : frozen ? 2.123 : 2 + 0.2 * Math.sin(phase * 1.7) + 0.02 * noise(i + 15838);
    rows.push([i, off ? 'OFF' : 'RUN', temp.toFixed(1), load.toFixed(3), pump.toFixed(3)].join(','));
  }
  const name = `${c.replace(' ', '-')}.csv`;
  const path = join(dir, name);
  writeFileSync(path, rows.join('\n') + '\n');
  const a = await analyseTelemetry({ path, fileName: name });
  return a.findings.map((f) => ({ kind: f.kind, channels: f.channels, t_start: f.t_start, t_end: f.t_end }));
}

describe('stuck against a natural hold', () => {
  it('a quantised channel resting on one code is not stuck', async () => {
    expect(await findings('idle')).toEqual([]);
  });

  it('the same channel frozen while the quantity moves on is stuck', async () => {
    const f = await findings('temp frozen');
    expect(f).toHaveLength(1);
    expect(f[0]).toMatchObject({ kind: 'stuck', channels: ['temp_degC'] });
    expect(f[0]!.t_start).toBeGreaterThanOrEqual(2990);
    expect(f[0]!.t_end).toBeLessThanOrEqual(3560);
  });

  it('a device switched off reading exactly zero is not stuck', async () => {
    expect(await findings('pump off')).toEqual([]);
  });

  it('a current frozen at its last value while the device runs is stuck', async () => {
    const f = await findings('pump frozen');
    expect(f).toHaveLength(1);
    expect(f[0]).toMatchObject({ kind: 'stuck', channels: ['pump_current_A'], t_start: 2000 });
  });
});

describe('naturalHold', () => {
  const x = Float64Array.from([1, 1.5, 2, 2, 2, 2, 2.5, 3]);
  it('a run entered and left from the codes beside it on a channel that repeats as a rule', () => {
    expect(naturalHold(x, 2, 5, 2, 0.5, 0.8)).toBe(true);
  });
  it('not when the channel flickers as a rule (noise over one code): the hold is then the anomaly', () => {
    expect(naturalHold(x, 2, 5, 2, 0.5, 0.2)).toBe(false);
  });
  it('not when the release jumps several codes', () => {
    const jump = Float64Array.from([1, 1.5, 2, 2, 2, 2, 4, 4.5]);
    expect(naturalHold(jump, 2, 5, 2, 0.5, 0.8)).toBe(false);
  });
  it('not on a continuous channel, and always for an exact zero', () => {
    expect(naturalHold(x, 2, 5, 2, 0, 0.8)).toBe(false);
    expect(naturalHold(Float64Array.from([3, 0, 0, 0, 3]), 1, 3, 0, 0, 0)).toBe(true);
  });
  it('repeatShare counts equal neighbours among finite pairs', () => {
    expect(repeatShare(Float64Array.from([1, 1, NaN, 2, 2, 3]))).toBeCloseTo(2 / 3);
  });
});
