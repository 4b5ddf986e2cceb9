// Nets only the netlist names, whose first word is the standard an ICD interface's type quotes
// ("JESD_SERDOUT0" and a "JESD204C" link), are lanes of that interface; a net whose word only
// abbreviates an interface's name stays its own.
import { describe, expect, it } from 'vitest';
import type { Netlist } from '../documents/types.js';
import { doc, model, tableDoc } from './test-helpers.js';

const node = (ref: string, pin: string, pinType: string) => ({ ref, pin, pinType });
const netlist: Netlist = {
  components: [
    { ref: 'U1', value: 'SoC' },
    { ref: 'U2', value: 'Modem' },
    { ref: 'J4', value: 'RF BOARD' },
  ],
  nets: [
    { code: '1', name: '/JESD_SERDOUT0', nodes: [node('U1', '1', 'output'), node('J4', '1', 'passive')] },
    { code: '2', name: '/MDM_PWRKEY', nodes: [node('U1', '2', 'output'), node('U2', '1', 'input')] },
  ],
};
const m = model(
  { name: 'board.net', doc: doc({ kind: 'kicad_netlist', netlist }) },
  tableDoc('icd.csv', [
    ['ID', 'Interface Name', 'Type', 'Side A', 'Side B'],
    ['IF-03', 'RF Board Link', 'JESD204C + discrete control', 'Digital Board', 'RF Board'],
    ['IF-04', 'Modem Link', 'UART', 'Digital Board', 'Modem'],
  ]),
);

describe('netlist lanes of a quoted standard', () => {
  it('are lines of the interface', () => {
    const link = m.entities.find((e) => e.key === 'rf board link');
    expect(link?.aliases).toContain('JESD_SERDOUT0');
    expect(m.entities.some((e) => e.name === 'JESD_SERDOUT0')).toBe(false);
  });
  it('leave a net that only abbreviates a name alone', () => {
    expect(m.entities.some((e) => e.name === 'MDM_PWRKEY' && e.entityType === 'SIGNAL')).toBe(true);
  });
});
