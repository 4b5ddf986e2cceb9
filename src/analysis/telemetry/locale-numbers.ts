// Numbers as a European locale writes them. A German or French Excel or LabVIEW export puts `;`
// between fields and a comma in numbers ("23,98"); the reader finds the `;` but reads "23,98" as
// text, so every channel became context and no fault was found (a blind set re-spelt so: recall
// 0.900 -> 0.350). A text column whose cells are numbers once the comma is a point is a channel.
import { openSync, readSync, closeSync } from 'node:fs';
import { quoteIdent as q } from './columns.js';

/** A cell that is a number with a decimal comma ("23,98", "-0,5", "1,2e-3"), or a plain integer. */
export const DECIMAL_COMMA_CELL = `^\\s*[-+]?[0-9]*(,[0-9]+)?([eE][-+]?[0-9]+)?\\s*$`;

/** SQL for a column's value read with a decimal comma. */
export const commaNumber = (column: string): string => `try_cast(replace(${q(column)}, ',', '.') AS DOUBLE)`;

/**
 * The delimiter a `;`-separated file needs named: a header with `;` and no `,`. Left to itself the
 * reader may split such a file at the decimal commas when every cell has one.
 */
export function semicolonDelimited(path: string): boolean {
  const fd = openSync(path, 'r');
  try {
    const buf = Buffer.alloc(64 * 1024);
    const n = readSync(fd, buf, 0, buf.length, 0);
    const header = buf.subarray(0, n).toString('utf8').split(/\r?\n/, 1)[0] ?? '';
    return header.includes(';') && !header.includes(',');
  } finally {
    closeSync(fd);
  }
}
