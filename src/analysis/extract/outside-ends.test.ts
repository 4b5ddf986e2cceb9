// An end a document places outside what it describes ("Plant distribution (outside scope)") or names in
// passing in lower case ("site installation") is no part of the model: the item it sends still is.
import { describe, expect, it } from 'vitest';
import { model, rels, tableDoc } from './test-helpers.js';

describe('ends outside the model', () => {
  const m = model(
    tableDoc('icd.md', [
      ['Supply', 'Net', 'Provided by', 'Consumers'],
      ['400 VAC Mains', 'L1, L2, L3', 'Plant distribution (outside scope)', 'Main Disconnect Switch'],
      ['AC Mains', 'L1/N', 'site installation', 'AC/DC Supply Module'],
      ['24V Rail', '+24V', 'Power Supply', 'PLC CPU'],
    ]),
  );
  const names = m.entities.map((e) => e.name);
  it('are not proposed', () => {
    expect(names).not.toContain('Plant distribution (outside scope)');
    expect(names).not.toContain('Plant distribution');
    expect(names).not.toContain('site installation');
  });
  it('leave the item and its named ends', () => {
    expect(rels(m)).toEqual(
      expect.arrayContaining([
        'main disconnect switch CONSUMES 400 vac main',
        'power supply PROVIDES 24v rail',
      ]),
    );
  });
});
