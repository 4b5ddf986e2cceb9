// A known name that qualifies the noun after it ("through the mast junction", "the radio board's
// heater") is not the object: the phrase names something no document named. Followed by a
// preposition or the end of the clause, the same lower-case name is the object.
import { describe, expect, it } from 'vitest';
import { model, proseDoc, rels, tableDoc } from './test-helpers.js';

const bom = tableDoc('bom.csv', [
  ['Ref Des', 'Description', 'Qty'],
  ['A1', 'Mast', '1'],
  ['A2', 'Rain Gauge', '1'],
  ['U1', 'Power Unit', '1'],
  ['U2', 'Radio Board', '1'],
  ['U3', 'Flight Computer', '1'],
]);
const relsOf = (...text: string[]) => rels(model(bom, proseDoc('d.md', ...text)));

describe('names used as modifiers', () => {
  it('does not take "the mast junction" for the Mast', () => {
    expect(relsOf('The Rain Gauge is wired to the Flight Computer through the mast junction.')).not.toEqual(
      expect.arrayContaining([expect.stringContaining('mast')]),
    );
  });

  it('takes "the mast" before a full stop for the Mast', () => {
    expect(relsOf('The Rain Gauge is wired to the Flight Computer through the mast.')).toEqual(
      expect.arrayContaining(['mast CONNECTS rain gauge']),
    );
  });

  it('does not take "the radio board\'s heater" for the Radio Board', () => {
    expect(relsOf("The Flight Computer controls the radio board's heater.")).toEqual([]);
  });

  it('takes "the radio board" before a preposition for the Radio Board', () => {
    expect(relsOf('The Flight Computer controls the radio board through its enable line.')).toEqual([
      'flight computer INFLUENCES radio board',
    ]);
  });
});
