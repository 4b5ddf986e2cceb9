// An Enterprise-Architect-like export draws each whole–part Aggregation from the part (source) to the
// whole (target); read as stated, the MCU contained its board. The edges' shape says which way they run:
// a part is in one whole, a whole has several parts.
import { describe, expect, it } from 'vitest';
import { partsDrawnFirst } from './json-part-first.js';
import { doc, model, rels } from './test-helpers.js';

describe('whole–part edges drawn from the part', () => {
  it('are told from the ends that repeat', () => {
    expect(
      partsDrawnFirst([
        ['mcu', 'board'],
        ['phy', 'board'],
        ['board', 'amp'],
      ]),
    ).toBe(true);
    expect(
      partsDrawnFirst([
        ['board', 'mcu'],
        ['board', 'phy'],
        ['amp', 'board'],
      ]),
    ).toBe(false);
    expect(partsDrawnFirst([['board', 'mcu']])).toBe(false);
  });
  it('make the target the whole', () => {
    const m = model({
      name: 'model.json',
      doc: doc({
        kind: 'json',
        json: {
          package: {
            elements: [
              { guid: '{1}', type: 'Class', stereotype: 'block', name: 'RF Amplifier' },
              { guid: '{2}', type: 'Class', stereotype: 'block', name: 'Control Board' },
              { guid: '{3}', type: 'Class', stereotype: 'block', name: 'Main MCU' },
              { guid: '{4}', type: 'Class', stereotype: 'block', name: 'Ethernet PHY' },
            ],
            connectors: [
              { guid: '{10}', type: 'Aggregation', subtype: 'Strong', source: '{2}', target: '{1}' },
              { guid: '{11}', type: 'Aggregation', subtype: 'Strong', source: '{3}', target: '{2}' },
              { guid: '{12}', type: 'Aggregation', subtype: 'Strong', source: '{4}', target: '{2}' },
            ],
          },
        },
      }),
    });
    expect(rels(m)).toEqual(
      expect.arrayContaining([
        'rf amplifier CONTAINS control board',
        'control board CONTAINS main mcu',
        'control board CONTAINS ethernet phy',
      ]),
    );
    expect(rels(m)).not.toContain('main mcu CONTAINS control board');
  });
});
