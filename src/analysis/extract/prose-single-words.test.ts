// One capitalised ordinary word that no document names is not a part: it opens a sentence or a
// requirement. Named single words, data items and acronyms still take part.
import { describe, expect, it } from 'vitest';
import { model, proseDoc, rels, tableDoc } from './test-helpers.js';

describe('single capitalised words in prose', () => {
  it('proposes nothing for a word that only opens a requirement', () => {
    const m = model(
      proseDoc('d.txt', 'REQ-21 Observations shall reach the Cloud Data Service within 10 minutes.'),
    );
    expect(m.entities.map((e) => e.name)).not.toContain('Observations');
  });

  it('keeps a single word another document names, and a data item a verb names', () => {
    const m = model(
      tableDoc('bom.csv', [
        ['Ref Des', 'Description', 'Qty'],
        ['BT1', 'Battery', '1'],
        ['U1', 'Logger MCU', '1'],
      ]),
      proseDoc(
        'd.txt',
        'The Battery supplies the 12V Rail to the Logger MCU. The Logger MCU sends Heartbeat to the Cloud Data Service.',
      ),
    );
    expect(rels(m)).toEqual(
      expect.arrayContaining([
        'battery PROVIDES 12v rail',
        'logger mcu CONSUMES 12v rail',
        'logger mcu PROVIDES heartbeat',
      ]),
    );
  });
});
