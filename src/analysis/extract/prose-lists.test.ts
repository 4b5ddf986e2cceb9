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

describe('lists of subjects opened by their parts', () => {
  it('reads "the coils of X, Y and Z are energised from R" as each of them consuming R', () => {
    const m = model(
      proseDoc(
        'd.md',
        'The coils of the Door Relay, the Lock Valve and the Vent Valve are energised from the 12V Rail.',
      ),
    );
    expect(rels(m)).toEqual([
      'door relay CONSUMES 12v rail',
      'lock valve CONSUMES 12v rail',
      'vent valve CONSUMES 12v rail',
    ]);
  });

  it('still takes no list that does not open the sentence', () => {
    const m = model(
      proseDoc(
        'd.md',
        'Power flows to the Door Relay, the Lock Valve and the Vent Valve is energised from the 12V Rail.',
      ),
    );
    expect(rels(m)).not.toContain('door relay CONSUMES 12v rail');
  });

  it('proposes no entity for a direction value explained in the text', () => {
    const m = model(proseDoc('d.md', 'IN is read by the Host CPU, OUT is driven by the Host CPU.'));
    expect(keys(m)).not.toContain('out');
    expect(keys(m)).not.toContain('in');
  });
});
