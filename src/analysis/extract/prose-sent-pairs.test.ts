// "sends X to Y and Z to W": two things sent, each to its own recipient. Read as one list of
// recipients after "to", Z became a recipient of X and W was lost.
import { describe, expect, it } from 'vitest';
import { model, proseDoc, rels } from './test-helpers.js';

describe('things sent to recipients of their own', () => {
  const m = model(
    proseDoc(
      'dd.md',
      'The Kiln Controller sends the Burner Command to the Burner Driver and the Fan Command to the Fan Driver.',
    ),
  );
  it('gives each thing sent its own recipient', () => {
    expect(rels(m)).toEqual(
      expect.arrayContaining([
        'kiln controller PROVIDES burner command',
        'burner driver CONSUMES burner command',
        'kiln controller PROVIDES fan command',
        'fan driver CONSUMES fan command',
      ]),
    );
  });
  it('makes no thing sent a recipient of another', () => {
    expect(rels(m)).not.toContain('fan command CONSUMES burner command');
  });
});
