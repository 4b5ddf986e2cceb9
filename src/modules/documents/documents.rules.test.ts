import { describe, expect, it } from 'vitest';
import { baseName, uniqueName } from './documents.rules.js';

describe('baseName', () => {
  it('drops directories and the extension, keeps inner dots and spaces', () => {
    expect(baseName('BOM rev C.xlsx')).toBe('BOM rev C');
    expect(baseName('C:\\work\\icd.v2.pdf')).toBe('icd.v2');
    expect(baseName('.env')).toBe('.env');
  });

  it('never answers an empty name', () => {
    expect(baseName('.pdf ')).not.toBe('');
    expect(baseName('   ')).toBe('Documents');
  });
});

describe('uniqueName', () => {
  it('answers the base when free, else the first free numbered name, case-insensitively', () => {
    expect(uniqueName('Rover', new Set())).toBe('Rover');
    expect(uniqueName('Rover', new Set(['rover']))).toBe('Rover (2)');
    expect(uniqueName('Rover', new Set(['rover', 'rover (2)', 'rover (4)']))).toBe('Rover (3)');
  });
});
