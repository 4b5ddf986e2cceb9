// PDF through unpdf (pdf.js built for servers, no canvas, no native code; pinned to 1.7 because 1.8
// needs Node 22). Text is read a page at a time and each page's objects are released before the
// next, so a 300-page file does not keep every page's text items alive. Lines set in a clearly
// larger font than the page's body text are taken as headings and give the following text its
// `section`; pdf.js has no notion of headings, so this is a measured guess, not structure.
import { getDocumentProxy } from 'unpdf';
import { DocumentBuilder, normaliseSpace } from './build.js';
import { DocumentReadError, type ReadDocument } from './types.js';

/** A line this much larger than the page's typical text, and short, reads as a heading. */
const HEADING_SCALE = 1.3;
const HEADING_MAX_CHARS = 100;
/**
 * Paragraph size before a new block starts at the next sentence end; pdf.js rarely marks paragraph
 * ends. A block is cut mid-sentence only past the hard cap, so a sentence's subject and object stay
 * in one block.
 */
const PARAGRAPH_CHARS = 800;
const PARAGRAPH_HARD_CHARS = 4000;
/** A step down the page this much larger than the page's usual line step starts a new paragraph. */
const PARAGRAPH_GAP = 1.4;

interface Line {
  text: string;
  size: number;
  /** Baseline height of the line's first run (PDF units, up the page). */
  y: number;
  /** Runs of text separated by a gap wider than a few spaces, each with where it starts. */
  cells: Cell[];
}

/** A cell, and the text items it was joined from with where each starts. */
interface Cell {
  x: number;
  text: string;
  items: { x: number; text: string; width: number }[];
}

/** A gap this many font sizes wide between two runs of text parts table cells (a space is ~0.3). */
const CELL_GAP = 1;
/** A table: a header and at least this many rows, each with at least MIN_COLUMNS cells. */
const MIN_ROWS = 2;
const MIN_COLUMNS = 2;

