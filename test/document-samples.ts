// Real Office files for the readers' tests, made by the libraries hardware teams' tools resemble:
// `docx` writes a Word document with true heading styles, lists and a table; `write-excel-file`
// writes a workbook with two sheets. Made at test time, so no binary sample has to be committed.
import {
  Document,
  HeadingLevel,
  LevelFormat,
  Packer,
  Paragraph,
  Table,
  TableCell,
  TableRow,
  TextRun,
} from 'docx';
import writeXlsxFile from 'write-excel-file/node';

const cell = (text: string) => new TableCell({ children: [new Paragraph(text)] });

/** An interface control document: headings, prose, a bulleted list, a numbered list and a pin table. */
export async function makeIcdDocx(): Promise<Uint8Array> {
  const doc = new Document({
    numbering: {
      config: [
        {
          reference: 'steps',
          levels: [{ level: 0, format: LevelFormat.DECIMAL, text: '%1.' }],
        },
      ],
    },
    sections: [
      {
        children: [
          new Paragraph({ text: 'Kestrel ICD', heading: HeadingLevel.HEADING_1 }),
          new Paragraph({
            children: [
              new TextRun('The '),
              new TextRun({ text: 'EPS', bold: true }),
              new TextRun(' supplies the OBC over connector J1.'),
            ],
          }),
          new Paragraph({ text: 'Interfaces', heading: HeadingLevel.HEADING_2 }),
          new Paragraph({ text: 'I2C0 between OBC and EPS', bullet: { level: 0 } }),
          new Paragraph({ text: 'UART1 between OBC and radio', bullet: { level: 0 } }),
          new Paragraph({ text: 'Power on the EPS first', numbering: { reference: 'steps', level: 0 } }),
          new Table({
            rows: [
              new TableRow({ children: [cell('Pin'), cell('Signal'), cell('Direction')] }),
              new TableRow({ children: [cell('1'), cell('GND'), cell('-')] }),
              new TableRow({ children: [cell('3'), cell('I2C_SDA'), cell('bidirectional')] }),
            ],
          }),
          new Paragraph('End of interfaces.'),
        ],
      },
    ],
  });
  return new Uint8Array(await Packer.toBuffer(doc));
}

/** A BOM workbook: a sheet with preamble rows, numbers, a date and a blank row; a second sheet. */
export async function makeBomXlsx(): Promise<Uint8Array> {
  const buffer = await writeXlsxFile([
    {
      sheet: 'BOM',
      data: [
        [{ value: 'Kestrel EPS BOM' }],
        [{ value: 'Released' }, { value: new Date(Date.UTC(2026, 2, 2)), format: 'yyyy-mm-dd' }],
        [],
        [{ value: 'RefDes' }, { value: 'Qty' }, { value: 'MPN' }, { value: 'Description' }],
        [{ value: 'U1' }, { value: 1 }, { value: 'TPS62130RGTR' }, { value: 'Buck converter' }],
        [{ value: 'C1, C2' }, { value: 2 }, { value: 'GRM188R61E106MA73D' }, { value: '10 µF 0603' }],
      ],
    },
    {
      sheet: 'Notes',
      data: [[{ value: 'Values at 25 °C' }]],
    },
  ]).toBuffer();
  return new Uint8Array(buffer);
}

/**
 * A PDF with one page per entry of `pages`, each line set in Helvetica (a first line in 18 pt when
 * `title` is set, the rest in 10 pt), written object by object with a correct cross-reference table.
 * An empty page list entry gives a page without text, as a scan would have.
 */
export function makePdf(pages: { title?: string; lines: string[] }[]): Uint8Array {
  const objects: string[] = [];
  const add = (body: string) => objects.push(body);
  add('<< /Type /Catalog /Pages 2 0 R >>');
  const kids = pages.map((_, i) => `${4 + i * 2} 0 R`).join(' ');
  add(`<< /Type /Pages /Kids [${kids}] /Count ${pages.length} >>`);
  add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>');
  const escape = (s: string) => s.replace(/[\\()]/g, (c) => `\\${c}`);
  pages.forEach((page, i) => {
    add(
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> /Contents ${5 + i * 2} 0 R >>`,
    );
    let y = 740;
    const ops: string[] = [];
    if (page.title) ops.push(`BT /F1 18 Tf 56 ${(y -= 10)} Td (${escape(page.title)}) Tj ET`);
    for (const line of page.lines) ops.push(`BT /F1 10 Tf 56 ${(y -= 16)} Td (${escape(line)}) Tj ET`);
    const stream = ops.join('\n');
    add(`<< /Length ${Buffer.byteLength(stream, 'latin1')} >>\nstream\n${stream}\nendstream`);
  });
  let pdf = '%PDF-1.4\n';
  const offsets = objects.map((body, i) => {
    const offset = Buffer.byteLength(pdf, 'latin1');
    pdf += `${i + 1} 0 obj\n${body}\nendobj\n`;
    return offset;
  });
  const xref = Buffer.byteLength(pdf, 'latin1');
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  pdf += offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('');
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new Uint8Array(Buffer.from(pdf, 'latin1'));
}
