// A pin allocation with an interface code per pin and no far-end column: the nets that are a link's
// lines name the coded interface; a lone item net and the rails stay what they are.
import { describe, expect, it } from 'vitest';
import { model, tableDoc, typeOf } from './test-helpers.js';

describe('pins on coded interfaces', () => {
  const m = model(
    tableDoc('icd.docx', [
      ['IF ID', 'Interface', 'Type', 'End A', 'End B'],
      ['IF-02', 'Left Motor Power', 'PWM motor output', 'Drive Board', 'Left Motor'],
      ['IF-06', 'Safety I/O', '24 V discrete', 'Drive Board', 'Safety Relay'],
    ]),
    tableDoc('pins.docx', [
      ['Connector', 'Pin', 'Net', 'Description', 'Dir', 'IF ID'],
      ['J2', '1', 'MOT_L_A', 'Left motor terminal A', 'OUT', 'IF-02'],
      ['J2', '2', 'MOT_L_B', 'Left motor terminal B', 'OUT', 'IF-02'],
      ['J7', '1', 'SAFE_OK', 'Safety OK from relay', 'IN', 'IF-06'],
      ['J7', '2', '+24V', 'Supply', 'OUT', 'IF-06'],
    ]),
  );

  it('give the line nets to the interface', () => {
    const iface = m.entities.find((e) => e.name === 'Left Motor Power')!;
    expect(iface.entityType).toBe('INTERFACE');
    expect(iface.aliases).toEqual(expect.arrayContaining(['IF-02', 'MOT_L_A', 'MOT_L_B']));
    expect(m.entities.some((e) => e.name === 'MOT_L_A')).toBe(false);
  });

  it('leave a lone item net and a rail as they are', () => {
    expect(typeOf(m, 'safe ok')).toBe('SIGNAL');
    expect(m.entities.find((e) => e.name === 'Safety I/O')?.aliases).not.toContain('SAFE_OK');
    expect(typeOf(m, '+24v')).toBe('RESOURCE');
  });
});
