// PDF writers mark paragraphs and table ends by space, not by empty lines: the reader splits
// paragraphs at a wider step down the page, keeps a sentence in one block, reads two-column
// key/value tables and cells wrapped onto a second line, and ends a table where a gap opens.
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { readDocument } from './read.js';

type Run = { y: number; cells: [number, string][]; size?: number };

async function pdfWith(lines: Run[]): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const page = pdf.addPage([842, 595]);
  for (const line of lines)
    for (const [x, text] of line.cells) page.drawText(text, { x, y: line.y, size: line.size ?? 10, font });
  return pdf.save();
}

const prose = (y: number, text: string, size = 10): Run => ({ y, cells: [[40, text]], size });

describe('PDF paragraphs', () => {
  it('starts a paragraph at a wider step down, not at every line', async () => {
    const doc = await readDocument(
      await pdfWith([
        prose(500, 'The Power Unit supplies the 5V Rail to the'),
        prose(487, 'Flight Computer.'),
        prose(467, 'The Radio Board is powered from the'),
        prose(454, '5V Rail.'),
      ]),
      'dd.pdf',
    );
    expect(doc.blocks.map((b) => b.text.replace(/\n/g, ' '))).toEqual([
      'The Power Unit supplies the 5V Rail to the Flight Computer.',
      'The Radio Board is powered from the 5V Rail.',
    ]);
  });

  it('keeps lines set at one step in one paragraph', async () => {
    const doc = await readDocument(
      await pdfWith([prose(500, 'The Power Unit supplies the'), prose(487, '5V Rail.')]),
      'dd.pdf',
    );
    expect(doc.blocks).toHaveLength(1);
  });

  it('cuts a long paragraph only where a sentence ends', async () => {
    const line = 'The Power Unit supplies the 5V Rail to the Flight Computer and the';
    const lines = Array.from({ length: 14 }, (_, k) => prose(540 - k * 13, k === 13 ? 'Radio Board.' : line));
    const doc = await readDocument(await pdfWith(lines), 'dd.pdf');
    expect(doc.blocks).toHaveLength(1);
    expect(doc.blocks[0]!.text.endsWith('Radio Board.')).toBe(true);
  });

  it('reads the short last line of a paragraph as text, not a heading, beside smaller tables', async () => {
    const small = (y: number, a: string, b: string, c: string): Run => ({
      y,
      cells: [
        [40, a],
        [200, b],
        [360, c],
      ],
      size: 7,
    });
    const doc = await readDocument(
      await pdfWith([
        prose(540, 'The Power Unit supplies the 5V Rail to the Flight Computer and to the'),
        prose(527, 'Radio Board.'),
        small(500, 'Signal', 'From', 'To'),
        ...Array.from({ length: 8 }, (_, k) =>
          small(489 - k * 11, `Telemetry Frame Number ${k}`, 'Radio Board', 'Flight Computer'),
        ),
      ]),
      'dd.pdf',
    );
    expect(doc.blocks.map((b) => b.kind)).toEqual(['paragraph']);
  });
});

describe('PDF tables', () => {
  it('reads a two-column key/value table', async () => {
    const kv = (y: number, k: string, v: string): Run => ({
      y,
      cells: [
        [40, k],
        [160, v],
      ],
    });
    const doc = await readDocument(
      await pdfWith([
        kv(500, 'Property', 'Value'),
        kv(487, 'Side A', 'Main Controller'),
        kv(474, 'Side B', 'Telemetry Radio'),
      ]),
      'icd.pdf',
    );
    expect(doc.tables.map((t) => t.rows)).toEqual([
      [
        ['Property', 'Value'],
        ['Side A', 'Main Controller'],
        ['Side B', 'Telemetry Radio'],
      ],
    ]);
  });

  it('joins a cell wrapped onto the next line to its row, and ends the table at a gap', async () => {
    const row = (y: number, cells: [number, string][]): Run => ({ y, cells });
    const doc = await readDocument(
      await pdfWith([
        row(500, [
          [40, 'Signal'],
          [160, 'From'],
          [300, 'To'],
        ]),
        row(487, [
          [40, 'Rotor Speed'],
          [160, 'Wheel Speed'],
          [300, 'Flight Computer'],
        ]),
        row(474, [[160, 'Sensor']]),
        row(461, [
          [40, 'Heartbeat'],
          [160, 'Radio Board'],
          [300, 'Flight Computer'],
        ]),
        row(430, [
          [40, 'Pin'],
          [160, 'Net'],
          [300, 'Direction'],
        ]),
        row(417, [
          [40, '1'],
          [160, 'CAN_H'],
          [300, 'bidirectional'],
        ]),
        row(404, [
          [40, '2'],
          [160, 'CAN_L'],
          [300, 'bidirectional'],
        ]),
      ]),
      'io.pdf',
    );
    expect(doc.tables.map((t) => t.rows)).toEqual([
      [
        ['Signal', 'From', 'To'],
        ['Rotor Speed', 'Wheel Speed Sensor', 'Flight Computer'],
        ['Heartbeat', 'Radio Board', 'Flight Computer'],
      ],
      [
        ['Pin', 'Net', 'Direction'],
        ['1', 'CAN_H', 'bidirectional'],
        ['2', 'CAN_L', 'bidirectional'],
      ],
    ]);
  });
});
