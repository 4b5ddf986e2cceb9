// An oscillation is explained by a command as a spike is: by the latest change before its end, within
// that change's own response. During a commanded sine every sample is a change and the latest lies
// inside the oscillation, which stays explained; once the command holds, a limit cycle seconds later
// is not the sine's doing, however long the channel's longest settling window is.
import { describe, expect, it } from 'vitest';
import { makeChannel, type Context } from './context.js';
import { noiseScale } from './robust.js';
import { changeSettler, spikeExplained } from './spike-context.js';

const noise = (i: number, s: number) => s * Math.sin(i * 12.9898) * ((i * 7) % 5) * 0.25;
const n = 4000;
const t = Float64Array.from({ length: n }, (_, i) => i);
/** A position following a sine command from t = 1000 to 2000, then holding (with a small ripple). */
const sine = (i: number) => (i >= 1000 && i < 2000 ? 5 * Math.sin((2 * Math.PI * (i - 1000)) / 50) : 0);
const x = Float64Array.from({ length: n }, (_, i) => sine(i) + noise(i, 0.05));
const ch = makeChannel('pos_mm', 'mm', x, noiseScale(x), 0);
const changes = Array.from({ length: 1000 }, (_, k) => 1000 + k);
const ctx: Context = {
  t,
  bucket: 1,
  period: 1,
  duration: n - 1,
  startupEnd: 200,
  startup: new Map([[ch.name, 200]]),
  changes: new Map([[ch.name, changes]]),
  // The channel's longest settling, capped at 15% of the record.
  settle: new Map([[ch.name, 600]]),
  siblings: new Map(),
};

describe('oscillations and commands', () => {
  it('the response to a commanded sine, while the sine runs, is explained', () => {
    expect(spikeExplained(ctx, ch, 1000, 1999, changeSettler(ch, t, 1))).toBe(true);
    expect(spikeExplained(ctx, ch, 1500, 1800, changeSettler(ch, t, 1))).toBe(true);
  });

  it('a limit cycle 150 s after the sine ended, the command holding, is not', () => {
    expect(spikeExplained(ctx, ch, 2150, 2400, changeSettler(ch, t, 1))).toBe(false);
  });
});
