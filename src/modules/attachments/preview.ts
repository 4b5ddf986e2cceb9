// Structured previews for tabular files: the columns and first rows of a CSV, the same for a JSON
// array of objects, or the keys of a JSON object. Built from the first MiB only, so a 200 MB log
// previews as fast as a small one. `complete` tells a client whether the preview shows the whole
// file: every row (at most PREVIEW_ROWS of them) or every key. It is false when rows were left out,
// either beyond the first PREVIEW_ROWS or beyond the first MiB.
import { parse } from 'csv-parse/sync';

export const PREVIEW_BYTES = 1024 * 1024;
export const PREVIEW_ROWS = 20;

export type Preview =
  | { format: 'csv'; columns: string[]; rows: string[][]; complete: boolean }
  | { format: 'json'; columns: string[]; rows: unknown[]; complete: boolean }
  | { format: 'json'; keys: string[]; complete: true };

/** `head` is the first bytes of the file; `wholeFile` says whether it is all of it. */
export function buildPreview(type: string, head: Buffer, wholeFile: boolean): Preview | null {
  try {
    if (type === 'csv') return csvPreview(head, wholeFile);
    if (type === 'json' && wholeFile) return jsonPreview(head);
  } catch {
    // A file named .csv or .json that does not parse is still stored; it just has no preview.
  }
  return null;
}

function csvPreview(head: Buffer, wholeFile: boolean): Preview | null {
  let text = head.toString('utf8').replace(/^\uFEFF/, '');
  // A cut file ends mid-line (maybe mid-character): keep whole lines only.
  if (!wholeFile) text = text.slice(0, text.lastIndexOf('\n') + 1);
  // The header, the rows shown, and one more: its presence says rows were left out.
  const records: string[][] = parse(text, {
    relax_column_count: true,
    skip_empty_lines: true,
    to: PREVIEW_ROWS + 2,
  });
  const [columns, ...rows] = records;
  if (!columns) return null;
  const more = rows.length > PREVIEW_ROWS;
  return { format: 'csv', columns, rows: rows.slice(0, PREVIEW_ROWS), complete: wholeFile && !more };
}

function jsonPreview(head: Buffer): Preview | null {
  const value: unknown = JSON.parse(head.toString('utf8'));
  if (Array.isArray(value)) {
    const rows: unknown[] = value.slice(0, PREVIEW_ROWS);
    const columns = [
      ...new Set(
        rows.flatMap((r) => (r && typeof r === 'object' && !Array.isArray(r) ? Object.keys(r) : [])),
      ),
    ];
    return { format: 'json', columns, rows, complete: value.length <= PREVIEW_ROWS };
  }
  if (value && typeof value === 'object') return { format: 'json', keys: Object.keys(value), complete: true };
  return null;
}
