// A connector's value in a netlist is often a label in words ("RACK", "SENSORS"): it names what the
// connector leads to, so it must not merge the connector with that thing named elsewhere.
import { describe, expect, it } from 'vitest';
import type { Netlist } from '../documents/types.js';
import { isBoardLabel } from './netlist.js';
import { doc, model, proseDoc, tableDoc, typeOf } from './test-helpers.js';

const netDoc = (netlist: Netlist) => ({ name: 'board.net', doc: doc({ kind: 'kicad_netlist', netlist }) });

describe('connector labels', () => {
  it('tells a label in words from a part number or a library symbol', () => {
    expect(isBoardLabel('RACK')).toBe(true);
    expect(isBoardLabel('MODULE LINK')).toBe(true);
    expect(isBoardLabel('43650-0800')).toBe(false);
    expect(isBoardLabel('Conn_01x08')).toBe(false);
    expect(isBoardLabel('M12 8-pos A-coded')).toBe(false);
    expect(isBoardLabel('Panel')).toBe(true);
    expect(isBoardLabel('Field Connector')).toBe(false);
  });

  it('keeps a labelled connector apart from the thing its label names, and shows the label', () => {
    const m = model(
      netDoc({ components: [{ ref: 'J1', value: 'RACK', description: 'Rack Connector' }], nets: [] }),
      proseDoc('sdd.md', 'The Rack contains the Battery Module and the Switchgear Box.'),
    );
    const j1 = m.entities.find((e) => e.name === 'J1' || e.aliases.includes('J1'));
    expect(j1?.entityType).toBe('COMPONENT');
    expect(j1?.aliases).toContain('RACK');
    expect(j1?.key).not.toBe('rack');
    expect(typeOf(m, 'rack')).not.toBe('COMPONENT');
  });

  it('a connector valued by its part number still meets other documents by it', () => {
    const m = model(
      netDoc({ components: [{ ref: 'J2', value: '43650-0800' }], nets: [] }),
      tableDoc('bom.csv', [
        ['Description', 'MPN', 'Qty'],
        ['Module Link Connector', '43650-0800', '1'],
      ]),
    );
    const j2 = m.entities.filter((e) => e.name === '43650-0800' || e.aliases.includes('43650-0800'));
    expect(j2).toHaveLength(1);
    expect(j2[0]!.aliases).toContain('J2');
  });
});
