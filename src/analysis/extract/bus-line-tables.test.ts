// A bus's section tabulating its wires ("Line | Net | Driven by | Received by") gives the interface its
// lines as aliases and its ends; the lines are no signals.
import { describe, expect, it } from 'vitest';
import { busHeading } from './bus-line-tables.js';
import { doc, model, rels } from './test-helpers.js';

describe('a bus section listing its lines', () => {
  it('takes the interface from a heading that names a bus', () => {
    expect(busHeading('3.3 IF-03 Front Panel SPI')).toEqual({ name: 'Front Panel SPI', code: 'IF-03' });
    expect(busHeading('IF-03 Modem UART')).toEqual({ name: 'Modem UART', code: 'IF-03' });
    expect(busHeading('4. Discrete Signals')).toBeUndefined();
  });
  const m = model({
    name: 'icd.docx',
    doc: doc({
      tables: [
        {
          name: '3.3 IF-03 Front Panel SPI',
          location: { table: 0, section: '3.3 IF-03 Front Panel SPI' },
          rows: [
            ['Line', 'Net', 'Driven by', 'Received by', 'Description'],
            ['SCK', 'FP_SCK', 'Main MCU (U1)', 'LCD Display Module (DS1)', 'SPI clock'],
            ['MISO', 'FP_MISO', 'I/O Expander (U21)', 'Main MCU (U1)', 'Keypad state'],
            ['LCD_CS_N', 'LCD_CS_N', 'Main MCU (U1)', 'LCD Display Module (DS1)', 'Chip select'],
          ],
        },
      ],
    }),
  });
  it('proposes the lines as the interface’s names, not as signals', () => {
    expect(m.entities.filter((e) => e.entityType === 'SIGNAL')).toEqual([]);
    const spi = m.entities.find((e) => e.name === 'Front Panel SPI')!;
    expect(spi.entityType).toBe('INTERFACE');
    expect(spi.aliases).toEqual(expect.arrayContaining(['IF-03', 'SCK', 'FP_SCK', 'LCD_CS_N']));
  });
  it('puts the ends that drive and receive the lines on the interface', () => {
    expect(rels(m)).toEqual(
      expect.arrayContaining([
        'front panel spi CONNECTS main mcu',
        'front panel spi CONNECTS lcd display module',
        'front panel spi CONNECTS i o expander',
      ]),
    );
  });
});
