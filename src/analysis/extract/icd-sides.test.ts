// Interface data sheets with the two ends as column headers ("Side 1: …", "Side 2: …"): both sides
// are ends, "Data sent" says who provides what, a part named in full in a side's cell is on the
// interface; a table whose headers name no sides is not read this way.
import { describe, expect, it } from 'vitest';
import { doc, model, rels, typeOf } from './test-helpers.js';

const sheet = (rows: string[][]) => ({
  name: 'ids.docx',
  doc: doc({ tables: [{ name: 'IF-1 Unit Link', rows, location: { table: 0 } }] }),
});

describe('an interface data sheet with the sides as columns', () => {
  it('joins both sides to the interface and reads each side’s data sent', () => {
    const m = model(
      sheet([
        ['Characteristic', 'Side 1: System Controller (A1)', 'Side 2: Inverter Board (J2)'],
        ['Function', 'Bus master', 'Slave, address 1'],
        ['Data sent', 'Speed Demand (0-120 rps)', 'Unit Status; Air Temperature'],
      ]),
    );
    expect(typeOf(m, 'unit link')).toBe('INTERFACE');
    expect(m.entities.find((e) => e.key === 'unit link')?.aliases).toContain('IF-1');
    expect(rels(m)).toEqual([
      'inverter board CONNECTS unit link',
      'inverter board CONSUMES speed demand',
      'inverter board PROVIDES air temperature',
      'inverter board PROVIDES unit status',
      'system controller CONNECTS unit link',
      'system controller CONSUMES air temperature',
      'system controller CONSUMES unit status',
      'system controller PROVIDES speed demand',
    ]);
  });

  it('puts a part another document names, and only such a part, on the interface', () => {
    const bom = {
      name: 'bom.csv',
      doc: doc({
        tables: [
          {
            rows: [
              ['Reference', 'Description', 'Qty'],
              ['J2', 'Link Connector', '1'],
              ['U4', 'Line Transceiver', '1'],
            ],
            location: { table: 0 },
          },
        ],
      }),
    };
    const m = model(
      bom,
      sheet([
        ['Characteristic', 'Side 1: Controller', 'Side 2: Board'],
        ['Connector', 'Terminal X5 (A, B)', 'Link Connector J2 pins 1-3'],
        ['Line interface', 'internal', 'Line Transceiver (U4), termination R2'],
        ['Data sent', '-', '-'],
      ]),
    );
    const onLink = rels(m).filter((r) => r.endsWith('CONNECTS unit link'));
    expect(onLink).toEqual([
      'board CONNECTS unit link',
      'controller CONNECTS unit link',
      'line transceiver CONNECTS unit link',
      'link connector CONNECTS unit link',
    ]);
  });

  it('does not read a table whose headers are no sides', () => {
    const m = model(
      sheet([
        ['Characteristic', 'System Controller', 'Inverter Board'],
        ['Data sent', 'Speed Demand', 'Unit Status'],
      ]),
    );
    expect(rels(m).some((r) => r.includes('PROVIDES'))).toBe(false);
  });

  it('takes a side’s one signal line for the one item it sends, and no line for several', () => {
    const m = model(
      sheet([
        ['Characteristic', 'Side 1: Board', 'Side 2: Fan'],
        ['Lines', 'FAN_CTRL, +15V, GND', 'PWM, 0 V'],
        ['Data sent', 'Fan Speed Command (0-100 % duty)', '-'],
      ]),
    );
    expect(m.entities.find((e) => e.key === 'fan speed command')?.aliases).toContain('FAN_CTRL');
    const two = model(
      sheet([
        ['Characteristic', 'Side 1: Board', 'Side 2: Fan'],
        ['Lines', 'FAN_CTRL, +15V, GND', 'PWM, 0 V'],
        ['Data sent', 'Fan Speed Command; Fan Enable', '-'],
      ]),
    );
    expect(two.entities.find((e) => e.key === 'fan speed command')?.aliases ?? []).not.toContain('FAN_CTRL');
  });
});
