// The KiCad netlist reader on a netlist in Eeschema 8's layout (design block with a title block,
// components with libsource and sheetpath, libparts, nets with pin functions and types).
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readDocument } from './read.js';
import { parseSExpr } from './sexpr.js';

const sample = new Uint8Array(
  fs.readFileSync(path.resolve(import.meta.dirname, '../../../test/fixtures/documents/kestrel-eps.net')),
);
const bytes = (text: string) => new TextEncoder().encode(text);

describe('KiCad netlist reader', () => {
  it('reads components with value, footprint, library part, description and sheet', async () => {
    const doc = await readDocument(sample, 'kestrel-eps.net');
    expect(doc.kind).toBe('kicad_netlist');
    expect(doc.netlist?.components).toEqual([
      {
        ref: 'U1',
        value: 'TPS62130',
        footprint: 'Package_DFN_QFN:Texas_RGT0016C_EP2.1x2.1mm',
        part: 'TPS62130',
        lib: 'Regulator_Switching',
        description: '3 A step-down converter',
        sheet: '/Power/',
      },
      {
        ref: 'C1',
        value: '10uF',
        footprint: 'Capacitor_SMD:C_0603_1608Metric',
        part: 'C',
        lib: 'Device',
        description: 'Unpolarized capacitor',
        sheet: '/Power/',
      },
      {
        ref: 'J1',
        value: 'I2C',
        footprint: 'Connector_JST:JST_SH_SM04B-SRSS-TB_1x04-1MP_P1.00mm_Horizontal',
        part: 'Conn_01x04',
        lib: 'Connector_Generic',
        description: 'Generic connector, single row, 01x04',
        sheet: '/',
      },
    ]);
  });

  it('reads nets with their nodes, pin functions and pin types', async () => {
    const doc = await readDocument(sample, 'kestrel-eps.net');
    expect(doc.netlist?.nets.map((n) => n.name)).toEqual([
      'GND',
      '+3V3',
      '/I2C_SDA',
      'unconnected-(U1-PG-Pad5)',
    ]);
    expect(doc.netlist?.nets[1]).toEqual({
      code: '2',
      name: '+3V3',
      nodes: [
        { ref: 'C1', pin: '1', pinType: 'passive' },
        { ref: 'U1', pin: '8', pinFunction: 'SW', pinType: 'power_out' },
      ],
    });
    // Components and nets are also tables, so chunks and search see them as rows.
    expect(doc.tables.map((t) => t.name)).toEqual(['Components', 'Nets']);
    expect(doc.tables[1]?.rows[2]).toEqual(['+3V3', '2', 'C1.1, U1.8 (SW)']);
  });

  it('recognises a netlist by its head whatever the name, including version "D" with bare atoms', async () => {
    const old =
      '(export (version D)\n (components (comp (ref R1) (value 10k)))\n (nets (net (code 1) (name GND) (node (ref R1) (pin 2)))))';
    const doc = await readDocument(bytes(old), 'board.txt');
    expect(doc.kind).toBe('kicad_netlist');
    expect(doc.netlist).toEqual({
      components: [{ ref: 'R1', value: '10k' }],
      nets: [{ code: '1', name: 'GND', nodes: [{ ref: 'R1', pin: '2' }] }],
    });
  });

  it('refuses an unbalanced netlist as corrupt, and one with nothing in it as empty', async () => {
    await expect(readDocument(bytes('(export (version "E") (components'), 'x.net')).rejects.toMatchObject({
      code: 'corrupt',
      message: 'This netlist cannot be parsed: 2 list(s) never closed.',
    });
    await expect(readDocument(bytes('(export (version "E"))'), 'x.net')).rejects.toMatchObject({
      code: 'empty',
    });
  });
});

describe('S-expression reader', () => {
  it('reads quoted strings with escapes, bare atoms and nested lists', () => {
    expect(parseSExpr('(a "x \\"y\\" \\\\ z\\n" (b c) ())')).toEqual([['a', 'x "y" \\ z\n', ['b', 'c'], []]]);
  });

  it('reads deep nesting without recursion and refuses a string that never ends', () => {
    const depth = 100_000;
    const parsed = parseSExpr('('.repeat(depth) + ')'.repeat(depth));
    expect(parsed).toHaveLength(1);
    expect(() => parseSExpr('(a "open')).toThrow('a string that never ends, from character 4');
    expect(() => parseSExpr('a)')).toThrow('an unmatched ")" at character 2');
  });
});
