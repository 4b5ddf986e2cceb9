// A BOM line's kind read from its head noun: the last word of an English name, the first words of an
// ERP description before its comma.
import { describe, expect, it } from 'vitest';
import { headNoun, namedAsAssembly, namedAsDocument } from './bom-heads.js';
import { model, tableDoc, typeOf } from './test-helpers.js';

describe('BOM head nouns', () => {
  it('reads the head noun at the end, less a trailing acronym or revision', () => {
    expect(headNoun('Drive Unit Housing')).toBe('Housing');
    expect(headNoun('Motor Controller Board (MCB)')).toBe('Board');
    expect(headNoun('PCB, Pitch Control Unit')).toBe('PCB');
    expect(headNoun('Rudder Reference Unit RF-60')).toBe('Unit');
    expect(headNoun('3V3 LDO')).toBe('LDO');
  });

  it('an assembly noun at the head makes an assembly; one further in does not', () => {
    expect(namedAsAssembly('Drive Unit (DU)')).toBe(true);
    expect(namedAsAssembly('Main Wiring Harness')).toBe(true);
    expect(namedAsAssembly('Drive Unit Housing')).toBe(false);
    expect(namedAsAssembly('Cable Harness Kit')).toBe(false);
  });

  it('a drawing or specification is a document line; a part named after one is not', () => {
    expect(namedAsDocument('MCB assembly drawing')).toBe(true);
    expect(namedAsDocument('Harness Specification')).toBe(true);
    expect(namedAsDocument('Drawing Pen Holder')).toBe(false);
  });

  it('in a parent-column BOM a document line is no entity and a housing is a component', () => {
    const m = model(
      tableDoc('bom.csv', [
        ['Item Number', 'Parent Item', 'Item Description', 'Qty'],
        ['K-100', '', 'Kiln Controller Unit', '1'],
        ['K-110', 'K-100', 'Controller Board', '1'],
        ['K-111', 'K-110', 'Board assembly drawing', '0'],
        ['K-112', 'K-110', 'Relay', '2'],
        ['K-120', 'K-100', 'Controller Unit Housing', '1'],
      ]),
    );
    expect(typeOf(m, 'board assembly drawing')).toBeUndefined();
    expect(typeOf(m, 'controller unit housing')).toBe('COMPONENT');
    expect(typeOf(m, 'controller board')).toBe('SUBSYSTEM');
  });
});
