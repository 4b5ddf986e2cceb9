// Plain text: paragraphs are runs of non-blank lines. A paragraph is also closed when it grows past
// PARAGRAPH_CHARS so that a file with no blank lines (a log, a pasted listing) still yields blocks
// whose `line` points near the words, not at line 1 of a megabyte.
import { DocumentBuilder } from './build.js';
import { splitLines } from './text-decode.js';
import type { ReadDocument } from './types.js';

const PARAGRAPH_CHARS = 2000;

export function readText(text: string): ReadDocument {
  const doc = new DocumentBuilder('text');
  let lines: string[] = [];
  let firstLine = 0;
  const flush = () => {
    if (lines.length > 0)
      doc.addBlock({ kind: 'paragraph', text: lines.join('\n'), location: { line: firstLine } });
    lines = [];
  };
  let size = 0;
  splitLines(text).forEach((raw, i) => {
    const line = raw.trimEnd();
    if (line.trim() === '') {
      flush();
      return;
    }
    if (lines.length === 0) {
      firstLine = i + 1;
      size = 0;
    }
    lines.push(line);
    size += line.length + 1;
    if (size >= PARAGRAPH_CHARS) flush();
  });
  flush();
  return doc.build();
}
