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
}

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
      for (const line of lines) {
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
  for (const item of content.items) {
    if (!('str' in item)) continue;
    text += item.str;
    const [a = 0, b = 0] = item.transform as number[];
    if (item.str.trim() !== '') size = Math.max(size, Math.hypot(a, b));
    if (item.hasEOL) {
      lines.push({ text: normaliseSpace(text), size });
      text = '';
      size = 0;
    }
  }
  if (text !== '') lines.push({ text: normaliseSpace(text), size });
  return lines;
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
