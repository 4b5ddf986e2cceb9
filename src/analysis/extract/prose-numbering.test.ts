// A numbered paragraph ("C.2 The A and the B both source …") still opens with its list of subjects.
import { describe, expect, it } from 'vitest';
import { withoutClauseNumber } from './prose-numbering.js';
import { model, proseDoc, rels } from './test-helpers.js';

describe('clause numbers in front of a paragraph', () => {
  it('drops a lettered, dotted or list number, not a value', () => {
    expect(withoutClauseNumber('C.2 The Pump runs.')).toBe('The Pump runs.');
    expect(withoutClauseNumber('3.1.4 The Pump runs.')).toBe('The Pump runs.');
    expect(withoutClauseNumber('4) The Pump runs.')).toBe('The Pump runs.');
    expect(withoutClauseNumber('3.3 V Rail feeds the Pump.')).toBe('3.3 V Rail feeds the Pump.');
    expect(withoutClauseNumber('A Pump runs.')).toBe('A Pump runs.');
  });

  it('reads every member of the subject list of a numbered paragraph', () => {
    const m = model(proseDoc('d.md', 'C.2 The Backup Battery and the Charger both source the Battery Bus.'));
    expect(rels(m)).toEqual(['backup battery PROVIDES battery bus', 'charger PROVIDES battery bus']);
  });
});
