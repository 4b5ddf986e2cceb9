// A connector ICD's pinout: a pin on a connector that the interface list assigns to an interface, and
// running between that interface's endpoints, is a line of the interface, not an item of its own.
import { describe, expect, it } from 'vitest';
import { doc, model, rels, typeOf } from './test-helpers.js';

const list = [
  ['ID', 'Interface', 'Protocol', 'Endpoints', 'Connector'],
  ['IF-1', 'Burner Bus', 'RS-485', 'Burner Controller; Operator Panel; Data Logger', 'J5'],
  ['IF-2', 'Igniter Link', 'HV pulse', 'Burner Controller; Igniter', 'J6'],
];
const pinout = (caption: string, ...rows: string[][]) => ({
  name: caption,
  rows: [['Pin', 'Signal', 'Net', 'Dir.', 'From', 'To'], ...rows],
  location: {},
});
const icd = (...tables: { name: string; rows: string[][]; location: object }[]) => ({
  name: 'icd.docx',
  doc: doc({
    kind: 'docx',
    tables: [{ name: 'Interface list', rows: list, location: { table: 0 } }, ...tables].map((t, i) => ({
      ...t,
      location: { table: i },
    })),
  }),
});

describe('pins that are lines of an interface', () => {
  it('a pin between the interface endpoints on its connector names the interface', () => {
    const m = model(
      icd(pinout('J6 Igniter Connector', ['1', 'Spark', 'IGN_HV', 'Out', 'Burner Controller', 'Igniter'])),
    );
    expect(typeOf(m, 'spark')).toBeUndefined();
    expect(typeOf(m, 'igniter link')).toBe('INTERFACE');
    expect(m.entities.find((e) => e.key === 'igniter link')?.aliases).toContain('IGN_HV');
  });

  it('a pin naming the interface itself as both ends is one of its lines', () => {
    const m = model(icd(pinout('J5 Bus Connector', ['3', 'Bus A', 'RS485_A', 'Bidir', 'IF-1', 'IF-1'])));
    expect(typeOf(m, 'bus a')).toBeUndefined();
    expect(typeOf(m, 'if 1')).toBeUndefined();
  });

  it('a pin to a party that is not an endpoint, or a rail, stays an item', () => {
    const m = model(
      icd(
        pinout(
          'J6 Igniter Connector',
          ['2', 'Flame Sense', 'FLAME_SNS', 'In', 'Flame Rod', 'Burner Controller'],
          ['3', 'Supply 24 V', '+24V', 'Out', 'Burner Controller', 'Igniter'],
        ),
      ),
    );
    expect(typeOf(m, 'flame sense')).toBe('SIGNAL');
    expect(rels(m)).toContain('flame rod PROVIDES flame sense');
    expect(typeOf(m, 'supply 24 v')).toBe('RESOURCE');
  });

  it('a pin on a connector no interface is assigned to stays an item', () => {
    const m = model(
      icd(pinout('J9 Service Connector', ['1', 'Spark', 'IGN_HV', 'Out', 'Burner Controller', 'Igniter'])),
    );
    expect(typeOf(m, 'spark')).toBe('SIGNAL');
  });
});
