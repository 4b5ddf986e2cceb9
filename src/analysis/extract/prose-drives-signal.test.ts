// "drives" a part is control (INFLUENCES); "drives" a signal is making it: the clock a synthesizer
// drives is one it provides.
import { describe, expect, it } from 'vitest';
import { model, proseDoc, rels, tableDoc } from './test-helpers.js';

describe('a part that drives a signal', () => {
  const m = model(
    tableDoc('bom.csv', [
      ['Ref Des', 'Description', 'Qty'],
      ['U4', 'Clock Synthesizer', '1'],
      ['U2', 'Safety Controller', '1'],
      ['U3', 'Motor Driver', '1'],
    ]),
    tableDoc('signals.csv', [
      ['Signal', 'Net', 'Source', 'Destination'],
      ['Reference Clock', 'REF_CLK', 'Clock Synthesizer', 'Safety Controller'],
    ]),
    proseDoc(
      'dd.txt',
      'The Clock Synthesizer drives the Reference Clock. The Safety Controller drives the Motor Driver.',
    ),
  );
  it('provides it', () => {
    expect(rels(m)).toContain('clock synthesizer PROVIDES reference clock');
    expect(rels(m)).not.toContain('clock synthesizer INFLUENCES reference clock');
  });
  it('still influences a part it drives', () => {
    expect(rels(m)).toContain('safety controller INFLUENCES motor driver');
  });
});
