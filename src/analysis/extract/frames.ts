// A bus message catalogue lists frames ("CAN ID | Message | Transmitter | Receivers | DLC") and then
// the signals packed in them ("Signal | CAN ID | Start bit | … | Producer | Consumer"). The signals
// are the items a metagraph models; a frame is only their envelope, and its transmitter and
// receivers are node-level ends already said, signal by signal, in the signal table. So a frame
// table is read only when no signal table in the same document refers to its frames by id.
import { findHeader } from './columns.js';
import type { DocumentTable } from '../documents/types.js';

const FRAME_HEADER = /^(message|message name|frame|frame name|pdu|pdu name|pgn name)$/i;
const ID_HEADER = /^((can|message|msg|frame|pdu|arbitration)\s*)?(id|identifier)$|^pgn$/i;

const cellsOf = (table: DocumentTable, index: number, c: number): string[] =>
  table.rows
    .slice(index + 1)
    .map((r) => (r[c] ?? '').trim().toLowerCase())
    .filter((v) => v && !/^(-|–|—)$/.test(v));

/** The ids a frame table gives its frames, when it is one: undefined otherwise. */
function frameIds(table: DocumentTable): Set<string> | undefined {
  const header = findHeader(table.rows);
  const c = header?.columns.get('signal');
  if (!header || c === undefined || !FRAME_HEADER.test((header.cells[c] ?? '').trim())) return undefined;
  const id = header.cells.findIndex((h) => ID_HEADER.test(h.trim()));
  return id < 0 ? undefined : new Set(cellsOf(table, header.index, id));
}

/** A table of signals with a column of frame ids, most of them ids the frame table lists. */
function refersTo(table: DocumentTable, ids: Set<string>): boolean {
  const header = findHeader(table.rows);
  const c = header?.columns.get('signal');
  if (!header || c === undefined || FRAME_HEADER.test((header.cells[c] ?? '').trim())) return false;
  return header.cells.some((h, i) => {
    if (!ID_HEADER.test(h.trim())) return false;
    const refs = cellsOf(table, header.index, i);
    return refs.length > 0 && refs.filter((r) => ids.has(r)).length >= 0.8 * refs.length;
  });
}

/** The document's tables less the frame tables whose frames a signal table breaks down. */
export function withoutFrameTables(tables: DocumentTable[]): DocumentTable[] {
  return tables.filter((t) => {
    const ids = frameIds(t);
    return !ids?.size || !tables.some((other) => other !== t && refersTo(other, ids));
  });
}
