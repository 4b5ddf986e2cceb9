// A bus message catalogue: frames with their transmitter and receivers, then the signals they pack.
// The signals are what the metagraph models; a frame table is read only when nothing breaks it down.
import { describe, expect, it } from 'vitest';
import { doc, model, rels, typeOf } from './test-helpers.js';

const frames = [
  ['CAN ID', 'Message', 'Transmitter', 'Receivers', 'DLC'],
  ['0x120', 'PUMP_Status', 'Pump Controller', 'Operator Panel', '8'],
  ['0x130', 'PANEL_Cmd', 'Operator Panel', 'Pump Controller', '2'],
];
const signals = [
  ['Signal', 'CAN ID', 'Start bit', 'Unit', 'Producer', 'Consumer'],
  ['Outlet Pressure', '0x120', '0', 'bar', 'Pump Controller', 'Operator Panel'],
  ['Pump Speed Demand', '0x130', '0', 'rpm', 'Operator Panel', 'Pump Controller'],
];
const catalogue = (...tables: string[][][]) => ({
  name: 'can.md',
  doc: doc({ kind: 'markdown', tables: tables.map((rows, i) => ({ rows, location: { table: i } })) }),
});

describe('bus message catalogues', () => {
  it('reads the signals, not the frames that a signal table breaks down by id', () => {
    const m = model(catalogue(frames, signals));
    expect(typeOf(m, 'outlet pressure')).toBe('SIGNAL');
    expect(typeOf(m, 'pump status')).toBeUndefined();
    expect(rels(m)).toContain('pump controller PROVIDES outlet pressure');
    expect(rels(m)).toContain('operator panel CONSUMES outlet pressure');
  });

  it('keeps a frame table when no signal table refers to its frames', () => {
    const m = model(catalogue(frames));
    expect(typeOf(m, 'pump status')).toBe('SIGNAL');
  });

  it('keeps a frame table when the signal table names other frames', () => {
    const other = signals.map((r, i) => (i === 0 ? r : [r[0]!, '0x7ff', ...r.slice(2)]));
    const m = model(catalogue(frames, other));
    expect(typeOf(m, 'pump status')).toBe('SIGNAL');
  });

  it('a "Unit" column of measurement units is not a consumer', () => {
    const m = model(catalogue(signals));
    expect(typeOf(m, 'bar')).toBeUndefined();
    expect(typeOf(m, 'rpm')).toBeUndefined();
  });

  it('a "Unit" column naming equipment still consumes (a power table)', () => {
    const power = [
      ['Unit', 'Rail', 'Power (W)'],
      ['Pump Controller', '24V Bus', '12'],
      ['Operator Panel', '24V Bus', '3'],
    ];
    const m = model(catalogue(power));
    expect(rels(m)).toContain('pump controller CONSUMES 24v bus');
  });
});
