// An interface section's line table ("Line | Net | Pin | Description") lists the wires of the link:
// its bus lines, its supply and its return. None of them is a signal of its own.
import { describe, expect, it } from 'vitest';
import { model, tableDoc } from './test-helpers.js';

describe('a line table of a serial link', () => {
  const m = model(
    tableDoc('icd.md', [
      ['Line', 'Net', 'Pin', 'Description'],
      ['A (D+)', 'RS485_A', 'J4-1', 'RS-485 non-inverting'],
      ['B (D-)', 'RS485_B', 'J4-2', 'RS-485 inverting'],
      ['24 V', '+24V', 'J4-3', 'Scanner supply'],
      ['0 V', 'GND', 'J4-4', 'Supply return'],
      ['Scan Trigger', 'SCAN_TRIG', 'J4-5', 'Trigger input'],
    ]),
  );
  const names = m.entities.map((e) => e.name);
  it('proposes no signal for the bus lines, the supply or the return', () => {
    for (const wire of ['A (D+)', 'B (D-)', '24 V', '0 V']) expect(names).not.toContain(wire);
  });
  it('still proposes a signal the table lists on its own net', () => {
    expect(names).toContain('Scan Trigger');
  });
});
