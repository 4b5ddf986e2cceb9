// A CAN message table ("Message | CAN ID | Signal | DBC Name | … | Transmitter | Receiver") lists the
// signals each frame carries: the signals are the items, the frames are not; the DBC name is the
// signal's alias. A written-out ground ("Ground", "Vehicle ground") is the return, not a signal or part.
import { describe, expect, it } from 'vitest';
import { isGroundName } from './normalise.js';
import { model, rels, tableDoc } from './test-helpers.js';

describe('a CAN message table', () => {
  const m = model(
    tableDoc('icd.docx', [
      ['Message', 'CAN ID', 'Cycle', 'Signal', 'DBC Name', 'Transmitter', 'Receiver'],
      ['BCM_Vehicle_1', '0x0F5', '10 ms', 'Vehicle Speed', 'VehSpd', 'Body Controller', 'ECU Assembly'],
      ['EPS_Status_1', '0x17A', '10 ms', 'Driver Torque', 'EPS_DrvTrq', 'ECU Assembly', 'Body Controller'],
      ['EPS_Status_1', '0x17A', '10 ms', 'Steering Angle', 'EPS_StrAng', 'ECU Assembly', 'Body Controller'],
    ]),
  );
  const names = m.entities.map((e) => e.name);
  it('proposes the signals, not the messages', () => {
    expect(names).toEqual(expect.arrayContaining(['Vehicle Speed', 'Driver Torque', 'Steering Angle']));
    expect(names).not.toContain('BCM_Vehicle_1');
    expect(names).not.toContain('EPS_Status_1');
  });
  it('takes the DBC name as an alias and the transmitter and receiver as ends', () => {
    expect(m.entities.find((e) => e.name === 'Driver Torque')?.aliases).toContain('EPS_DrvTrq');
    expect(rels(m)).toEqual(
      expect.arrayContaining([
        'body controller PROVIDES vehicle speed',
        'ecu assembly CONSUMES vehicle speed',
      ]),
    );
  });
});

describe('a ground written out', () => {
  it('is the return', () => {
    for (const g of ['Ground', 'Vehicle ground', 'Signal Ground', 'GND', 'AGND'])
      expect(isGroundName(g)).toBe(true);
    for (const n of ['Ground Station', 'Ground Support Equipment', 'Groundwater Pump'])
      expect(isGroundName(n)).toBe(false);
  });
});
