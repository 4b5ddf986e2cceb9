// A schematic net abbreviating its item by initials beside a spelt word ("GD_EN": Gate Driver Enable)
// is that item; initials alone name nothing.
import { describe, expect, it } from 'vitest';
import type { Netlist } from '../documents/types.js';
import { initialsMatch } from './joins.js';
import { doc, model, tableDoc } from './test-helpers.js';

describe('a net named by initials and a word', () => {
  it('matches initials of words in a row', () => {
    expect(initialsMatch('gd', ['gate', 'driver', 'enable'])).toBe(true);
    expect(initialsMatch('gd', ['driver', 'gate'])).toBe(false);
    expect(initialsMatch('g', ['gate'])).toBe(false);
  });
  const node = (ref: string, pin: string, pinType: string) => ({ ref, pin, pinType });
  const netlist: Netlist = {
    components: [
      { ref: 'U1', value: 'Safety MCU' },
      { ref: 'U5', value: 'Gate Driver' },
    ],
    nets: [{ code: '1', name: '/GD_EN', nodes: [node('U1', '10', 'output'), node('U5', '3', 'input')] }],
  };
  it('joins the item it spells', () => {
    const m = model(
      { name: 'board.net', doc: doc({ kind: 'kicad_netlist', netlist }) },
      tableDoc('icd.md', [
        ['Signal', 'Source', 'Destination'],
        ['Gate Driver Enable', 'Safety MCU', 'Gate Driver'],
      ]),
    );
    const names = m.entities.map((e) => e.name);
    expect(names).not.toContain('GD_EN');
    expect(m.entities.find((e) => e.name === 'Gate Driver Enable')?.aliases).toContain('GD_EN');
  });
});
