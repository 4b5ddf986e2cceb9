// A differential pair's plus half is written "TX+" in a pin-out and "TXP" in a netlist: one net.
import { describe, expect, it } from 'vitest';
import { normaliseName } from './normalise.js';

describe('the plus half of a differential pair', () => {
  it('meets its P spelling', () => {
    expect(normaliseName('ETH_TX+')).toBe(normaliseName('ETH_TXP'));
    expect(normaliseName('D+')).toBe(normaliseName('DP'));
  });

  it('leaves a signed voltage and a plus inside a name alone', () => {
    expect(normaliseName('+24V')).toBe('+24v');
    expect(normaliseName('A+B Sum')).toBe('a+b sum');
  });
});
