// "…through the LTE Modem, which it drives across the Modem UART": the relative pronoun is the verb's
// object and "it" its subject. "the Lock Driver Board energises one Door Lock Solenoid": a board that
// energises a coil switches it, as a driver does, and "one" is a determiner.
import { describe, expect, it } from 'vitest';
import { model, proseDoc, rels, tableDoc } from './test-helpers.js';

const bom = tableDoc('bom.csv', [
  ['Item', 'Description', 'Qty'],
  ['1', 'Application Processor', '1'],
  ['2', 'LTE Modem', '1'],
  ['3', 'Lock Driver Board', '1'],
  ['4', 'Door Lock Solenoid', '24'],
]);

describe('objects written before their verb, and boards that energise', () => {
  const m = model(
    bom,
    proseDoc(
      'dd.docx',
      'The Application Processor hosts the application. It reaches the server through the LTE Modem, which it drives across the Modem UART.',
      'For each door the Lock Driver Board energises one Door Lock Solenoid (L1-L24) with a Solenoid Pulse.',
    ),
  );
  it('reads ", which it drives" as the subject driving the name before the comma', () => {
    expect(rels(m)).toContain('application processor INFLUENCES lte modem');
  });
  it('reads a board energising a solenoid as control', () => {
    expect(rels(m)).toContain('lock driver board INFLUENCES door lock solenoid');
  });
});
