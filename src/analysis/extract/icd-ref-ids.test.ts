// "Ref | Interface | Standard / Medium | From | To | Connector": an interface summary's Ref column holds
// the links' ids ("IF1", "IF2"), which look like designators; with end columns and no quantity, part
// number or maker the table lists links, not parts.
import { describe, expect, it } from 'vitest';
import { model, rels, tableDoc } from './test-helpers.js';

describe('an interface summary headed Ref', () => {
  const m = model(
    tableDoc('icd.docx', [
      ['Ref', 'Interface', 'Standard / Medium', 'From', 'To', 'Connector', 'Remarks'],
      ['IF1', 'NMEA 0183 Link', 'RS-422, 38400 Bd', 'Main Board', 'Chartplotter', 'J1', 'high-speed'],
      ['IF2', 'Service USB', 'USB 2.0 FS', 'Service PC', 'Main Board', 'J5', ''],
    ]),
  );

  it('reads the rows as interfaces with their ends, not as parts named IF1, IF2', () => {
    const names = m.entities.map((e) => e.name);
    expect(names).not.toContain('IF1');
    expect(names).not.toContain('IF2');
    expect(m.entities.find((e) => e.name === 'NMEA 0183 Link')?.entityType).toBe('INTERFACE');
    expect(rels(m)).toEqual(
      expect.arrayContaining(['chartplotter CONNECTS nmea 0183 link', 'main board CONNECTS service usb']),
    );
  });

  it('still reads a BOM whose Ref column holds designators', () => {
    const bom = model(
      tableDoc('bom.csv', [
        ['Ref', 'Description', 'Qty', 'MPN'],
        ['U1', 'Baseband Processor', '1', 'STM32H743'],
      ]),
    );
    expect(bom.entities.find((e) => e.name === 'Baseband Processor')?.aliases).toContain('U1');
  });
});
