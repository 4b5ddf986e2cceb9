// Rules a mains product's documents call for: protective earth is no signal, "receives its supply
// from" is a supply verb, and a model's profile (the stereotypes it defines) is no part.
import { describe, expect, it } from 'vitest';
import type { Netlist, NetlistNode } from '../documents/types.js';
import { doc, model, proseDoc, rels, typeOf } from './test-helpers.js';

const netDoc = (netlist: Netlist) => ({ name: 'board.net', doc: doc({ kind: 'kicad_netlist', netlist }) });
const node = (ref: string): NetlistNode => ({ ref, pin: '1', pinType: 'passive' });
const board = (net: string) =>
  model(
    netDoc({
      components: [
        { ref: 'J1', value: 'Mains Terminal' },
        { ref: 'J2', value: 'Motor Terminal' },
      ],
      nets: [{ code: '1', name: net, nodes: [node('J1'), node('J2')] }],
    }),
  );

describe('a mains product', () => {
  it('takes protective earth for bonding, not a signal', () => {
    expect(typeOf(board('PE'), 'pe')).toBeUndefined();
    expect(typeOf(board('/PE'), 'pe')).toBeUndefined();
  });

  it('still reads a net merely starting with PE as a signal', () => {
    expect(typeOf(board('PEAK_DET'), 'peak det')).toBe('SIGNAL');
  });

  it('reads "receives its supply from" as consuming', () => {
    const m = model(proseDoc('fd.md', 'The Outdoor Fan receives its supply from the 15V Rail.'));
    expect(rels(m)).toContain('outdoor fan CONSUMES 15v rail');
  });

  it('does not read "receives its orders from" as a supply', () => {
    const m = model(proseDoc('fd.md', 'The Outdoor Fan receives its orders from the Fan Driver.'));
    expect(rels(m).some((r) => r.includes('CONSUMES fan driver'))).toBe(false);
  });

  it('leaves a model profile out and keeps its components', () => {
    const m = model({
      name: 'model.json',
      doc: doc({
        kind: 'json',
        json: {
          Profiles: [{ Name: 'AcmeProfile', Stereotypes: ['HW_Part'] }],
          Architecture: {
            Name: 'Pump',
            Components: [{ Name: 'Controller', Stereotype: 'AcmeProfile.HW_Part' }],
          },
        },
      }),
    });
    expect(typeOf(m, 'acmeprofile')).toBeUndefined();
    expect(rels(m)).toContain('pump CONTAINS controller');
  });
});
