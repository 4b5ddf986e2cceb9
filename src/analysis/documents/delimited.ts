// CSV and TSV: one table, every row kept. BOM exports start with preamble rows (title, revision,
// date) that have fewer columns than the line items, so the column count is relaxed and the rows
// are kept as they are; finding the header row is the extractor's job.
import { parse } from 'csv-parse/sync';
import { DocumentBuilder } from './build.js';
import { splitLines } from './text-decode.js';
import { DocumentReadError, type ReadDocument } from './types.js';

export type Delimiter = ',' | ';' | '\t' | '|';
const CANDIDATES: Delimiter[] = ['\t', ',', ';', '|'];
/** Lines looked at to guess the delimiter; the head of a file is enough and keeps this O(1). */
const SNIFF_LINES = 30;

/**
 * The delimiter that splits the most of the first lines into the same number (> 1) of fields, or
 * undefined when fewer than `minAgreement` of the lines agree (then the file is not a table). Quoted fields are skipped over, so a
 * comma inside "10k, 1%" does not count.
 */
export function sniffDelimiter(text: string, minAgreement = 0.5): Delimiter | undefined {
  const lines = splitLines(text.slice(0, 64 * 1024))
    .filter((line) => line.trim() !== '')
    .slice(0, SNIFF_LINES);
  if (lines.length === 0) return undefined;
  let best: { delimiter: Delimiter; score: number } | undefined;
  for (const delimiter of CANDIDATES) {
    const counts = lines.map((line) => countOutsideQuotes(line, delimiter));
    const modal = mode(counts.filter((c) => c > 0));
    if (modal === undefined) continue;
    // Lines that agree with the most common field count; preamble lines do not, item lines do.
    const agreeing = counts.filter((c) => c === modal).length;
    const score = agreeing / lines.length;
    if (lines.length > 1 && agreeing < 2) continue;
    if (!best || score > best.score) best = { delimiter, score };
  }
  return best && best.score >= minAgreement ? best.delimiter : undefined;
}

function countOutsideQuotes(line: string, delimiter: string): number {
  let count = 0;
  let quoted = false;
  for (const ch of line) {
    if (ch === '"') quoted = !quoted;
    else if (ch === delimiter && !quoted) count++;
  }
  return count;
}

function mode(values: number[]): number | undefined {
  const tally = new Map<number, number>();
  for (const v of values) tally.set(v, (tally.get(v) ?? 0) + 1);
  let best: number | undefined;
  for (const [value, n] of tally) if (best === undefined || n > (tally.get(best) ?? 0)) best = value;
  return best;
}

export function readDelimited(text: string, delimiter: Delimiter, name?: string): ReadDocument {
  let rows: string[][];
  try {
    const parsed: unknown = parse(text, {
      delimiter,
      relax_column_count: true,
      relax_quotes: true,
      // Blank lines stay as empty rows, so a row number is the record's place in the file.
      skip_empty_lines: false,
      trim: true,
      bom: true,
    });
    rows = parsed as string[][];
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    throw new DocumentReadError(
      'corrupt',
      `This ${delimiter === '\t' ? 'TSV' : 'CSV'} file cannot be parsed: ${detail}`,
    );
  }
  const isEmpty = (row: string[]) => row.every((cell) => cell === '');
  while (rows.length > 0 && isEmpty(rows[rows.length - 1] ?? [])) rows.pop();
  if (rows.every(isEmpty)) throw new DocumentReadError('empty', 'This file has no rows.');
  const doc = new DocumentBuilder(delimiter === '\t' ? 'tsv' : 'csv');
  doc.addTable({ ...(name ? { name } : {}), rows, location: { row: 1 } });
  return doc.build();
}
