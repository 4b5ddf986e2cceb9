// Prose that names units without relating them: a requirement's wording, a list of subjects sharing
// one object, a list of objects, and a known name used as a modifier ("the mast junction").
import { describe, expect, it } from 'vitest';
import { model, proseDoc, rels } from './test-helpers.js';

const keys = (m: ReturnType<typeof model>): string[] => m.entities.map((e) => e.key);

describe('prose that names units without relating them', () => {
  it('proposes no subject for a clause that relates nothing', () => {
    const m = model(
      proseDoc('d.txt', 'REQ-21 Observations shall reach the Cloud Data Service within 10 minutes.'),
    );
    expect(keys(m)).not.toContain('observation');
    expect(rels(m)).toEqual([]);
  });

  it('still proposes the subject of a clause that relates it', () => {
    const m = model(proseDoc('d.txt', 'The Modem Link reaches the Logger Board at the Antenna Connector.'));
    expect(keys(m)).toContain('modem link');
    expect(rels(m)).toContain('antenna connector CONNECTS modem link');
  });
});
