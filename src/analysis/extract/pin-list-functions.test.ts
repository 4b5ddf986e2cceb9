// A pin list's "Signal / Function" cell names what the pin carries in words; a qualifier after a comma
// ("coil A"), an aside in brackets ("(LED current)") or a polarity ("(+)") says which line of the
// item the pin is, so the pins of one item meet as one signal, its nets its aliases.
import { describe, expect, it } from 'vitest';
import { roleOf } from './columns.js';
import { itemOfFunction } from './pin-list.js';
import { model, rels, tableDoc } from './test-helpers.js';

describe('pin functions', () => {
  it('reads "Signal / Function" as the function column', () => {
    expect(roleOf('Signal / Function')).toBe('description');
    expect(roleOf('Function/Signal')).toBe('description');
  });

  it('names the item before a qualifier or an aside, when that is a name', () => {
    expect(itemOfFunction('Feed Motor Drive, coil A')).toBe('Feed Motor Drive');
    expect(itemOfFunction('Lamp Command (lamp current)')).toBe('Lamp Command');
    expect(itemOfFunction('Zone A Heater Drive (+)')).toBe('Zone A Heater Drive');
    // A phrase stays a phrase: the net names the item.
    expect(itemOfFunction('supply for the lamp (fused)')).toBe('supply for the lamp (fused)');
  });

  const header = ['Conn', 'Pin', 'Net', 'Signal / Function', 'Dir', 'Mating Unit'];
  const m = model(
    tableDoc('pinout.csv', [
      header,
      ['J5', '1', 'FD_A1', 'Feed Motor Drive, coil A', 'OUT', 'Feed Motor (M1)'],
      ['J5', '2', 'FD_A2', 'Feed Motor Drive, coil A', 'OUT', 'Feed Motor (M1)'],
      ['J5', '3', 'FD_B1', 'Feed Motor Drive, coil B', 'OUT', 'Feed Motor (M1)'],
      ['J5', '4', 'LAMP_DRV', 'Lamp Command (lamp current)', 'OUT', 'Lamp (D1)'],
      ['J3', '1', 'HTA_P', 'Zone A Heater Drive (+)', 'OUT', 'Heater (HT1)'],
      ['J3', '2', 'HTA_N', 'Zone A Heater Drive (-)', 'OUT', 'Heater (HT1)'],
    ]),
  );

  it('makes the pins of one item one entity, named in words, with the nets as aliases', () => {
    const feed = m.entities.find((e) => e.key === 'feed motor drive');
    expect(feed?.entityType).toBe('SIGNAL');
    expect(feed?.aliases).toEqual(expect.arrayContaining(['FD_A1', 'FD_A2', 'FD_B1']));
    expect(m.entities.find((e) => e.key === 'lamp command')?.aliases).toContain('LAMP_DRV');
    expect(m.entities.map((e) => e.key)).toContain('zone a heater drive');
    expect(m.entities.map((e) => e.key)).not.toContain('zone a heater drive (+)');
    expect(rels(m)).toEqual(expect.arrayContaining(['feed motor CONSUMES feed motor drive']));
  });
});