export async function readPdf(bytes: Uint8Array): Promise<ReadDocument> {
  // pdf.js may transfer the buffer it is given; the caller's bytes stay theirs.
  // verbosity 0: errors only; pdf.js would print repair warnings for damaged files to stdout.
  const pdf = await getDocumentProxy(new Uint8Array(bytes), { verbosity: 0 }).catch((error: unknown) => {
    if (error instanceof Error && error.name === 'PasswordException') {
      throw new DocumentReadError(
        'encrypted',
        'This PDF is password-protected; remove the password and upload it again.',
      );
    }
    throw error;
  });
  try {
    const doc = new DocumentBuilder('pdf');
    let section: string | undefined;
    for (let pageNumber = 1; pageNumber <= pdf.numPages; pageNumber++) {
      const page = await pdf.getPage(pageNumber);
      const lines = await pageLines(page);
      page.cleanup();
      const tables = findTables(lines);
      const inTable = (i: number): boolean => tables.some((t) => i >= t.start && i < t.end);
      const body = typicalSize(lines);
      const step = typicalStep(lines, body);
      let paragraph: string[] = [];
      let lastY: number | undefined;
      let paragraphSize = 0;
      const at = () => (section === undefined ? { page: pageNumber } : { page: pageNumber, section });
      const flush = () => {
        if (paragraph.length > 0)
          doc.addBlock({ kind: 'paragraph', text: paragraph.join('\n'), location: at() });
        paragraph = [];
      };
      for (const [i, line] of lines.entries()) {
        const table = tables.find((t) => t.start === i);
        if (table) {
          flush();
          doc.addTable({ ...(section ? { name: section } : {}), rows: table.rows, location: at() });
        }
        if (inTable(i)) continue;
        // Writers set paragraphs apart by space, not by an empty line: a wider step down starts one.
        if (line.text !== '') {
          if (step > 0 && lastY !== undefined && lastY - line.y > step * PARAGRAPH_GAP) flush();
          lastY = line.y;
        }
        if (line.text === '') {
          flush();
        } else if (
          body > 0 &&
          line.size >= body * HEADING_SCALE &&
          line.text.length <= HEADING_MAX_CHARS &&
          // Prose set larger than a page of small-print tables is still prose: a line that continues
          // a paragraph of its size, or that the next line continues, is no heading.
          !(paragraph.length > 0 && Math.abs(line.size - paragraphSize) < 0.5) &&
          !continuedBy(line, lines[i + 1], step)
        ) {
          flush();
          section = line.text;
          doc.addBlock({ kind: 'heading', text: line.text, location: at() });
        } else {
          paragraph.push(line.text);
          paragraphSize = line.size;
          const chars = paragraph.join(' ').length;
          const sentenceEnd = /[.!?:;]["')\]]?$/.test(line.text);
          if ((chars >= PARAGRAPH_CHARS && sentenceEnd) || chars >= PARAGRAPH_HARD_CHARS) flush();
        }
      }
      flush();
    }
    return doc.build({ pages: pdf.numPages });
  } finally {
    await pdf.destroy();
  }
}

type Page = Awaited<ReturnType<Awaited<ReturnType<typeof getDocumentProxy>>['getPage']>>;

/** The page's text as lines, each with the largest font size on it (from the text matrix). */
async function pageLines(page: Page): Promise<Line[]> {
  const content = await page.getTextContent();
  const lines: Line[] = [];
  let text = '';
  let size = 0;
  let y: number | undefined;
  let cells: Cell[] = [];
  let end: number | undefined;
  const close = (): void => {
    lines.push({
      text: normaliseSpace(text),
      size,
      y: y ?? 0,
      cells: cells.map((c) => ({ ...c, text: normaliseSpace(c.text) })).filter((c) => c.text !== ''),
    });
    text = '';
    size = 0;
    y = undefined;
    cells = [];
    end = undefined;
  };
  for (const item of content.items) {
    if (!('str' in item)) continue;
    const [a = 0, b = 0, , , x = 0, itemY = 0] = item.transform as number[];
    const fontSize = Math.hypot(a, b);
    // A run starting well past where the last one ended begins a new cell; pdf.js gives no gap
    // characters between separately placed runs, so the text gets a space there too.
    if (item.str.trim() !== '') {
      const gap = end === undefined ? Infinity : x - end;
      if (gap > fontSize * CELL_GAP || cells.length === 0) {
        if (end !== undefined) text += ' ';
        cells.push({ x, text: '', items: [] });
      }
      cells[cells.length - 1]!.text += item.str;
      cells[cells.length - 1]!.items.push({ x, text: item.str, width: item.width });
      end = x + item.width;
      size = Math.max(size, fontSize);
      y ??= itemY;
    }
    text += item.str;
    if (item.hasEOL) close();
  }
  if (text !== '') close();
  return lines;
}

/**
 * Tables set as positioned text: consecutive lines of several cells whose starts line up with the
 * first line's (the header). A row may leave cells empty; a cell goes to the column whose start is
 * nearest at or before it. Lines of running text have one cell and end the table.
 */
function findTables(lines: Line[]): { start: number; end: number; rows: string[][] }[] {
  const tables: { start: number; end: number; rows: string[][] }[] = [];
  let i = 0;
  while (i < lines.length) {
    const header = lines[i]!;
    if (header.cells.length < MIN_COLUMNS) {
      i++;
      continue;
    }
    const starts = header.cells.map((c) => c.x);
    const tolerance = header.size * CELL_GAP;
    const column = (x: number): number => {
      let best = -1;
      for (const [k, s] of starts.entries()) if (s <= x + tolerance) best = k;
      return best;
    };
    const rows = [header.cells.map((c) => c.text)];
    let j = i + 1;
    // The step from the header to the first row is the table's row step; a wider step down is the
    // space before the next table or paragraph, even when that one's columns happen to line up.
    let rowStep = 0;
    for (; j < lines.length; j++) {
      const line = lines[j]!;
      const step = lines[j - 1]!.y - line.y;
      if (rowStep > 0 && step > rowStep * PARAGRAPH_GAP) break;
      if (rowStep === 0) rowStep = step;
      // A line that leaves the first column empty continues the row above: a cell wrapped onto a
      // second line. Running text starts at the margin, in the first column, and ends the table.
      const continues = rows.length > 1 && line.cells.length > 0 && line.cells.every((c) => column(c.x) > 0);
      if (line.cells.length < 2 && !continues) break;
      const row = starts.map(() => '');
      const aligned = line.cells.every((c) => column(c.x) >= 0);
      if (!aligned) break;
      for (const c of line.cells.flatMap((c) => splitAtColumns(c, starts, tolerance)))
        row[column(c.x)] = [row[column(c.x)], c.text].filter((t) => t).join(' ');
      if (continues) {
        const above = rows[rows.length - 1]!;
        row.forEach((text, k) => (above[k] = [above[k], text].filter((t) => t).join(' ')));
      } else rows.push(row);
    }
    if (rows.length > MIN_ROWS) {
      tables.push({ start: i, end: j, rows });
      i = j;
    } else i++;
  }
  return tables;
}

/**
 * A cell whose text ran up to the next column ("Sensor Supply Converter (U7)" ending 3 points before
 * "Wheel Sensor Unit" in the next column) was joined to it: pdf.js merges runs that close into one
 * item, with a space between. Split such a cell at the space nearest a later column's start, placing
 * each character by its share of the item's width (close enough in proportional fonts: within a
 * character or two), when that space lies within the column tolerance of the start.
 */
function splitAtColumns(cell: Cell, starts: number[], tolerance: number): { x: number; text: string }[] {
  const out: { x: number; text: string }[] = [];
  // The cell's own column: the last whose start is at or before it (as findTables places cells).
  const columnOf = (x: number): number => starts.reduce((best, s, k) => (s <= x + tolerance ? k : best), -1);
  let current = { x: cell.x, text: '' };
  for (const item of cell.items) {
    // An item of its own that starts at a later column (runs pdf.js did not merge: a font change).
    const own = starts.findIndex((s) => Math.abs(item.x - s) <= tolerance);
    if (current.text.trim() !== '' && own > columnOf(current.x)) {
      out.push(current);
      current = { x: item.x, text: '' };
    }
    let rest = item.text;
    let from = item.x;
    const perChar = item.text.length ? item.width / item.text.length : 0;
    for (const [k, s] of starts.entries()) {
      if (k <= columnOf(current.x) || s <= from + tolerance || s >= item.x + item.width - tolerance) continue;
      // The space whose end (where the next character starts) is nearest the column's start.
      let best = -1;
      let bestOff = Infinity;
      for (let i = rest.indexOf(' '); i >= 0; i = rest.indexOf(' ', i + 1)) {
        const off = Math.abs(from + (i + 1) * perChar - s);
        if (off < bestOff) [best, bestOff] = [i, off];
      }
      if (best < 0 || bestOff > tolerance) continue;
      current.text += rest.slice(0, best);
      out.push(current);
      from += (best + 1) * perChar;
      current = { x: s, text: '' };
      rest = rest.slice(best + 1);
    }
    current.text += rest;
  }
  out.push(current);
  return out.map((c) => ({ x: c.x, text: normaliseSpace(c.text) })).filter((c) => c.text !== '');
}

/** The next line runs on from this one: the same size, one line step below. */
function continuedBy(line: Line, next: Line | undefined, step: number): boolean {
  return (
    !!next &&
    next.text !== '' &&
    step > 0 &&
    Math.abs(next.size - line.size) < 0.5 &&
    line.y - next.y <= step * PARAGRAPH_GAP
  );
}

/**
 * The page's line spacing: the smallest step down between consecutive lines of body text that recurs.
 * Paragraph and heading gaps are wider steps, and may be as common as the spacing itself.
 */
function typicalStep(lines: Line[], body: number): number {
  const counts = new Map<number, number>();
  const isBody = (l: Line): boolean => l.text !== '' && Math.abs(l.size - body) < 0.5;
  for (let i = 1; i < lines.length; i++) {
    const step = Math.round(lines[i - 1]!.y - lines[i]!.y);
    if (step > 0 && isBody(lines[i]!) && isBody(lines[i - 1]!)) counts.set(step, (counts.get(step) ?? 0) + 1);
  }
  const recurring = [...counts].filter(([, n]) => n >= 2).map(([step]) => step);
  return recurring.length > 0 ? Math.min(...recurring) : 0;
}

/** The font size carrying the most characters on the page: its body text. */
function typicalSize(lines: Line[]): number {
  const weight = new Map<number, number>();
  for (const line of lines) {
    const key = Math.round(line.size * 10) / 10;
    weight.set(key, (weight.get(key) ?? 0) + line.text.length);
  }
  let best = 0;
  let most = 0;
  for (const [size, chars] of weight) {
    if (chars > most) [best, most] = [size, chars];
  }
  return best;
}
