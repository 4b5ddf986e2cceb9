// JSON (model exports, configuration): the parsed value is kept for the extractor, and the text is
// the pretty-printed value, one block per line range, so that search hits can point at a line.
import { DocumentBuilder } from './build.js';
import { DocumentReadError, type ReadDocument } from './types.js';

/** Lines of pretty-printed JSON per block: small enough to locate a hit, large enough to read. */
const LINES_PER_BLOCK = 20;

export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    throw new DocumentReadError('corrupt', `This JSON file cannot be parsed: ${detail}.`);
  }
}

export function readJson(value: unknown): ReadDocument {
  const doc = new DocumentBuilder('json');
  const lines = JSON.stringify(value, null, 2).split('\n');
  for (let start = 0; start < lines.length; start += LINES_PER_BLOCK) {
    doc.addBlock({
      kind: 'paragraph',
      text: lines.slice(start, start + LINES_PER_BLOCK).join('\n'),
      location: { line: start + 1 },
    });
  }
  return doc.build({ json: value });
}
