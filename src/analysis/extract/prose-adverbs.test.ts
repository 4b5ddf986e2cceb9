// Adverbs between a subject and its verb ("in turn", "thus") do not hide the subject.
import { describe, expect, it } from 'vitest';
import { model, proseDoc, rels, tableDoc } from './test-helpers.js';

const bom = tableDoc('bom.csv', [
  ['Ref Des', 'Description', 'Qty'],
  ['U1', 'Main Controller', '1'],
  ['U2', 'Brake Switch', '1'],
  ['BK1', 'Holding Brake', '1'],
]);

describe('adverbs before the verb', () => {
  it('finds the subject across "in turn"', () => {
    const m = model(
      bom,
      proseDoc(
        'd.md',
        'The Main Controller controls the Brake Switch, and the Brake Switch in turn switches the Holding Brake.',
      ),
    );
    expect(rels(m)).toEqual(
      expect.arrayContaining([
        'main controller INFLUENCES brake switch',
        'brake switch INFLUENCES holding brake',
      ]),
    );
  });
});
