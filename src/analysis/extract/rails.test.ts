// Rails met under different names, designators of a multi-part line, and the ICD's ground and
// connector columns.
import { describe, expect, it } from 'vitest';
import { expandRefs } from './bom.js';
import { isGroundName, isPowerName, railKey, railWordKeys } from './normalise.js';
import { model, rels, tableDoc } from './test-helpers.js';

describe('rails and designators', () => {
  it('meets a net label and a worded rail by voltage and word', () => {
    expect(railWordKeys('+48V_HEATER')).toEqual(railWordKeys('48V Heater Rail'));
    expect(railWordKeys('VPUMP')).toEqual(railWordKeys('Pump Supply'));
    expect(railWordKeys('Pump Phase Power')).toEqual([]);
    expect(isPowerName('+VLOGIC')).toBe(false);
    expect(isPowerName('+VSYS')).toBe(true);
    expect(isGroundName('GND')).toBe(true);
    expect(isGroundName('GNDPWR')).toBe(true);
    expect(isGroundName('GPIO3')).toBe(false);
  });

  it('a DC or HV bus is power by its name; a bus of data is not', () => {
    expect(isPowerName('DC Bus')).toBe(true);
    expect(isPowerName('HV_BUS')).toBe(true);
    expect(isPowerName('Field Bus')).toBe(false);
    expect(isPowerName('DC Bus Voltage')).toBe(false);
    // A reading named after what it measures is no supply: "Supply Air Temperature".
    expect(isPowerName('Supply Air Temperature')).toBe(false);
    expect(isPowerName('Supply Pressure')).toBe(false);
    expect(isPowerName('Pump Supply')).toBe(true);
  });

  it('a DC voltage named alone ("24 VDC") is the rail at that voltage', () => {
    expect(isPowerName('24 VDC')).toBe(true);
    expect(isPowerName('3.3 V DC')).toBe(true);
    expect(railKey('24 VDC')).toBe(railKey('+24V'));
    expect(railKey('3.3 VDC')).toBe(railKey('3V3 Rail'));
    expect(isPowerName('24 VAC')).toBe(false);
  });

  it('a flag that reports on a rail is a signal about it, not the rail', () => {
    expect(isPowerName('PWR_FAIL')).toBe(false);
    expect(isPowerName('VIN_GOOD')).toBe(false);
    expect(isPowerName('VBAT_LOSS')).toBe(false);
    expect(isPowerName('PWR_24V')).toBe(true);
  });

  it('expands designator ranges and lists', () => {
    expect(expandRefs(['R3-R5'])).toEqual(['R3', 'R4', 'R5']);
    expect(expandRefs(['K1', 'K2'])).toEqual(['K1', 'K2']);
    expect(expandRefs(['R1-R900'])).toEqual([]);
  });

  it('reads an ICD: ground rows are not rails, the physical column gives connector CONNECTS interface', () => {
    const m = model(
      tableDoc('bom.csv', [
        ['Ref Des', 'Description', 'Qty'],
        ['K1, K2', 'Field Jacks', '2'],
        ['U9', 'Telemetry Unit', '1'],
      ]),
      tableDoc('icd.csv', [
        ['Interface', 'Protocol / layer', 'End A', 'End B', 'Physical'],
        ['Field Link', 'RS-485, 1 Mbit/s', 'Telemetry Unit', 'Shore Station', 'K1, K2'],
      ]),
      tableDoc('pins.csv', [
        ['Pin', 'Net', 'Source', 'Destination'],
        ['1', 'GND', '', ''],
        ['2', 'LINK_UP', 'Telemetry Unit', 'Shore Station'],
      ]),
    );
    expect(m.entities.some((e) => e.name === 'GND')).toBe(false);
    expect(rels(m)).toContain('field jack CONNECTS field link');
    expect(m.entities.find((e) => e.key === 'field link')?.properties.type).toBe('RS-485, 1 Mbit/s');
  });
});
