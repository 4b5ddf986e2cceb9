// One subject, a series of verbs: "X switches Y off, drives Z, which drives W, and activates V". A verb
// right after a comma goes on with the subject; ", and" after a relative clause returns to the main
// clause's subject; "activates" controls as "activated by" does.
import { describe, expect, it } from 'vitest';
import { model, proseDoc, rels, tableDoc } from './test-helpers.js';

const bom = tableDoc('bom.csv', [
  ['Ref Des', 'Description', 'Qty'],
  ['U2', 'Safety Controller', '1'],
  ['U3', 'Motor Driver', '1'],
  ['Q1', 'Horn Driver', '1'],
  ['LS1', 'Horn', '1'],
]);

describe('a series of verbs sharing one subject', () => {
  const m = model(
    bom,
    proseDoc(
      'dd.txt',
      'The Safety Controller switches the Motor Driver off on a fault, drives the Horn Driver, which drives the Horn, and activates the Call System.',
    ),
  );
  it('gives each verb the subject', () => {
    expect(rels(m)).toEqual(
      expect.arrayContaining([
        'safety controller INFLUENCES motor driver',
        'safety controller INFLUENCES horn driver',
        'horn driver INFLUENCES horn',
        'safety controller INFLUENCES call system',
      ]),
    );
  });

  it('does not hand the main clause to the relative clause', () => {
    expect(rels(m)).not.toContain('horn driver INFLUENCES call system');
  });
});
