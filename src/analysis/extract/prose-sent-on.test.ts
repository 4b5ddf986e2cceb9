// "receives the Cue from the Console over the DMX Link and the Command from the Desk over the CAN
// Bus. It returns the Report to the Desk on the same bus": each thing received has its own source past
// the link it travels on, and "returns" sends information back.
import { describe, expect, it } from 'vitest';
import { model, proseDoc, rels, tableDoc } from './test-helpers.js';

const signals = tableDoc('signals.csv', [
  ['Signal', 'Source', 'Destination'],
  ['Position Cue', 'Lighting Console', 'Hoist Controller'],
  ['Move Command', 'Rigging Desk', 'Hoist Controller'],
  ['Status Report', 'Hoist Controller', 'Rigging Desk'],
]);

describe('things received over links of their own', () => {
  const m = model(
    signals,
    proseDoc(
      'dd.md',
      'The Hoist Controller (U1) receives the Position Cue from the Lighting Console over the DMX Link and the Move Command from the Rigging Desk over the CAN Bus. It returns the Status Report to the Rigging Desk on the same bus.',
    ),
  );
  it("reads the second thing received past the first one's link", () => {
    const prose = m.relationships.filter((r) => r.provenance.some((p) => p.documentName === 'dd.md'));
    expect(prose.map((r) => `${r.sourceKey} ${r.relationshipType} ${r.targetKey}`)).toEqual(
      expect.arrayContaining([
        'hoist controller CONSUMES position cue',
        'hoist controller CONSUMES move command',
        'rigging desk PROVIDES move command',
        'hoist controller PROVIDES status report',
        'rigging desk CONSUMES status report',
      ]),
    );
  });
  it('makes no link a thing received', () => {
    expect(rels(m)).not.toContain('hoist controller CONSUMES dmx link');
  });
});
