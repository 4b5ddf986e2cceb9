// An N² matrix under a title and a reading note ("Read across: the row unit sends to the column
// unit"), its corner "From \ To"; cells name the item with the link it travels on in square brackets
// ("Position Cue [DMX Link]"), a note in brackets after a known name ("3V3 Rail (excitation)") or the
// connector it crosses ("28V Bus (J1)").
import { describe, expect, it } from 'vitest';
import { n2Cell } from './n2-cells.js';
import { model, rels, tableDoc } from './test-helpers.js';

const units = ['Lighting Desk', 'Hoist Board', 'Load Cell', 'Power Supply'];
const matrix = tableDoc('n2.csv', [
  ['Hoist N2 interface matrix', '', 'Issue 2'],
  ['Read across: the row unit sends to the column unit.'],
  [''],
  ['From \\ To', ...units],
  ['Lighting Desk', 'Lighting Desk', 'Position Cue [DMX Link]', '', ''],
  ['Hoist Board', '', 'Hoist Board', '3V3 Rail (excitation)', ''],
  ['Load Cell', '', 'Load Measurement', 'Load Cell', ''],
  ['Power Supply', '', '24V Supply (J1)', '', 'Power Supply'],
  [''],
  ['Mains Supply feeds the Power Supply.'],
]);
const rails = tableDoc('power.csv', [
  ['Rail', 'Source', 'Load'],
  ['3V3 Rail', 'Hoist Board', 'Load Cell'],
]);

describe('an N² matrix under preamble rows', () => {
  const m = model(matrix, rails);
  it('reads the rows as senders and the columns as receivers, the corner as no unit', () => {
    expect(rels(m)).toEqual(
      expect.arrayContaining([
        'lighting desk PROVIDES position cue',
        'hoist board CONSUMES position cue',
        'load cell PROVIDES load measurement',
        'hoist board PROVIDES 3v3 rail',
        'load cell CONSUMES 3v3 rail',
      ]),
    );
    expect(m.entities.map((e) => e.name)).not.toContain('From \\ To');
  });

  it('puts both ends on the bracketed link, and the connector on the item it carries', () => {
    expect(rels(m)).toEqual(
      expect.arrayContaining([
        'dmx link CONNECTS lighting desk',
        'dmx link CONNECTS hoist board',
        '24v supply CONNECTS j1',
      ]),
    );
    expect(m.entities.find((e) => e.key === '24v supply')?.aliases).not.toContain('J1');
  });

  it('drops a lower-case note only after a name another document gives', () => {
    expect(n2Cell('3V3 Rail (excitation)', new Set(['3v3 rail'])).items).toEqual([{ name: '3V3 Rail' }]);
    expect(n2Cell('Status (filtered)', new Set()).items).toEqual([{ name: 'Status (filtered)' }]);
    expect(n2Cell('Cue [DMX Link]')).toEqual({ iface: 'DMX Link', items: [{ name: 'Cue' }] });
  });

  it('does not take a cover sheet above a revision list for a matrix', () => {
    const cover = model(
      tableDoc('pinout.xlsx', [
        ['Board - Connector Pin-out'],
        ['Document', 'XB-8200-PO', 'Rev', 'D'],
        [],
        ['Rev', 'Date', 'By', 'Change'],
        ['C', '2025-11-20', 'MB', 'J4 pin 3 reassigned'],
        ['D', '2026-03-02', 'MB', 'SENS_RTN split from GND'],
      ]),
    );
    expect(rels(cover)).toEqual([]);
  });
});
