// "energises": a unit that energises a coil switches it (INFLUENCES); a line or a supply that
// energises a part is what the part takes (CONSUMES), as before.
import { describe, expect, it } from 'vitest';
import { model, proseDoc, rels } from './test-helpers.js';

describe('energises', () => {
  it('reads a unit energising a part as influencing it', () => {
    const m = model(proseDoc('fd.md', 'The System Controller energises the Heater Contactor.'));
    expect(rels(m)).toContain('system controller INFLUENCES heater contactor');
    expect(rels(m).some((r) => r.includes('CONSUMES'))).toBe(false);
  });

  it('reads a line energising a part as the part consuming it', () => {
    const m = model(proseDoc('fd.md', 'LOOP_EN energises the Door Loop Relay.'));
    expect(rels(m).some((r) => r.includes('INFLUENCES'))).toBe(false);
  });
});
