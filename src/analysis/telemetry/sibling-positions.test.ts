// Sensors of one quantity at two positions (inboard and outboard bearings, drive end and non-drive
// end) are siblings when their data moves together; an inlet and an outlet across a load, named
// alike, part with the load and are not.
import { describe, expect, it } from 'vitest';
import { makeChannel } from './context.js';
import { moveTogether, positionSiblings, positionStem } from './sibling-positions.js';

const noise = (i: number) => 0.1 * Math.sin(i * 12.9898) * Math.cos(i * 78.233);
const n = 4000;
/** A warm-up in load steps that every bearing of the shaft shares. */
const warm = (i: number) => 30 + 35 * (1 - Math.exp(-i / 1500)) + 5 * Math.floor(i / 1000);
const channel = (name: string, f: (i: number) => number) => {
  const x = Float64Array.from({ length: n }, (_, i) => f(i) + noise(i));
  return makeChannel(name, 'C', x, 0.1, 0.1);
};

describe('positionStem', () => {
  it('names one position word of a pair, whatever the unit style', () => {
    expect(positionStem('bearing_temp_in_C')).toEqual(positionStem('bearing_temp_out_C'));
    expect(positionStem('bearing_temp_DE_C')).toEqual(positionStem('bearing_temp_NDE_C'));
    expect(positionStem('Panel Left (degC)')).toEqual(positionStem('Panel Right (degC)'));
  });
  it('no position word, or two, is no position stem', () => {
    expect(positionStem('oil_temp_sump_C')).toBeNull();
    expect(positionStem('front_left_tyre_C')).toBeNull();
  });
  it('words of different pairs do not match', () => {
    expect(positionStem('temp_in_C')).not.toEqual(positionStem('temp_top_C'));
  });
});

describe('positionSiblings', () => {
  const inboard = channel('bearing_temp_in_C', (i) => warm(i) + 0.7);
  const outboard = channel('bearing_temp_out_C', (i) => warm(i));
  const sump = channel('oil_temp_sump_C', (i) => warm(i) - 3);
  it('two bearings of one shaft that warm together are siblings', () => {
    expect(positionSiblings(outboard, [inboard, outboard, sump])).toEqual(['bearing_temp_in_C']);
  });
  it('an inlet and an outlet across a heater that steps its load are not', () => {
    const inlet = channel('coolant_in_C', () => 20);
    const outlet = channel('coolant_out_C', (i) => 20 + 8 * (Math.floor(i / 800) % 2));
    expect(moveTogether(inlet.xi, outlet.xi)).toBe(false);
    expect(positionSiblings(outlet, [inlet, outlet])).toEqual([]);
  });
});
