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
