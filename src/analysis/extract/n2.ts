// N² charts: a cell holds what the element of its row sends to the element of its column. Two layouts
// are common: a header row and column of element names (with a corner cell), and the classic diagonal
// form with the elements on the diagonal and no header at all. Several items in one cell are listed
// with ";" or ",", and an item may be power (a resource) as well as data (a signal).
import type { MentionSink } from './builder.js';
import { findHeader } from './columns.js';
import { n2Cell } from './n2-cells.js';
import { isPowerName, splitAcronym } from './normalise.js';
import type { Provenance } from './types.js';

type Prov = (row: number, extractor: string) => Provenance;

/** A named endpoint of an interface or a flow ("EPS (Electrical Power System)" keeps its alias). */
export function endpoint(text: string, p: Provenance, sink: MentionSink): string {
  // "Plant distribution (outside scope)", "site installation": an end the document places outside
  // what it describes, or names in passing in lower case, is no part of the model.
  // A description whose first word is lower case keeps it so with an acronym inside ("vessel DC
  // panel"): a named unit starts with a capital.
  // So does a phrase of three words or more that opens in lower case ("all 12V Bus loads on mains
  // failure"): it describes a set of units, which the rows naming them give one by one.
  if (
    OUTSIDE_SCOPE.test(text) ||
    /^[a-z]+(\s[a-zA-Z -]*)?$/.test(text.trim()) ||
    (/^[a-z]+\s/.test(text.trim()) && text.trim().split(/\s+/).length >= 3) ||
    sentenceCase(text)
  )
    return '';
  // "RCM (J3)", "RCM:J3", "RCM / X2-4", "Battery Pack (via J1)": the connector or pin an end is
  // reached at is not its name. Nor are IEC 81346 designations ("PLC CPU (-A1)", "E-Stop (-S1, -S2)").
  const bare = text
    .replace(
      /\s*\((?:(?:via|through|thru)\s+)?(?:[-=+]?[A-Z]{1,3}\d{1,3}[A-Z]?)(?:\s*(?:,|\.\.\.?|…|–|to)\s*[-=+]?[A-Z]{1,3}\d{1,3}[A-Z]?)*(?:[-.:]\s*\d[\d/,.]*)?\)\s*$/i,
      '',
    )
    .replace(/\s*[:/]\s*[A-Z]{1,3}\d{1,3}[A-Z]?(?:[-.]\d[\d/,.]*)?\s*$/, '')
    // "PS1 +V", "T1 2", "K1 A1": a designator and the terminal on it is the designated part.
    .replace(/^([-=+]?[A-Z]{1,3}\d{1,3}[A-Z]?)\s+(?:[+-][A-Za-z0-9]{0,3}|\d{1,2}|[A-Z]\d{1,2})$/, '$1')
    .trim();
  const { name, acronym } = splitAcronym(bare || text);
  return sink.entity(name, 'SUBSYSTEM', p, { aliases: [acronym], weight: 0.4 });
}

/**
 * "Site DC plant", "Mains inlet (cabinet wiring)": written in sentence case, a description of where a
 * supply comes from; a unit's name is capitalised word by word ("Power Supply Module").
 */
const sentenceCase = (text: string): boolean => {
  const words = text
    .replace(/\([^)]*\)/g, ' ')
    .trim()
    .split(/\s+/);
  return (
    words.length >= 2 &&
    /^[A-Z][a-z]/.test(words[0]!) &&
    words.slice(1).some((w) => /^[a-z]{3,}$/.test(w) && !/^(and|for|the|with|from|into|over|via)$/.test(w))
  );
};

const OUTSIDE_SCOPE =
  /\((outside (the )?scope|out of scope|not in scope|by others|not supplied|(customer|installer|yard)[- ]supplied|by (the )?(installer|customer|owner|yard|shipyard))\)\s*$/i;

const EMPTY_CELL = /^(-|—|x|n\/a|0)$/i;

/** The row element PROVIDES each item of the cell, the column element CONSUMES it. */
function cellFlows(
  from: string,
  to: string,
  cell: string,
  p: Provenance,
  sink: MentionSink,
  known?: Set<string>,
): void {
  const what = cell.trim();
  if (!from || !to || !what || to.toLowerCase() === from.toLowerCase() || EMPTY_CELL.test(what)) return;
  const source = endpoint(from, p, sink);
  const target = endpoint(to, p, sink);
  const { iface, items } = n2Cell(what, known);
  // "IF-01: …": both elements are on the interface the cell names.
  if (iface) {
    const on = sink.entity(iface, 'INTERFACE', p, { weight: 0.5 });
    sink.relate(source, on, 'CONNECTS', p);
    sink.relate(target, on, 'CONNECTS', p);
  }
  for (const { name, alias, connector } of items) {
    const power = isPowerName(name) || /\b(power|energy)\b/i.test(name) || (!!alias && isPowerName(alias));
    const flow = sink.entity(name, power ? 'RESOURCE' : 'SIGNAL', p, { aliases: [alias], weight: 1 });
    sink.relate(source, flow, 'PROVIDES', p);
    sink.relate(target, flow, 'CONSUMES', p);
    if (connector) sink.relate(sink.entity(connector, 'COMPONENT', p, { weight: 0.3 }), flow, 'CONNECTS', p);
  }
}

