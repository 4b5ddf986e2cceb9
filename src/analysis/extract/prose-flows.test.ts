// Prose patterns of supply and exchange that design descriptions use: conversions, relative clauses,
// pronouns, compound subjects, recipients, and acronyms defined with a lower-case expansion.
import { describe, expect, it } from 'vitest';
import { model, proseDoc, rels, tableDoc } from './test-helpers.js';

const bom = tableDoc('bom.csv', [
  ['RefDes', 'Description', 'Qty'],
  ['U1', 'Boost Stage', '1'],
  ['U2', 'Lamp Drivers', '1'],
  ['U3', 'Host CPU Module', '1'],
  ['U4', 'Fan Unit', '1'],
  ['U5', 'Light Sensor', '1'],
  ['U6', 'Lens Motor', '1'],
  ['U7', 'Focus Ring', '1'],
]);

describe('prose flows', () => {
  it('reads conversions, ", which powers", compound subjects and "runs on"', () => {
    const m = model(
      bom,
      proseDoc(
        'd.md',
        'The Boost Stage converts the 12V Input Rail into the 40V Lamp Supply, which powers the Lamp Drivers.',
        'The Host CPU Module and the Fan Unit run on the 12V Input Rail.',
      ),
    );
    expect(rels(m)).toEqual(
      expect.arrayContaining([
        'boost stage CONSUMES 12v input rail',
        'boost stage PROVIDES 40v lamp supply',
        'lamp driver CONSUMES 40v lamp supply',
        'host cpu module CONSUMES 12v input rail',
        'fan unit CONSUMES 12v input rail',
      ]),
    );
  });

  it('reads recipients: "sends it a Y", "to it", and stops a list at the next clause', () => {
    const m = model(
      bom,
      proseDoc(
        'd.md',
        'The Light Sensor sends Light Data to the Host CPU Module, and the Fan Unit provides the Fan Status to it.',
        'The Lens Motor talks to the Host CPU Module and sends it a Position Data. It turns the Focus Ring.',
        'The Host CPU Module uses a central processing unit (CPU) that commands the Lamp Drivers.',
      ),
    );
    const r = rels(m);
    expect(r).toEqual(
      expect.arrayContaining([
        'light sensor PROVIDES light data',
        'host cpu module CONSUMES light data',
        'fan unit PROVIDES fan status',
        'host cpu module CONSUMES fan status',
        'len motor PROVIDES position data',
        'host cpu module CONSUMES position data',
        'len motor INFLUENCES focus ring',
      ]),
    );
    expect(r).not.toContain('fan unit CONSUMES light data');
  });
});
