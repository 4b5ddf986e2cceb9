// A command moving on every sample (a fatigue frame's sine load command) explains a spike only on a
// channel that follows its motion: a specimen thermocouple's glitch mid-block is still a spike.
import { describe, expect, it } from 'vitest';
import { changeIndices, makeChannel, type Context } from './context.js';
import { noiseScale } from './robust.js';
import { changeSettler, spikeExplained } from './spike-context.js';
import { followsMotion, movesContinuously, spikeContext } from './spike-drive.js';

/** Deterministic noise in [-s, s]: a fixed sequence, so the tests do not depend on a seed. */
const noise = (i: number, s: number) => s * Math.sin(i * 12.9898) * ((i * 7) % 5) * 0.25;
const n = 6000;
const t = Float64Array.from({ length: n }, (_, i) => i * 0.02);
/** A 4 Hz sine load command sampled at 50 Hz, and the load that follows it. */
const cmd = Float64Array.from({ length: n }, (_, i) => 20 + 14 * Math.sin(2 * Math.PI * 4 * t[i]!));
const load = Float64Array.from({ length: n }, (_, i) => cmd[i]! + noise(i, 0.05));
/** A specimen thermocouple that ignores the load's motion, with a two-sample glitch at row 4000. */
const temp = Float64Array.from(
  { length: n },
  (_, i) => 26.1 + noise(i + 7, 0.03) + (i === 4000 || i === 4001 ? 0.35 : 0),
);
const tc = makeChannel('specimen_temp_C', 'C', temp, noiseScale(temp), 0.01);
const lc = makeChannel('load_kN', 'kN', load, noiseScale(load), 0.01);
const changes = changeIndices(cmd);
const ctx: Context = {
  t,
  bucket: 1,
  period: 0.02,
  duration: t[n - 1]!,
  startupEnd: 6,
  startup: new Map([
    [tc.name, 6],
    [lc.name, 6],
  ]),
  changes: new Map([
    [tc.name, changes.map((i) => t[i]!)],
    [lc.name, changes.map((i) => t[i]!)],
  ]),
  settle: new Map([
    [tc.name, 60],
    [lc.name, 60],
  ]),
  siblings: new Map(),
};
const commands = [{ name: 'load_cmd_kN', x: cmd, changes }];

describe('spikes and a command moving on every sample', () => {
  it('the sine command moves continuously; the load follows it, the thermocouple does not', () => {
    expect(movesContinuously(cmd)).toBe(true);
    expect(followsMotion(load, cmd)).toBe(true);
    expect(followsMotion(temp, cmd)).toBe(false);
  });

  it('the sine no longer explains the thermocouple glitch', () => {
    const settler = changeSettler(tc, t, 0.02);
    // Without the rule: the command's latest sample, one row before the glitch, explains it.
    expect(spikeExplained(ctx, tc, t[4000]!, t[4001]!, settler)).toBe(true);
    expect(spikeExplained(spikeContext(ctx, [tc, lc], commands), tc, t[4000]!, t[4001]!, settler)).toBe(
      false,
    );
  });

  it('the load that follows the sine keeps it as an explanation', () => {
    const settler = changeSettler(lc, t, 0.02);
    expect(spikeExplained(spikeContext(ctx, [tc, lc], commands), lc, t[4000]!, t[4001]!, settler)).toBe(true);
  });

  it('a command holding levels between changes keeps its say over every channel', () => {
    const held = Float64Array.from({ length: n }, (_, i) => (i < 3990 ? 20 : 30));
    const c = spikeContext(ctx, [tc, lc], [{ name: 'block_cmd', x: held, changes: changeIndices(held) }]);
    expect(c).toBe(ctx);
  });
});
