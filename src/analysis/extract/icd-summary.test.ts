// Interface summaries with lettered ends and a Signals cell: the ends are on the interface; the items
// it carries are named, but End A is not read as their sender.
import { describe, expect, it } from 'vitest';
import { findHeader } from './columns.js';
import { isInterfaceSummary } from './icd-summary.js';
import { model, rels, tableDoc, typeOf } from './test-helpers.js';

const header = ['IF ID', 'Interface', 'Type / protocol', 'End A', 'End B', 'Connector', 'Signals'];

describe('interface summaries with lettered ends', () => {
  it('applies to End A / End B with items, not to Source / Destination', () => {
    const cols = (h: string[]) => findHeader([h, h.map(() => 'x')])!.columns;
    expect(isInterfaceSummary(header, cols(header))).toBe(true);
    const directed = ['Signal', 'Interface', 'Source', 'Destination'];
    expect(isInterfaceSummary(directed, cols(directed))).toBe(false);
  });

  it('puts both ends on the interface and gives the items no direction', () => {
    const m = model(
      tableDoc('icd.docx', [
        header,
        [
          'IF-01',
          'Cart CAN',
          'CANopen',
          'Drive Board',
          'Cart PLC; Battery Unit',
          'J6',
          'Speed Command; Drive Status',
        ],
      ]),
    );
    expect(typeOf(m, 'speed command')).toBe('SIGNAL');
    expect(typeOf(m, 'drive status')).toBe('SIGNAL');
    const r = rels(m);
    expect(r).toEqual([
      'battery unit CONNECTS cart can',
      'cart can CONNECTS cart plc',
      'cart can CONNECTS drive board',
      'cart can CONNECTS j6',
    ]);
  });
});