/** N² matrix: the header row's names (after the corner cell) mostly repeat down the first column. */
export function isN2Matrix(rows: string[][]): boolean {
  if (rows.length < 3) return false;
  // A dash is an empty cell, not a name the first column repeats.
  const head = rows[0]!.slice(1).filter((c) => c.trim() && !EMPTY_CELL.test(c.trim()));
  const firstCol = new Set(rows.slice(1).map((r) => (r[0] ?? '').trim().toLowerCase()));
  const shared = head.filter((h) => firstCol.has(h.trim().toLowerCase())).length;
  return head.length >= 2 && shared >= Math.max(2, head.length * 0.6);
}

/**
 * The row of an N² matrix's header: the first, or one under a few preamble rows (a title, "Read
 * across: the row unit sends to the column unit", a blank row); -1 when the table is no N² matrix.
 */
export function n2HeaderRow(rows: string[][]): number {
  if (isN2Matrix(rows)) return 0;
  // Under a preamble the square must be plain: three or more units, nearly all repeated down the side
  // (a cover sheet's "Document | Rev" rows above a revision list repeat a letter or two by chance).
  for (let i = 1; i < Math.min(rows.length, 6); i++) {
    const head = rows[i]!.slice(1).filter((c) => c.trim() && !EMPTY_CELL.test(c.trim()));
    const side = new Set(rows.slice(i + 1).map((r) => (r[0] ?? '').trim().toLowerCase()));
    const shared = head.filter((h) => side.has(h.trim().toLowerCase())).length;
    if (head.length >= 3 && shared >= 0.8 * head.length) return i;
  }
  return -1;
}

export function extractN2(
  rows: string[][],
  prov: Prov,
  sink: MentionSink,
  known?: Set<string>,
  headerRow = 0,
): void {
  const head = rows[headerRow]!;
  rows.slice(headerRow + 1).forEach((cells, i) => {
    const from = (cells[0] ?? '').trim();
    const p = prov(headerRow + i + 2, 'n2_matrix');
    cells.slice(1).forEach((cell, j) => cellFlows(from, (head[j + 1] ?? '').trim(), cell, p, sink, known));
  });
}

export interface DiagonalN2 {
  /** Index of the first row of the square. */
  start: number;
  rows: string[][];
}

const width = (r: string[]): number => {
  let w = r.length;
  while (w > 0 && !(r[w - 1] ?? '').trim()) w--;
  return w;
};

/**
 * The diagonal form: k consecutive rows, k ≥ 3, each with a name in its diagonal cell and nothing past
 * column k, at least one row k wide, distinct names, and mostly empty cells off the diagonal (a dense
 * table is a list, not an N² chart). Preamble rows above the square are allowed; a table with a real
 * header row is never read this way.
 */
export function findDiagonalN2(rows: string[][]): DiagonalN2 | undefined {
  const header = findHeader(rows);
  if (header && header.columns.size >= 3) return undefined;
  for (let s = 0; s < Math.min(rows.length, 12); s++) {
    let k = 0;
    while (s + k < rows.length && /[A-Za-z]/.test(rows[s + k]![k] ?? '') && !/;/.test(rows[s + k]![k]!)) k++;
    if (k < 3) continue;
    const square = rows.slice(s, s + k);
    const widths = square.map(width);
    if (widths.some((w) => w > k) || !widths.includes(k)) continue;
    const names = square.map((r, i) => r[i]!.trim().toLowerCase());
    if (new Set(names).size !== k) continue;
    // A dash is an empty cell written out.
    const off = square.reduce(
      (n, r, i) => n + r.filter((c, j) => j !== i && j < k && c.trim() && !EMPTY_CELL.test(c.trim())).length,
      0,
    );
    if (off > 0.6 * k * (k - 1)) continue;
    return { start: s, rows: square };
  }
  return undefined;
}

export function extractDiagonalN2(n2: DiagonalN2, prov: Prov, sink: MentionSink, known?: Set<string>): void {
  const names = n2.rows.map((r, i) => r[i]!.trim());
  n2.rows.forEach((cells, i) => {
    const p = prov(n2.start + i + 1, 'n2_matrix');
    endpoint(names[i]!, p, sink);
    cells.forEach((cell, j) => {
      if (j !== i && j < names.length) cellFlows(names[i]!, names[j]!, cell, p, sink, known);
    });
  });
}
