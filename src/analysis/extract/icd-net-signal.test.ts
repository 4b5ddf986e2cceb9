// A connector ICD that lists the net first and the signal in words after it ("Pin | Net | Signal |
// From | To") names each item twice: the item read from the net is also the item the words name, so
// the model's or the prose's "Fan Speed Command" is the same signal as FAN_PWM.
import { describe, expect, it } from 'vitest';
import { model, proseDoc, tableDoc } from './test-helpers.js';

describe('a "Net | Signal" pin table', () => {
  it('gives each net the signal words as a name', () => {
    const m = model(
      tableDoc('icd.csv', [
        ['Pin', 'Net', 'Signal', 'Dir', 'From', 'To'],
        ['1', 'FAN_PWM', 'Fan Speed Command', 'OUT', 'Fan Buffer (U6)', 'Blower (M1)'],
        ['2', 'FAN_TACH', 'Fan Tach', 'IN', 'Blower (M1)', 'Main MCU (U1)'],
      ]),
      proseDoc('design.md', 'The Fan Buffer sends the Fan Speed Command to the Blower.'),
    );
    const signals = m.entities.filter((e) => e.entityType === 'SIGNAL');
    const fan = signals.filter((e) =>
      [e.name, ...e.aliases].some((n) => /fan speed command|FAN_PWM/i.test(n)),
    );
    expect(fan).toHaveLength(1);
    expect([fan[0]!.name, ...fan[0]!.aliases]).toEqual(
      expect.arrayContaining(['FAN_PWM', 'Fan Speed Command']),
    );
  });
});
