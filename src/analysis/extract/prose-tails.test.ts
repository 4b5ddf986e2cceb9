// A bracketed label after the object does not cut the sentence's "to …" tail off.
import { describe, expect, it } from 'vitest';
import { model, proseDoc, rels } from './test-helpers.js';

describe('a bracketed aside after the object', () => {
  it('leaves the recipients after "to" consuming what is provided', () => {
    const m = model(
      proseDoc(
        'design.md',
        'The Battery Pack provides the Battery Supply (+24V_BAT) to the Drive Board and the Safety Relay.',
      ),
    );
    expect(rels(m)).toEqual(
      expect.arrayContaining(['drive board CONSUMES battery supply', 'safety relay CONSUMES battery supply']),
    );
  });
});
