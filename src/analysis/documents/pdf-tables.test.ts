// Tables in PDFs are positioned text: the reader rebuilds them from where each run of text starts,
// so an I/O list or a load table in a PDF reaches the extractor as rows, not as run-on prose.
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { readDocument } from './read.js';

async function pdfWith(lines: { y: number; cells: [number, string][] }[]): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const page = pdf.addPage([842, 595]);
  for (const line of lines)
    for (const [x, text] of line.cells) page.drawText(text, { x, y: line.y, size: 10, font });
  return pdf.save();
}

describe('readDocument on PDF tables', () => {
  it('reads cells by their column starts, leaves blank cells empty and keeps prose out of the table', async () => {
    const bytes = await pdfWith([
      { y: 540, cells: [[40, 'The schedule below lists the field signals.']] },
      {
        y: 510,
        cells: [
          [40, 'Tag'],
          [120, 'Signal'],
          [260, 'From'],
          [340, 'To'],
        ],
      },
      {
        y: 492,
        cells: [
          [40, 'TT-1'],
          [120, 'Kiln Temperature'],
          [260, 'TT-1'],
          [340, 'KC'],
        ],
      },
      {
        y: 474,
        cells: [
          [40, 'BV-2'],
          [120, 'Burner Command'],
          [340, 'BV-2'],
        ],
      },
      { y: 450, cells: [[40, 'Signals are 4-20 mA unless the table says otherwise.']] },
    ]);
    const doc = await readDocument(bytes, 'io.pdf');
    expect(doc.tables.map((t) => t.rows)).toEqual([
      [
        ['Tag', 'Signal', 'From', 'To'],
        ['TT-1', 'Kiln Temperature', 'TT-1', 'KC'],
        ['BV-2', 'Burner Command', '', 'BV-2'],
      ],
    ]);
    expect(doc.tables[0]!.location.page).toBe(1);
    expect(doc.blocks.map((b) => b.text)).toEqual([
      'The schedule below lists the field signals.',
      'Signals are 4-20 mA unless the table says otherwise.',
    ]);
  });

  it('takes two lines of several words set in one run as prose, not a table', async () => {
    const bytes = await pdfWith([
      { y: 510, cells: [[40, 'The controller reads the kiln temperature.']] },
      { y: 492, cells: [[40, 'It drives the burner valve.']] },
    ]);
    const doc = await readDocument(bytes, 'prose.pdf');
    expect(doc.tables).toEqual([]);
    expect(doc.blocks).toHaveLength(1);
  });
});

describe('readDocument on a PDF table whose cell runs up to the next column', () => {
  it('splits the cell where the next column starts', async () => {
    // "Sensor Supply Converter (U7)" at 10 pt ends about 4 points before the Users column starts:
    // closer than the gap that parts cells, so the two were read as one.
    const bytes = await pdfWith([
      {
        y: 510,
        cells: [
          [40, 'Supply'],
          [140, 'Source'],
          [277, 'Users'],
        ],
      },
      {
        y: 492,
        cells: [
          [40, '12V Sensor'],
          [140, 'Sensor Supply Converter (U7)'],
          [277, 'Wheel Sensor Unit'],
        ],
      },
      {
        y: 474,
        cells: [
          [40, '5V Logic'],
          [140, 'Logic Regulator (U8)'],
          [277, 'Evaluator MCU A'],
        ],
      },
    ]);
    const doc = await readDocument(bytes, 'power.pdf');
    expect(doc.tables.map((t) => t.rows)).toEqual([
      [
        ['Supply', 'Source', 'Users'],
        ['12V Sensor', 'Sensor Supply Converter (U7)', 'Wheel Sensor Unit'],
        ['5V Logic', 'Logic Regulator (U8)', 'Evaluator MCU A'],
      ],
    ]);
  });
});
