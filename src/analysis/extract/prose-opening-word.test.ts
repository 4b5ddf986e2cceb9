// A sentence's first word is capitalised by its place: "Ventilation depends on the Safety MCU" names a
// function, not a part; "Blower depends on …" after a BOM named the Blower still names the part.
import { describe, expect, it } from 'vitest';
import { model, proseDoc, rels, tableDoc } from './test-helpers.js';

describe("a sentence's capitalised first word", () => {
  it('is not a part on its own', () => {
    const m = model(proseDoc('dd.txt', '[REQ-031] Ventilation depends on the Safety Controller.'));
    expect(m.entities.map((e) => e.key)).not.toContain('ventilation');
    expect(rels(m)).toEqual([]);
  });

  it('is the part a document named', () => {
    const m = model(
      tableDoc('bom.csv', [
        ['Ref Des', 'Description', 'Qty'],
        ['M1', 'Blower', '1'],
        ['U2', 'Safety Controller', '1'],
      ]),
      proseDoc('dd.txt', 'Blower depends on the Safety Controller.'),
    );
    expect(rels(m)).toContain('blower DEPENDS_ON safety controller');
  });

  it('keeps a name of several words or an acronym', () => {
    const m = model(proseDoc('dd.txt', 'Telemetry Radio depends on the Flight Computer.'));
    expect(rels(m)).toContain('telemetry radio DEPENDS_ON flight computer');
  });
});
