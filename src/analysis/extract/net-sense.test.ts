// A measurement line from a divider to a general-purpose pin: the pin samples it.
import { describe, expect, it } from 'vitest';
import type { Netlist, NetlistNode } from '../documents/types.js';
import { isMeasuredName } from './net-sense.js';
import { doc, model, rels, typeOf } from './test-helpers.js';

const netDoc = (netlist: Netlist) => ({ name: 'board.net', doc: doc({ kind: 'kicad_netlist', netlist }) });
const node = (ref: string, pinType: string): NetlistNode => ({ ref, pin: '1', pinType });
const board = (net: string) =>
  model(
    netDoc({
      components: [{ ref: 'U1', value: 'Rate MCU' }],
      // The divider's resistors are in the BOM, not among the netlist's named parts.
      nets: [
        {
          code: '1',
          name: net,
          nodes: [node('U1', 'bidirectional'), node('R7', 'passive'), node('R8', 'passive')],
        },
      ],
    }),
  );

describe('measurement lines on general-purpose pins', () => {
  it('names measurement lines by their suffix', () => {
    expect(isMeasuredName('VBAT_SENSE')).toBe(true);
    expect(isMeasuredName('IMOT_MON')).toBe(true);
    expect(isMeasuredName('SENSE_EN')).toBe(false);
  });

  it('a lone bidirectional pin on a sense line consumes it', () => {
    const m = board('VIN_SENSE');
    expect(typeOf(m, 'vin sense')).toBe('SIGNAL');
    expect(rels(m)).toContain('rate mcu CONSUMES vin sense');
  });

  it('a lone bidirectional pin on a line not named as a measurement makes no signal', () => {
    const m = board('LED_STATUS');
    expect(typeOf(m, 'led status')).toBeUndefined();
  });
});
