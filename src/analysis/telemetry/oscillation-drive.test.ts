// A drive that moves every sample (a sweep) explains the oscillation that starts while it runs only
// as long as the plant rings after it: a chatter at its own frequency that holds for hundreds of
// cycles once every command is still is not the sweep's response; a ringing that decays is.
import { describe, expect, it } from 'vitest';
import { outlastsDrive } from './oscillation-drive.js';

const noise = (i: number) => 0.05 * Math.sin(i * 12.9898) * Math.cos(i * 78.233);
const n = 8000;
/** A sweep command changing every sample over 1000-3000, then still until a step at 6000. */
const sweepChanges = [...Array.from({ length: 2000 }, (_, k) => 1000 + k), 6000];

describe('outlastsDrive', () => {
  it('a chatter at its own frequency that holds on after the sweep ends outlasts it', () => {
    const x = Float64Array.from(
      { length: n },
      (_, i) => (i >= 2800 && i < 5500 ? Math.sin((2 * Math.PI * i) / 27) : 0) + noise(i),
    );
    expect(outlastsDrive(x, sweepChanges, 2900, 2800, 5500)).toBe(true);
  });

  it('a ringing that decays after the sweep ends does not', () => {
    const x = Float64Array.from(
      { length: n },
      (_, i) =>
        (i >= 2800 ? Math.exp(-Math.max(0, i - 3000) / 150) * Math.sin((2 * Math.PI * i) / 27) : 0) +
        noise(i),
    );
    expect(outlastsDrive(x, sweepChanges, 2900, 2800, 3600)).toBe(false);
  });

  it('an oscillation after a single commanded step (a mode change) is left to that step', () => {
    const x = Float64Array.from(
      { length: n },
      (_, i) => (i >= 6000 ? Math.sin((2 * Math.PI * i) / 27) : 0) + noise(i),
    );
    expect(outlastsDrive(x, sweepChanges, 6100, 6000, 7999)).toBe(false);
  });

  it('an oscillation that ends with the sweep does not', () => {
    const x = Float64Array.from(
      { length: n },
      (_, i) => (i >= 2000 && i < 3000 ? Math.sin((2 * Math.PI * i) / 27) : 0) + noise(i),
    );
    expect(outlastsDrive(x, sweepChanges, 2100, 2000, 3040)).toBe(false);
  });
});
