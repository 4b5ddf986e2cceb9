// A BOM with no name column, named by its Description: the noun before the first comma names a line
// when only specifications follow and no other line starts with it; a line named an assembly with
// nothing listed under it in a levelled BOM is a component.
import { describe, expect, it } from 'vitest';
import { nounQualifierAlias } from './bom-heads.js';
import { model, tableDoc, typeOf } from './test-helpers.js';

const header = ['Level', 'Part No.', 'Description', 'Qty', 'Ref Des'];

describe('BOM descriptions as names', () => {
  it('takes a one-word noun followed by specifications as the name only when no other line shares it', () => {
    expect(nounQualifierAlias('Housing, Al 6061, alodine', true)).toBe('Housing');
    expect(nounQualifierAlias('Housing, Al 6061, alodine', false)).toBeUndefined();
    expect(nounQualifierAlias('Pump, Coolant', true)).toBe('Coolant Pump');
    expect(nounQualifierAlias('Sun Baffle, 2-stage, black anodised', true)).toBe('Sun Baffle');
  });

  it('lets the housing meet another document’s "Housing", and two capacitor lines stay two', () => {
    const m = model(
      tableDoc('bom.xlsx', [
        header,
        ['0', 'T-100', 'Star Tracker', '1', ''],
        ['.1', 'T-110', 'Housing, Al 6061, alodine', '1', ''],
        ['.1', 'T-120', 'Capacitor, 100 nF 0402', '4', 'C1-C4'],
        ['.1', 'T-130', 'Capacitor, 10 uF 0805', '2', 'C5-C6'],
      ]),
      tableDoc('mass.csv', [
        ['Item', 'Parent', 'Mass (g)', 'Qty'],
        ['Housing', 'Star Tracker', '40', '1'],
      ]),
    );
    const housings = m.entities.filter((e) => /housing/i.test(e.name));
    expect(housings).toHaveLength(1);
    expect(housings[0]!.name).toBe('Housing');
    expect(housings[0]!.aliases).toContain('Housing, Al 6061, alodine');
    expect(m.entities.filter((e) => /^capacitor/i.test(e.name))).toHaveLength(2);
  });
});

describe('BOM lines shown by their plain names', () => {
  it('with no name column shows a line by the name its description starts with', () => {
    const m = model(
      tableDoc('bom.xlsx', [
        header,
        ['0', 'T-100', 'Star Tracker', '1', ''],
        ['.1', 'T-110', 'Attitude Processor, SoC FPGA, Zynq-7020', '1', 'U1'],
        ['.1', 'T-120', 'Pump, Coolant', '1', 'P1'],
      ]),
    );
    const processor = m.entities.find((e) => e.aliases.includes('U1'))!;
    expect(processor.name).toBe('Attitude Processor');
    expect(processor.description).toBe('Attitude Processor, SoC FPGA, Zynq-7020');
    expect(m.entities.find((e) => e.aliases.includes('P1'))!.name).toBe('Coolant Pump');
  });

  it('keeps a Name column’s name as it is written', () => {
    const m = model(
      tableDoc('bom.csv', [
        ['Level', 'Name', 'Description', 'Qty', 'Ref Des'],
        ['0', 'Star Tracker', '', '1', ''],
        ['1', 'Processor, Attitude', 'SoC FPGA', '1', 'U1'],
      ]),
    );
    expect(m.entities.find((e) => e.aliases.includes('U1'))!.name).toBe('Processor, Attitude');
  });
});

describe('assemblies in a levelled BOM', () => {
  it('a line named an assembly with nothing under it is a component; one with lines under it is not', () => {
    const m = model(
      tableDoc('bom.xlsx', [
        header,
        ['0', 'T-100', 'Star Tracker', '1', ''],
        ['.1', 'T-110', 'Optical Head Assembly', '1', ''],
        ['..2', 'T-111', 'Lens Assembly, 25 mm f/1.2', '1', ''],
        ['..2', 'T-112', 'Sun Baffle, 2-stage', '1', ''],
      ]),
    );
    expect(typeOf(m, 'optical head assembly')).toBe('SUBSYSTEM');
    expect(m.entities.find((e) => /^Lens Assembly/.test(e.name))?.entityType).toBe('COMPONENT');
  });

  it('an assembly a section-by-section BOM lists without levels keeps its type', () => {
    const m = model(
      tableDoc('bom.csv', [
        ['Description', 'Qty', 'Ref Des'],
        ['Lens Assembly, 25 mm f/1.2', '1', ''],
        ['Boot Flash, QSPI NOR', '1', 'U2'],
      ]),
    );
    expect(m.entities.find((e) => /^Lens Assembly/.test(e.name))?.entityType).toBe('SUBSYSTEM');
  });
});
