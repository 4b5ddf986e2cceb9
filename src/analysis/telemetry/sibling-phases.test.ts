// An inverter's phase currents (RMS) carry one load and are siblings; instantaneous phase currents,
// 120 degrees apart, do not move together and are not; an axis letter or a lone `_u` is no phase.
import { describe, expect, it } from 'vitest';
import { makeChannel, siblingsOf } from './context.js';
import { phaseSiblings, phaseStem } from './sibling-phases.js';

const N = 3000;
const load = (i: number) => (i < 1000 ? 8 : i < 2000 ? 120 : 60);
const noise = (i: number, k: number) => 0.4 * Math.sin(i * 12.9898 + k) * Math.cos(i * 78.233 + k);
const ch = (name: string, f: (i: number) => number) => {
  const x = Float64Array.from({ length: N }, (_, i) => f(i));
  return makeChannel(name, 'A', x, 0.4, 0);
};

describe('phaseSiblings', () => {
  it('names the other phases of an RMS phase current as its siblings', () => {
    const all = ['u', 'v', 'w'].map((p, k) => ch(`phase_current_${p}_A`, (i) => load(i) + noise(i, k)));
    expect(siblingsOf(all[2]!, all)).toEqual([]);
    expect(phaseSiblings(all[2]!, all)).toEqual(['phase_current_u_A', 'phase_current_v_A']);
  });

  it('does not pair instantaneous phase currents 120 degrees apart', () => {
    const all = ['u', 'v', 'w'].map((p, k) =>
      ch(`i_${p}_A`, (i) => load(i) * Math.sin((2 * Math.PI * i) / 20 - (2 * Math.PI * k) / 3)),
    );
    expect(phaseSiblings(all[0]!, all)).toEqual([]);
  });

  it('reads a phase letter only as the last token of a longer name', () => {
    expect(phaseStem('phase_current_w_A')).toBe('phase_current_*');
    expect(phaseStem('accel_x_g')).toBeNull();
    expect(phaseStem('u_V')).toBeNull();
  });
});
