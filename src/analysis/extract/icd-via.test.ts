// Flow registers: one table for data and power, an Item column, From/To ends and a Via column that
// names an interface id, a shared link or a single line's net.
import { describe, expect, it } from 'vitest';
import { isItemNet } from './icd-via.js';
import { model, rels, tableDoc, typeOf } from './test-helpers.js';

describe('flow register Via cells', () => {
  it('takes a net label used by one row as that item net, and nothing else', () => {
    expect(isItemNet('FAULT_N', 1)).toBe(true);
    expect(isItemNet('/Control/DRV_EN', 1)).toBe(true);
    expect(isItemNet('FAULT_N', 2)).toBe(false);
    expect(isItemNet('IF-01', 1)).toBe(false);
    expect(isItemNet('Tether Link', 1)).toBe(false);
  });

  it('reads items with labels, several consumers per cell, and a one-item net as an alias', () => {
    const m = model(
      tableDoc('flows.pdf', [
        ['No.', 'Item', 'Kind', 'From', 'To', 'Via'],
        ['F-01', 'Brake Command', 'discrete', 'Winch Controller (U1)', 'Brake Driver (U2)', 'BRK_CMD'],
        ['F-02', 'Drum Speed', 'data', 'Drum Encoder', 'Winch Controller (U1)', 'SENS_BUS'],
        ['F-03', 'Drum Torque', 'data', 'Torque Sensor', 'Winch Controller (U1)', 'SENS_BUS'],
        ['P-01', '24V Bus (+24V)', 'power', 'Power Supply', 'Winch Controller (U1), Brake Driver (U2)', '-'],
      ]),
    );
    expect(m.entities.find((e) => e.name === 'Brake Command')?.aliases).toContain('BRK_CMD');
    expect(typeOf(m, 'brk cmd')).toBeUndefined();
    // A net two items travel over is the link they share.
    expect(m.entities.find((e) => [e.name, ...e.aliases].includes('SENS_BUS'))?.entityType).toBe('INTERFACE');
    expect(typeOf(m, '24v bus')).toBe('RESOURCE');
    expect(rels(m)).toEqual(
      expect.arrayContaining([
        'winch controller PROVIDES brake command',
        'brake driver CONSUMES brake command',
        'power supply PROVIDES 24v bus',
        'winch controller CONSUMES 24v bus',
        'brake driver CONSUMES 24v bus',
      ]),
    );
  });
});
