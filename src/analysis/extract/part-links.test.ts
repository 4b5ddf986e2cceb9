// CONNECTS between two parts: kept where a document states a link (a model's connector, prose that
// joins two parts through a connector), dropped where a table row had no interface to name or a
// connector would be a party to the link.
import { describe, expect, it } from 'vitest';
import { doc, model, proseDoc, rels, tableDoc } from './test-helpers.js';

const bom = tableDoc('bom.csv', [
  ['Ref Des', 'Description', 'Qty'],
  ['U1', 'Host MCU', '1'],
  ['U2', 'Gate Driver', '1'],
  ['J1', 'Mast Connector', '1'],
  ['S1', 'Wind Sensor', '1'],
]);

describe('links between two parts', () => {
  it('drops a table row whose interface is only an id between two parts', () => {
    const m = model(
      bom,
      tableDoc('icd.csv', [
        ['Interface', 'End A', 'End B', 'Type'],
        ['IF-1', 'Host MCU', 'Gate Driver', 'discrete'],
      ]),
    );
    expect(rels(m).filter((r) => r.includes('CONNECTS'))).toEqual([]);
  });

  it('drops prose that makes a connector a party ("wired to the Mast Connector")', () => {
    const m = model(bom, proseDoc('d.txt', 'The Wind Sensor is connected to the Mast Connector.'));
    expect(rels(m).filter((r) => r.includes('CONNECTS'))).toEqual([]);
  });

  it('keeps a link stated by a block model or by prose through a connector', () => {
    const m = model(
      bom,
      proseDoc('d.txt', 'The Wind Sensor connects to the Host MCU through the Mast Connector.'),
      {
        name: 'model.json',
        doc: doc({
          kind: 'json',
          json: {
            blocks: [
              { id: 'a', name: 'Host MCU' },
              { id: 'b', name: 'Gate Driver' },
            ],
            connectors: [{ source: 'a', target: 'b' }],
          },
        }),
      },
    );
    expect(rels(m)).toEqual(
      expect.arrayContaining(['host mcu CONNECTS wind sensor', 'gate driver CONNECTS host mcu']),
    );
  });
});
