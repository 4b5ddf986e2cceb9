// Interface lists without end columns: id, name, medium, the connector and the nets that are its lines.
import { describe, expect, it } from 'vitest';
import { isInterfaceList } from './icd-interface-list.js';
import { findHeader } from './columns.js';
import { model, rels, tableDoc, typeOf } from './test-helpers.js';

const header = ['ID', 'Interface', 'Medium', 'Connector', 'Lines'];

describe('interface lists without ends', () => {
  it('applies to a list naming interfaces, not to one with ends or items', () => {
    const cols = (h: string[]) => findHeader([h, h.map(() => 'x')])!.columns;
    expect(isInterfaceList(cols(header), header)).toBe(true);
    const withEnds = ['ID', 'Interface', 'From', 'To', 'Connector'];
    expect(isInterfaceList(cols(withEnds), withEnds)).toBe(false);
  });

  it('gives each interface its id and line nets as names, and puts its connector on it', () => {
    const m = model(
      tableDoc('icd.docx', [
        header,
        ['IF-1', 'Console Link', 'RS-422', 'Console Connector (J4)', 'CON_TX, CON_RX'],
        ['IF-2', 'Motor Feed', 'three-phase', 'J5', 'MOT_U, MOT_V, MOT_W'],
      ]),
    );
    expect(typeOf(m, 'console link')).toBe('INTERFACE');
    const link = m.entities.find((e) => e.name === 'Console Link')!;
    expect(link.aliases).toEqual(expect.arrayContaining(['IF-1', 'CON_TX', 'CON_RX']));
    expect(rels(m)).toEqual(['console connector CONNECTS console link', 'j5 CONNECTS motor feed']);
  });

  it('leaves a connector cell in words without a designator alone', () => {
    const m = model(tableDoc('icd.docx', [header, ['IF-1', 'Console Link', 'RS-422', 'on board', 'CON_TX']]));
    expect(rels(m)).toEqual([]);
  });
});
