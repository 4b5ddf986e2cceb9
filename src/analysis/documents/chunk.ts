// Splits a read document into chunks for embedding and search. Each chunk keeps its place (page,
// section, sheet, table and first row, line) and reads alone: prose chunks start with their section
// heading, table chunks with the table's header row. Chunks break between blocks or rows where they
// can and between words where they must, never inside a word. Same document in, same chunks out.
import type { Chunk, DocumentTable, Location, ReadDocument, TextBlock } from './types.js';

export interface ChunkOptions {
  /** Target size of a chunk in characters; a single word longer than this is kept whole. */
  maxChars?: number;
}

export const DEFAULT_MAX_CHARS = 1000;
/** Rows looked at to find a table's header row (BOM exports put a few title rows above it). */
const HEADER_SEARCH_ROWS = 10;

export function chunkDocument(doc: ReadDocument, options: ChunkOptions = {}): Chunk[] {
  const maxChars = Math.max(50, options.maxChars ?? DEFAULT_MAX_CHARS);
  const pieces: { text: string; location: Location }[] = [
    ...chunkBlocks(doc.blocks, maxChars),
    ...doc.tables.flatMap((table) => chunkTable(table, maxChars)),
  ];
  return pieces.map((piece, index) => ({ index, ...piece }));
}

function chunkBlocks(blocks: TextBlock[], maxChars: number): { text: string; location: Location }[] {
  const out: { text: string; location: Location }[] = [];
  let current: { parts: string[]; size: number; location: Location; headingsOnly: boolean } | undefined;
  // Headings with no text under them yet (a title, then its first section): carried into the
  // next chunk as context instead of standing alone as a chunk nobody would want as a search hit.
  let carried: string[] = [];
  const close = () => {
    if (current && current.parts.length > 0)
      out.push({ text: current.parts.join('\n'), location: current.location });
    current = undefined;
  };
  for (const block of blocks) {
    // A new page or section starts a new chunk, so a chunk's location is true for all its text.
    if (current && (block.kind === 'heading' || !sameRegion(current.location, block.location))) {
      const carry = block.kind === 'heading' && current.headingsOnly && current.size < maxChars / 2;
      if (carry) {
        carried = current.parts;
        current = undefined;
      } else close();
    }
    const heading = block.kind !== 'heading' && block.location.section ? block.location.section : undefined;
    const prefix = [...carried, ...(heading && !carried.includes(heading) ? [heading] : [])];
    const prefixSize = prefix.reduce((n, part) => n + part.length + 1, 0);
    for (const piece of splitWords(block.text, maxChars - prefixSize)) {
      if (current && current.size + piece.length + 1 > maxChars) close();
      if (!current) {
        const parts = [...prefix];
        current = {
          parts,
          size: parts.reduce((n, part) => n + part.length + 1, 0),
          location: block.location,
          headingsOnly: true,
        };
        carried = [];
      }
      current.parts.push(piece);
      current.size += piece.length + 1;
      if (block.kind !== 'heading') current.headingsOnly = false;
    }
  }
  close();
  return out;
}

function sameRegion(a: Location, b: Location): boolean {
  return a.page === b.page && a.section === b.section && a.sheet === b.sheet;
}

/** Pieces of at most `limit` characters, cut at whitespace; a longer word is one piece of its own. */
export function splitWords(text: string, limit: number): string[] {
  const max = Math.max(1, limit);
  if (text.length <= max) return [text];
  const pieces: string[] = [];
  let rest = text;
  while (rest.length > max) {
    let cut = max;
    while (cut > 0 && !/\s/.test(rest[cut] ?? ' ')) cut--;
    if (cut === 0) {
      // One word longer than the limit: keep it whole rather than cut it.
      cut = rest.search(/\s/);
      if (cut < 0) break;
    }
    pieces.push(rest.slice(0, cut).trimEnd());
    rest = rest.slice(cut).trimStart();
  }
  if (rest !== '') pieces.push(rest);
  return pieces.filter((piece) => piece !== '');
}

/**
 * The header row: the first of the top rows with as many filled cells as the table's widest rows
 * (a title or "Rev B" preamble row fills one or two). Rows above it are chunked as preamble.
 */
export function guessHeaderRow(rows: string[][]): number {
  const filled = rows.map((row) => row.filter((cell) => cell !== '').length);
  const widest = Math.max(0, ...filled.slice(0, 200));
  const index = filled
    .slice(0, HEADER_SEARCH_ROWS)
    .findIndex((n) => n >= Math.max(2, Math.ceil(widest * 0.75)));
  return index < 0 ? 0 : index;
}

function chunkTable(table: DocumentTable, maxChars: number): { text: string; location: Location }[] {
  const out: { text: string; location: Location }[] = [];
  const render = (row: string[]) => {
    let end = row.length;
    while (end > 0 && row[end - 1] === '') end--;
    return row.slice(0, end).join(' | ');
  };
  const firstRow = table.location.row ?? 1;
  const at = (index: number): Location => ({ ...table.location, row: firstRow + index });
  const title = table.name ?? table.location.sheet;
  const headerIndex = guessHeaderRow(table.rows);
  const header = [title, render(table.rows[headerIndex] ?? [])].filter((s) => s !== undefined && s !== '');
  const preamble = table.rows
    .slice(0, headerIndex)
    .map(render)
    .filter((line) => line !== '')
    .join('\n');
  if (preamble !== '') {
    for (const piece of splitWords([title, preamble].filter(Boolean).join('\n'), maxChars)) {
      out.push({ text: piece, location: at(0) });
    }
  }
  const headerText = header.join('\n');
  let current: { lines: string[]; size: number; start: number } | undefined;
  const close = () => {
    if (current) out.push({ text: [headerText, ...current.lines].join('\n'), location: at(current.start) });
    current = undefined;
  };
  for (let i = headerIndex + 1; i < table.rows.length; i++) {
    const line = render(table.rows[i] ?? []);
    if (line === '') continue;
    const room = maxChars - headerText.length - 1;
    for (const piece of splitWords(line, room)) {
      if (current && current.size + piece.length + 1 > room) close();
      current ??= { lines: [], size: 0, start: i };
      current.lines.push(piece);
      current.size += piece.length + 1;
    }
  }
  close();
  // A table that is only a header row (or only one row) still gets a chunk.
  if (out.length === 0 && headerText !== '') out.push({ text: headerText, location: at(headerIndex) });
  return out;
}
