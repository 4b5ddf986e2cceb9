// A signal table beside an interface table: "Carried on" names interfaces by id (one or a list), and a
// plain "Net" column gives the schematic net the signal is.
import { describe, expect, it } from 'vitest';
import { model, tableDoc } from './test-helpers.js';

const signals = tableDoc('icd.md', [
  ['Signal', 'Carried on', 'Net', 'Source', 'Destination'],
  ['Wind Speed', 'discrete', 'WIND_PULSE', 'Anemometer', 'Logger MCU'],
  ['Observation Report', 'IF-2, IF-5', '', 'Logger MCU', 'Cloud Service'],
  ['Air Temperature', 'Sensor Bus', '', 'Probe', 'Logger MCU'],
]);

describe('signal tables', () => {
  it('takes a plain Net column as the signal’s net name', () => {
    const m = model(signals);
    expect(m.entities.find((e) => e.name === 'Wind Speed')?.aliases).toContain('WIND_PULSE');
  });

  it('makes no interface of a list of interface ids, but does of a named carrier', () => {
    const names = model(signals)
      .entities.filter((e) => e.entityType === 'INTERFACE')
      .map((e) => e.name);
    expect(names).toEqual(['Sensor Bus']);
  });
});
