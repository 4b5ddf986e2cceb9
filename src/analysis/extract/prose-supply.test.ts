// "takes its I/O supply from the 3V3 Rail": a qualified supply is still the part's power; the words
// between "its" and "supply" name pins, not a thing of their own.
import { describe, expect, it } from 'vitest';
import { model, proseDoc, rels } from './test-helpers.js';

describe('a qualified supply in prose', () => {
  it('is consumed from the rail named after "from", and proposes no entity of its own', () => {
    const m = model(
      proseDoc(
        'design.md',
        'The LDO Regulator provides the 3V3 Rail. The CAN Transceiver takes its I/O supply from the 3V3 Rail as well.',
      ),
    );
    expect(rels(m)).toContain('can transceiver CONSUMES 3v3 rail');
    expect(m.entities.map((e) => e.name)).not.toContain('I/O supply');
  });
});
