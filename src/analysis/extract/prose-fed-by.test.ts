// Supply sentences written around the verb: "is also fed by the Mains Supply" (an adverb in the
// passive), "and, when closed, delivers Motor Power" (a condition between the subject said again and
// its verb), "the Limit Switch pair" (a known part counted as a group), and "starts" as control.
import { describe, expect, it } from 'vitest';
import { model, proseDoc, rels, tableDoc, typeOf } from './test-helpers.js';

const bom = tableDoc('bom.csv', [
  ['Item', 'Description', 'Qty'],
  ['1', 'Motor Contactor', '1'],
  ['2', 'Hoist Motor', '1'],
  ['3', 'Limit Switch', '2'],
  ['4', 'Stop Button', '1'],
]);

describe('supply verbs around asides', () => {
  const m = model(
    bom,
    proseDoc(
      'dd.md',
      'The Motor Contactor (K1) is also fed by the Mains Supply and, when closed, delivers Motor Power to the Hoist Motor (M1). The Motor Contactor starts the Hoist Motor.',
      'The Limit Switch pair (S1, S2) and the Stop Button (S3) are fed from the 24V Supply.',
    ),
  );
  it('reads the passive past "also", the mains as a supply and not a unit', () => {
    expect(rels(m)).toContain('motor contactor CONSUMES main supply');
    expect(typeOf(m, 'main supply')).toBe('RESOURCE');
  });
  it('gives the verb after the condition to the subject, not to the agent', () => {
    expect(rels(m)).toContain('motor contactor PROVIDES motor power');
    expect(rels(m)).not.toContain('main supply PROVIDES motor power');
  });
  it('reads a known part counted as a pair as that part', () => {
    expect(rels(m)).toEqual(
      expect.arrayContaining(['limit switch CONSUMES 24v supply', 'stop button CONSUMES 24v supply']),
    );
  });
  it('reads "starts" as control', () => {
    expect(rels(m)).toContain('motor contactor INFLUENCES hoist motor');
  });
});
