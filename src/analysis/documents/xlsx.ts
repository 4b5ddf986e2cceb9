// XLSX through read-excel-file: pure JavaScript (fflate + a SAX parser), no native code, no
// post-install step, Node >= 18, and it reads every sheet in one call. Chosen over exceljs 4, which
// also works but brings ~50 transitive packages (archiver, unzipper, …) for writing and styling that a
// reader does not need. Every sheet becomes one table with `sheet` set; cells keep the text the
// spreadsheet shows for numbers (parseNumber returns the string) so "0603" and "1.10" survive.
import readXlsxFile from 'read-excel-file/node';
import { DocumentBuilder, normaliseSpace } from './build.js';
import type { ReadDocument } from './types.js';

export async function readXlsx(bytes: Uint8Array): Promise<ReadDocument> {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const sheets = await readXlsxFile<string>(buffer, { parseNumber: (text) => text });
  const doc = new DocumentBuilder('xlsx');
  for (const { sheet, data } of sheets) {
    const rows = data.map((row) => row.map(cellText));
    // Drop trailing empty rows and columns that formatting leaves behind; keep every row between.
    while (rows.length > 0 && (rows[rows.length - 1] ?? []).every((cell) => cell === '')) rows.pop();
    if (rows.length === 0) continue;
    doc.addTable({ name: sheet, rows: rows.map(trimRow), location: { sheet, row: 1 } });
  }
  return doc.build();
}

function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) {
    const iso = value.toISOString();
    return iso.endsWith('T00:00:00.000Z') ? iso.slice(0, 10) : iso;
  }
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean'
    ? normaliseSpace(String(value))
    : '';
}

function trimRow(row: string[]): string[] {
  let end = row.length;
  while (end > 0 && row[end - 1] === '') end--;
  return row.slice(0, end);
}
