// A power table that names each supply in words and gives its net in a "Net" column ("24VAC Supply |
// 24VAC | Control Transformer | Controller Board, Solenoid Valve"): the supply is the rail, its net an
// alias, and every consumer listed consumes it. Read as a signal table it made a second rail named
// after the net; read as a rail table it kept the consumer list as one name.
import { describe, expect, it } from 'vitest';
import { isPowerName } from './normalise.js';
import { isPremisesSupply } from './tables.js';
import { model, rels, tableDoc, typeOf } from './test-helpers.js';

const power = tableDoc('icd.md', [
  ['Supply', 'Net', 'Provided by', 'Consumers', 'Connector'],
  ['24VAC Supply', '24VAC', 'Control Transformer', 'Controller Board, Solenoid Valve', 'J1'],
  ['12V Rail', '+12V', '12V Regulator', 'Flow Meter, Pressure Transducer', 'J4-1'],
]);
const netlistNames = tableDoc('pins.csv', [
  ['Connector', 'Pin', 'Signal', 'Direction', 'From', 'To'],
  ['J1', '1', '24VAC', 'PWR IN', 'Control Transformer', 'Controller Board'],
]);

describe('a supply table with a Net column', () => {
  const m = model(power, netlistNames);
  it('names the rail by the supply and takes the net as an alias, so the net meets it', () => {
    const rail = m.entities.find((e) => e.key === '24vac supply');
    expect(rail?.entityType).toBe('RESOURCE');
    expect(rail?.aliases).toContain('24VAC');
    expect(
      m.entities
        .filter((e) => e.entityType === 'RESOURCE')
        .map((e) => e.key)
        .sort(),
    ).toEqual(['12v rail', '24vac supply']);
  });
  it('makes each listed consumer a consumer and the provider a provider', () => {
    const r = rels(m);
    expect(r).toContain('control transformer PROVIDES 24vac supply');
    expect(r).toContain('controller board CONSUMES 24vac supply');
    expect(r).toContain('solenoid valve CONSUMES 24vac supply');
    expect(r).toContain('pressure transducer CONSUMES 12v rail');
    expect(typeOf(m, 'controller board solenoid valve')).toBeUndefined();
  });
});

describe('a line about a supply', () => {
  it('is a signal, not the supply', () => {
    expect(isPowerName('Main Supply Enable')).toBe(false);
    expect(isPowerName('28V Rail Power Good')).toBe(false);
    expect(isPowerName('Main Supply')).toBe(true);
    expect(isPowerName('12V Rail')).toBe(true);
  });
});

// "Rail | Net | Nominal | Source | Loads": the loads are its consumers, as "Consumers" or "Load" says;
// a supply with no net on the board has a dash there, which is no name of it.
describe('a rail table with a Loads column', () => {
  const m = model(
    tableDoc('icd.docx', [
      ['Rail', 'Net', 'Nominal', 'Source', 'Loads', 'Connector'],
      ['Mains Supply', '-', '230 VAC', 'Site supply', 'Line Filter (FL1), Bench Supply (PS1)', 'IEC C14'],
      ['12V Rail', '+12V', '12 V, 2 A', 'Bench Supply (PS1)', 'Pump Driver, Valve Board', 'J1'],
    ]),
  );
  it('makes each load a consumer of the rail and the source its provider', () => {
    expect(rels(m)).toEqual(
      expect.arrayContaining([
        'line filter CONSUMES main supply',
        'bench supply CONSUMES main supply',
        'bench supply PROVIDES 12v rail',
        'pump driver CONSUMES 12v rail',
        'valve board CONSUMES 12v rail',
      ]),
    );
  });
  it('takes the premises for no part: the site supply is where the product is plugged in', () => {
    expect(m.entities.map((e) => e.key)).not.toContain('site supply');
    expect(isPremisesSupply('Site Controller')).toBe(false);
    expect(isPremisesSupply('utility grid')).toBe(true);
  });
  it('takes no dash as the name of a net', () => {
    expect(m.entities.find((e) => e.name === 'Mains Supply')?.aliases).toEqual([]);
  });
});

describe('the return in a supply table', () => {
  it('is listed for its pins, not a rail anything provides or consumes', () => {
    const m = model(
      tableDoc('icd.md', [
        ['Supply', 'Net', 'Provided by', 'Consumers', 'Connector'],
        ['24V Rail', '+24V', '24V Power Supply', 'Controller Board', 'J1'],
        ['Ground', 'GND', '—', 'all', 'J1-2, J3-6'],
      ]),
    );
    expect(m.entities.map((e) => e.name)).not.toContain('Ground');
    expect(m.entities.map((e) => e.name)).not.toContain('all');
  });
});
