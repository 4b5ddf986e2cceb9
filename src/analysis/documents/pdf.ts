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
/** Paragraph size before a new block starts; pdf.js rarely marks paragraph ends. */
const PARAGRAPH_CHARS = 800;

interface Line {
  text: string;
  size: number;
  /** Runs of text separated by a gap wider than a few spaces, each with where it starts. */
  cells: { x: number; text: string }[];
}

/** A gap this many font sizes wide between two runs of text parts table cells (a space is ~0.3). */
const CELL_GAP = 1;
/** A table: a header and at least this many rows, each with at least MIN_COLUMNS cells. */
const MIN_ROWS = 2;
const MIN_COLUMNS = 3;

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
      const body = typicalSize(lines);
      let paragraph: string[] = [];
      const at = () => (section === undefined ? { page: pageNumber } : { page: pageNumber, section });
      const flush = () => {
        if (paragraph.length > 0)
          doc.addBlock({ kind: 'paragraph', text: paragraph.join('\n'), location: at() });
        paragraph = [];
      };
      const tables = findTables(lines);
      for (const [i, line] of lines.entries()) {
        const table = tables.find((t) => t.start === i);
        if (table) {
          flush();
          doc.addTable({ ...(section ? { name: section } : {}), rows: table.rows, location: at() });
        }
        if (tables.some((t) => i >= t.start && i < t.end)) continue;
        if (line.text === '') {
          flush();
        } else if (body > 0 && line.size >= body * HEADING_SCALE && line.text.length <= HEADING_MAX_CHARS) {
          flush();
          section = line.text;
          doc.addBlock({ kind: 'heading', text: line.text, location: at() });
        } else {
          paragraph.push(line.text);
          if (paragraph.join(' ').length >= PARAGRAPH_CHARS) flush();
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
  let cells: { x: number; text: string }[] = [];
  let end: number | undefined;
  const close = (): void => {
    lines.push({
      text: normaliseSpace(text),
      size,
      cells: cells.map((c) => ({ x: c.x, text: normaliseSpace(c.text) })).filter((c) => c.text !== ''),
    });
    text = '';
    size = 0;
    cells = [];
    end = undefined;
  };
  for (const item of content.items) {
    if (!('str' in item)) continue;
    const [a = 0, b = 0, , , x = 0] = item.transform as number[];
    const fontSize = Math.hypot(a, b);
    // A run starting well past where the last one ended begins a new cell; pdf.js gives no gap
    // characters between separately placed runs, so the text gets a space there too.
    if (item.str.trim() !== '') {
      const gap = end === undefined ? Infinity : x - end;
      if (gap > fontSize * CELL_GAP || cells.length === 0) {
        if (end !== undefined) text += ' ';
        cells.push({ x, text: '' });
      }
      cells[cells.length - 1]!.text += item.str;
      end = x + item.width;
      size = Math.max(size, fontSize);
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
    for (; j < lines.length; j++) {
      const line = lines[j]!;
      if (line.cells.length < 2) break;
      const row = starts.map(() => '');
      const aligned = line.cells.every((c) => column(c.x) >= 0);
      if (!aligned) break;
      for (const c of line.cells) row[column(c.x)] = [row[column(c.x)], c.text].filter((t) => t).join(' ');
      rows.push(row);
    }
    if (rows.length > MIN_ROWS) {
      tables.push({ start: i, end: j, rows });
      i = j;
    } else i++;
  }
  return tables;
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
