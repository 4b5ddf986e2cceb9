// Interface lists that give every party of a bus in one "Endpoints" cell, separated by semicolons,
// and pinouts whose returns are labelled in words but wired to the ground net.
import { describe, expect, it } from 'vitest';
import { model, rels, tableDoc, typeOf } from './test-helpers.js';

describe('interface list endpoints and pin returns', () => {
  it('reads "A; B; C" in an Endpoints cell as the parties of the interface', () => {
    const m = model(
      tableDoc('icd.docx', [
        ['ID', 'Interface', 'Protocol', 'Endpoints'],
        ['IF-1', 'Kiln Field Bus', 'RS-485', 'Burner Controller; Operator Panel; Data Logger'],
      ]),
    );
    expect(typeOf(m, 'kiln field bus')).toBe('INTERFACE');
    for (const end of ['burner controller', 'operator panel', 'data logger'])
      // CONNECTS has no direction: either way round is the same relationship.
      expect(rels(m)).toEqual(
        expect.arrayContaining([
          expect.stringMatching(
            new RegExp(`^(${end} CONNECTS kiln field bus|kiln field bus CONNECTS ${end})$`),
          ),
        ]),
      );
  });

  it('still reads "A - B" as two ends, not a list', () => {
    const m = model(
      tableDoc('icd.docx', [
        ['ID', 'Interface', 'Protocol', 'Endpoints'],
        ['IF-2', 'Igniter Link', 'HV', 'Burner Controller - Igniter'],
      ]),
    );
    expect(rels(m)).toEqual(['burner controller CONNECTS igniter link', 'igniter CONNECTS igniter link']);
  });

  it('a pin labelled in words but wired to GND is the return, not a rail', () => {
    const m = model(
      tableDoc('icd.docx', [
        ['Pin', 'Signal', 'Net', 'From', 'To'],
        ['1', 'Supply 24 V', '+24V', 'Burner Controller', 'Igniter'],
        ['2', 'Supply return', 'GND', 'Igniter', 'Burner Controller'],
      ]),
    );
    expect(typeOf(m, 'supply return')).toBeUndefined();
    expect(typeOf(m, 'supply 24 v')).toBe('RESOURCE');
  });

  it('an end reached "(via J1)" is the party itself; an end with words in brackets keeps them', () => {
    const m = model(
      tableDoc('icd.docx', [
        ['Pin', 'Signal', 'Net', 'From', 'To'],
        ['1', 'Supply 24 V', '+24V', 'Burner Controller (via J1)', 'Igniter'],
        ['2', 'Flame Sense', 'FLAME_SNS', 'Flame Rod (spare)', 'Igniter'],
      ]),
    );
    expect(rels(m)).toContain('burner controller PROVIDES supply 24 v');
    expect(typeOf(m, 'flame rod spare')).toBeDefined();
  });
});
