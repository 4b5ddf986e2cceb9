// "The Channel A MCU provides Relay Enable A and the Channel B MCU provides Relay Enable B to the Relay
// Driver": a capital A ending a name before "and" is the name's channel letter, not an article; the
// letter does not make the signal a part; and the net RLY_EN_A is Relay Enable A, not B.
import { describe, expect, it } from 'vitest';
import type { NetlistNode } from '../documents/types.js';
import { doc, model, proseDoc } from './test-helpers.js';

const pin = (ref: string, pinFunction: string, pinType: string): NetlistNode => ({
  ref,
  pin: pinFunction,
  pinFunction,
  pinType,
});
const prose = proseDoc(
  'design.docx',
  'The Channel A MCU provides Relay Enable A and the Channel B MCU provides Relay Enable B to the Relay Driver.',
);

describe('signals named with a channel letter', () => {
  it('keeps the letter in the name and types the item by the word before it', () => {
    const m = model(prose);
    const a = m.entities.find((e) => e.name === 'Relay Enable A');
    expect(a?.entityType).toBe('SIGNAL');
    expect(m.entities.find((e) => e.name === 'Relay Enable B')?.entityType).toBe('SIGNAL');
    expect(m.entities.map((e) => e.name)).not.toContain('Relay Enable');
  });

  it('joins each lettered net to the item with its letter', () => {
    const m = model(prose, {
      name: 'board.net',
      doc: doc({
        kind: 'kicad_netlist',
        netlist: {
          components: [
            { ref: 'U1', value: 'Channel A MCU' },
            { ref: 'U2', value: 'Channel B MCU' },
            { ref: 'U8', value: 'Relay Driver' },
          ],
          nets: [
            { code: '1', name: '/RLY_EN_A', nodes: [pin('U1', 'PA5', 'output'), pin('U8', 'IN', 'input')] },
            { code: '2', name: '/RLY_EN_B', nodes: [pin('U2', 'PB4', 'output'), pin('U8', 'ST', 'input')] },
          ],
        },
      }),
    });
    const namesOf = (net: string) =>
      m.entities.filter((e) => [e.name, ...e.aliases].includes(net)).flatMap((e) => [e.name, ...e.aliases]);
    expect(namesOf('RLY_EN_A')).toContain('Relay Enable A');
    expect(namesOf('RLY_EN_A')).not.toContain('Relay Enable B');
    expect(namesOf('RLY_EN_B')).toContain('Relay Enable B');
  });
});
