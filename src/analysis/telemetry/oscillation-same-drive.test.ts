// An actuator cycled by a sine command all test long: its supply pressure ripples at twice the drive
// every cycle, and a relief valve's 3 Hz chatter in the middle of the cycling is beyond that ripple.
// A resonance met as a sweep's frequency moves, or buffet once the drive reaches a new operating
// point, is not: no stretch elsewhere has the same motion.
import { describe, expect, it } from 'vitest';
import { beyondSameDrive } from './oscillation-same-drive.js';

const N = 36000;
const noise = (i: number) => 0.6 * Math.sin(i * 12.9898) * Math.cos(i * 78.233);
/** 0.25 Hz at 10 Hz: 40 samples a cycle, +-40 mm, for 5100 samples of every 6000, then a hold. */
const drive = Float64Array.from({ length: N }, (_, i) =>
  i % 6000 < 5100 ? 40 * Math.sin((2 * Math.PI * i) / 40) : 0,
);
const ripple = (i: number) => 205 + 2.5 * Math.cos((4 * Math.PI * i) / 40) + noise(i);
const inEvent = (i: number) => i >= 12500 && i < 13200;

describe('beyondSameDrive', () => {
  it('a chatter during the cycling is beyond the ripple the same cycling leaves elsewhere', () => {
    const x = Float64Array.from(
      { length: N },
      (_, i) => ripple(i) + (inEvent(i) ? 8 * Math.sin((2 * Math.PI * i) / 3.2) : 0),
    );
    expect(beyondSameDrive(x, drive, 12500, 13199, 41)).toBe(true);
  });

  it('the ripple alone is not', () => {
    const x = Float64Array.from({ length: N }, (_, i) => ripple(i));
    expect(beyondSameDrive(x, drive, 12500, 13199, 41)).toBe(false);
  });

  it('a resonance met where a sweep runs at a frequency it has nowhere else is left to the sweep', () => {
    // Period from 80 samples down to 8 over the file: each stretch has its own rate of swings.
    let phase = 0;
    const sweep = Float64Array.from({ length: N }, (_, i) => {
      phase += (2 * Math.PI) / (80 - (72 * i) / N);
      return Math.sin(phase);
    });
    const x = Float64Array.from({ length: N }, (_, i) => (inEvent(i) ? 5 : 1) * sweep[i]! + 0.05 * noise(i));
    expect(beyondSameDrive(x, sweep, 12500, 13199, 41)).toBe(false);
  });

  it('buffet once the drive holds a new operating point is left to the drive', () => {
    // Pitch-pause: the angle cycles about 0 deg, then about 15 deg past stall where the loads buffet.
    const alpha = Float64Array.from(
      { length: N },
      (_, i) => (i >= 12000 && i < 14000 ? 15 : 0) + 2 * Math.sin((2 * Math.PI * i) / 40),
    );
    const x = Float64Array.from(
      { length: N },
      (_, i) => ripple(i) + (inEvent(i) ? 8 * Math.sin((2 * Math.PI * i) / 3.2) : 0),
    );
    expect(beyondSameDrive(x, alpha, 12500, 13199, 41)).toBe(false);
  });

  it('a command that holds over the event is no motion', () => {
    const held = new Float64Array(N).fill(3);
    const x = Float64Array.from(
      { length: N },
      (_, i) => ripple(i) + (inEvent(i) ? 8 * Math.sin((2 * Math.PI * i) / 3.2) : 0),
    );
    expect(beyondSameDrive(x, held, 12500, 13199, 41)).toBe(false);
  });
});
