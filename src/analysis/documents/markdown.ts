// Markdown: ATX and setext headings, list items, paragraphs, fenced code and pipe tables, each
// with its line and the nearest heading above. A line-by-line scan, not a full CommonMark parser:
// design notes and ICDs written in Markdown use these constructs, and a scan has no pathological
// inputs (every regex below is anchored and linear).
import { DocumentBuilder, normaliseSpace } from './build.js';
import { splitLines } from './text-decode.js';
import type { ReadDocument, TextBlock } from './types.js';

const ATX = /^ {0,3}(#{1,6})(?:[ \t]+(.*))?$/;
const SETEXT = /^ {0,3}(=+|-+)[ \t]*$/;
const LIST_ITEM = /^[ \t]*(?:[-*+]|\d{1,9}[.)])[ \t]+(.*)$/;
const FENCE = /^ {0,3}(```|~~~)/;
const TABLE_SEPARATOR = /^[ \t]*\|?[ \t]*:?-+:?[ \t]*(\|[ \t]*:?-+:?[ \t]*)*\|?[ \t]*$/;

/** Longer lines skip the separator test and inline stripping: those regexes are quadratic at worst. */
const REGEX_LINE_LIMIT = 4000;

/** Inline markup that hides words from search: emphasis, code spans, links and images. */
export function stripInline(text: string): string {
  if (text.length > REGEX_LINE_LIMIT) return normaliseSpace(text);
  return normaliseSpace(
    text
      .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
      .replace(/(\*\*|__|`)/g, '')
      .replace(/(^|\s)[*_]([^*_\s][^*_]*)[*_](?=\s|$|[.,;:])/g, '$1$2'),
  );
}

function isTableSeparator(line: string): boolean {
  return line.length < REGEX_LINE_LIMIT && line.includes('-') && TABLE_SEPARATOR.test(line);
}

/** `## Title ##` is `Title`; a loop, not a regex, so a long run of spaces costs linear time. */
function withoutClosingHashes(title: string): string {
  let end = title.trimEnd().length;
  while (end > 0 && title[end - 1] === '#') end--;
  return end > 0 && title[end - 1] !== ' ' && title[end - 1] !== '\t' && end < title.trimEnd().length
    ? title.trimEnd()
    : title.slice(0, end).trimEnd();
}

function splitRow(line: string): string[] {
  let body = line.trim();
  if (body.startsWith('|')) body = body.slice(1);
  if (body.endsWith('|') && !body.endsWith('\\|')) body = body.slice(0, -1);
  return body.split(/(?<!\\)\|/).map((cell) => stripInline(cell.replace(/\\\|/g, '|')));
}

export function readMarkdown(text: string): ReadDocument {
  const doc = new DocumentBuilder('markdown');
  const lines = splitLines(text);
  let section: string | undefined;
  let paragraph: { lines: string[]; kind: TextBlock['kind']; line: number } | undefined;
  const at = (line: number) => (section === undefined ? { line } : { line, section });
  const flush = () => {
    if (paragraph) {
      doc.addBlock({
        kind: paragraph.kind,
        text: stripInline(paragraph.lines.join(' ')),
        location: at(paragraph.line),
      });
    }
    paragraph = undefined;
  };
  const heading = (level: number, title: string, line: number) => {
    flush();
    section = stripInline(withoutClosingHashes(title));
    doc.addBlock({ kind: 'heading', text: section, level, location: { line, section } });
  };

  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] ?? '';
    const number = i + 1;
    if (FENCE.test(line)) {
      // Code is kept verbatim as one paragraph: pin lists and register maps live in fences.
      flush();
      const fence = line.trim().slice(0, 3);
      const body: string[] = [];
      let j = i + 1;
      while (j < lines.length && !(lines[j] ?? '').trim().startsWith(fence)) body.push(lines[j++] ?? '');
      if (body.length > 0)
        doc.addBlock({ kind: 'paragraph', text: body.join('\n'), location: at(number + 1) });
      i = j;
      continue;
    }
    const atx = ATX.exec(line);
    if (atx) {
      heading((atx[1] ?? '#').length, atx[2] ?? '', number);
      continue;
    }
    if (line.trim() === '') {
      flush();
      continue;
    }
    if (line.includes('|') && isTableSeparator(lines[i + 1] ?? '')) {
      flush();
      const rows = [splitRow(line)];
      let j = i + 2;
      while (j < lines.length && (lines[j] ?? '').includes('|') && (lines[j] ?? '').trim() !== '') {
        rows.push(splitRow(lines[j++] ?? ''));
      }
      doc.addTable({ ...(section ? { name: section } : {}), rows, location: at(number) });
      i = j - 1;
      continue;
    }
    const setext = SETEXT.exec(line);
    if (setext && paragraph?.kind === 'paragraph' && paragraph.lines.length === 1) {
      const title = paragraph.lines[0] ?? '';
      const start = paragraph.line;
      paragraph = undefined;
      heading(setext[1]?.startsWith('=') ? 1 : 2, title, start);
      continue;
    }
    const item = LIST_ITEM.exec(line);
    if (item) {
      flush();
      paragraph = { lines: [item[1] ?? ''], kind: 'list_item', line: number };
      continue;
    }
    if (paragraph) paragraph.lines.push(line.trim());
    else paragraph = { lines: [line.trim()], kind: 'paragraph', line: number };
  }
  flush();
  return doc.build();
}

/** True when the text has at least one ATX heading line: Markdown sent under a `.txt` name. */
export function hasMarkdownHeadings(text: string): boolean {
  return splitLines(text.slice(0, 64 * 1024)).some((line) => ATX.test(line) && /^#{1,6} \S/.test(line));
}
