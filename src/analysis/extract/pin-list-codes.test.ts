// Pin-outs written one table per connector: the connector is named in the table's title ("J2 Sensor
// Connector"), and an IF column gives each pin's interface by the code the interface list gives it.
import { describe, expect, it } from 'vitest';
import { doc, model, rels } from './test-helpers.js';
import type { Netlist } from '../documents/types.js';

const tables = (...list: { name?: string; rows: string[][] }[]) => ({
  name: 'pinout.md',
  doc: doc({ tables: list.map((t, i) => ({ ...t, location: { table: i } })) }),
});
const interfaces = {
  rows: [
    ['Code', 'Interface', 'Between'],
    ['IF-D', 'Drive Harness', 'Pump Controller and Drive'],
  ],
};

describe('pin-outs per connector', () => {
  it('puts the titled connector on the interface its IF column names by code', () => {
    const m = model(
      tables(interfaces, {
        name: 'J5 Drive Connector (2x4)',
        rows: [
          ['Pin', 'Net', 'I/O', 'IF', 'Remote end'],
          ['1', 'SPEED_SET', 'O', 'IF-D', 'Drive D1 input +'],
        ],
      }),
    );
    expect(m.entities.find((e) => e.key === 'drive harness')?.aliases).toContain('IF-D');
    expect(rels(m)).toContain('drive harness CONNECTS j5');
    // The pin is a line of the harness: the connector is on the harness, not on the line.
    expect(rels(m)).not.toContain('j5 CONNECTS speed set');
    expect(m.entities.map((e) => e.name)).not.toContain('IF-D');
  });

  it('names no connector when the title does not start with a designator', () => {
    const m = model(
      tables(interfaces, {
        name: 'Drive connector',
        rows: [
          ['Pin', 'Net', 'I/O', 'IF', 'Remote end'],
          ['1', 'SPEED_SET', 'O', 'IF-D', 'Drive D1 input +'],
        ],
      }),
    );
    expect(rels(m).filter((r) => r.includes('CONNECTS speed set'))).toEqual([]);
    expect(rels(m)).toContain('drive CONSUMES speed set');
  });
});

describe('lines of a coded interface at a connector', () => {
  const netDoc = (netlist: Netlist) => ({ name: 'board.net', doc: doc({ kind: 'kicad_netlist', netlist }) });
  const pin = (ref: string, n: string, pinType: string) => ({ ref, pin: n, pinType });
  it('links the connector to the interface, not to each line, whichever document names the pin', () => {
    const m = model(
      tables(interfaces, {
        name: 'J5 Drive Connector (2x4)',
        rows: [
          ['Pin', 'Net', 'I/O', 'IF', 'Remote end'],
          ['1', 'SPEED_SET', 'O', 'IF-D', 'Drive D1 input +'],
          ['2', 'FAN_ON', 'O', '-', 'Fan M2 +'],
        ],
      }),
      netDoc({
        components: [
          { ref: 'U1', value: 'Pump MCU' },
          { ref: 'J5', value: 'Conn_01x02' },
        ],
        nets: [
          { code: '1', name: '/SPEED_SET', nodes: [pin('U1', '3', 'output'), pin('J5', '1', 'passive')] },
          { code: '2', name: '/FAN_ON', nodes: [pin('U1', '4', 'output'), pin('J5', '2', 'passive')] },
        ],
      }),
    );
    expect(rels(m)).toContain('conn 01x02 CONNECTS drive harness');
    expect(rels(m).filter((r) => r.includes('speed set') && r.includes('CONNECTS'))).toEqual([]);
    expect(rels(m)).toContain('conn 01x02 CONNECTS fan on');
  });
});

describe('chips on a coded interface line', () => {
  it('puts the chip beside the connector that drives a line on the interface, not a supply pin or another board', () => {
    const m = model(
      tables(
        interfaces,
        {
          rows: [
            ['Parent', 'Designator', 'Name', 'Qty'],
            ['', '', 'Pump Skid', '1'],
            ['Pump Skid', '', 'Pump Controller', '1'],
            ['Pump Controller', 'U1', 'Pump MCU', '1'],
            ['Pump Controller', 'U2', 'Fan Driver', '1'],
            ['Pump Controller', 'J5', 'Drive Connector', '1'],
            ['Pump Skid', 'D1', 'Drive', '1'],
          ],
        },
        {
          name: 'J5 Drive Connector (2x4)',
          rows: [
            ['Pin', 'Net', 'I/O', 'IF', 'Remote end'],
            ['1', 'SPEED_SET', 'O', 'IF-D', 'Drive D1 input +'],
          ],
        },
        {
          rows: [
            ['Signal', 'Source', 'Destination'],
            ['SPEED_SET', 'Pump MCU', 'Drive'],
            ['+5V', 'Fan Driver', 'Drive'],
          ],
        },
      ),
    );
    expect(rels(m)).toContain('drive harness CONNECTS pump mcu');
    expect(rels(m)).not.toContain('drive harness CONNECTS fan driver');
    expect(rels(m)).not.toContain('drive connector CONNECTS speed set');
  });
});
