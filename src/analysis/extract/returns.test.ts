// A circuit's own return (ESTOP_RTN), an isolated ground (GD_GND2) and a screen (SHIELD) are grounds:
// no item, nothing provided or consumed.
import { describe, expect, it } from 'vitest';
import { isGroundName } from './normalise.js';
import { model, tableDoc, typeOf } from './test-helpers.js';

describe('returns and screens', () => {
  it('are grounds by name', () => {
    for (const n of ['ESTOP_RTN', 'GD_GND2', '/Interfaces/GD_GND2', 'SHIELD'])
      expect(isGroundName(n)).toBe(true);
    for (const n of ['GD_EN', 'SHIELD_DET', 'ESTOP_LOOP']) expect(isGroundName(n)).toBe(false);
  });

  it('are no items of a wire list', () => {
    const m = model(
      tableDoc('wires.csv', [
        ['Connector', 'Pin', 'Signal', 'Direction', 'From', 'To'],
        ['J1', '5', 'ESTOP_LOOP', 'In', 'E-Stop Button', 'Control Board'],
        ['J1', '6', 'ESTOP_RTN', 'Out', 'Control Board', 'E-Stop Button'],
        ['J3', '8', 'SHIELD', '', 'Motor Resolver', 'Control Board'],
      ]),
    );
    expect(typeOf(m, 'estop loop')).toBe('SIGNAL');
    expect(typeOf(m, 'estop rtn')).toBeUndefined();
    expect(typeOf(m, 'shield')).toBeUndefined();
  });
});
