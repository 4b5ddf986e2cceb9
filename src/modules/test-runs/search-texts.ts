// What each component of a test run says, as semantic search embeds it, and the hash that keys its
// vector. Pure: the embedding job reads the parts (search-index.repository.ts) and these rules decide
// the text, so one text always gives one hash whatever wrote it.
import { createHash } from 'node:crypto';
import type { SearchComponentType } from './search.types.js';

export { SEARCH_COMPONENT_TYPES, type SearchComponentType } from './search.types.js';

/**
 * Characters of a report's content embedded after its title and summary: the sentence encoder reads
 * a sentence or a paragraph well and a whole report badly (its vector drifts to the average of
 * everything), and the summary already says what the report found.
 */
export const REPORT_CONTENT_HEAD = 1000;
/** Longest text embedded: ~300 words, beyond which the built-in model's cost grows and meaning blurs. */
export const MAX_EMBEDDED_CHARS = 2000;

/** The parts a component's text is made of, in order (nulls are absent parts, e.g. no exception). */
export interface ComponentParts {
  componentType: SearchComponentType;
  componentId: string;
  parts: readonly (string | null)[];
}

export interface ComponentText {
  componentType: SearchComponentType;
  componentId: string;
  text: string;
  textHash: string;
}

/**
 * The embedded text: the non-empty parts with their whitespace collapsed, one per line, cut at
 * MAX_EMBEDDED_CHARS. A report's content is cut at REPORT_CONTENT_HEAD before (by the reader).
 */
export function componentText(parts: readonly (string | null)[]): string {
  return parts
    .map((p) => (p ?? '').replace(/\s+/g, ' ').trim())
    .filter((p) => p !== '')
    .join('\n')
    .slice(0, MAX_EMBEDDED_CHARS);
}

/**
 * The first 16 bytes of the text's SHA-256, in hex: the text's key in test_run_search_texts. 128 bits
 * make a collision among even billions of texts improbable beyond concern, at half the index size.
 */
export function textHash(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex').slice(0, 32);
}

/** The components worth embedding (those with text), each with its text and hash. */
export function componentTexts(components: readonly ComponentParts[]): ComponentText[] {
  return components.flatMap((c) => {
    const text = componentText(c.parts);
    return text === ''
      ? []
      : [{ componentType: c.componentType, componentId: c.componentId, text, textHash: textHash(text) }];
  });
}

export interface IndexedComponent {
  componentType: SearchComponentType;
  componentId: string;
  textHash: string;
}

const key = (c: { componentType: string; componentId: string }) => `${c.componentType}:${c.componentId}`;

/**
 * What the job writes: the components that are new or whose text changed, those indexed that are gone
 * or have no text any more, and the hashes no longer pointed at from this run (their vectors may now
 * serve no component anywhere).
 */
export function componentChanges(
  wanted: readonly ComponentText[],
  indexed: readonly IndexedComponent[],
): { upserts: ComponentText[]; removals: IndexedComponent[]; releasedHashes: string[] } {
  const before = new Map(indexed.map((c) => [key(c), c]));
  const now = new Set(wanted.map(key));
  const stillUsed = new Set(wanted.map((c) => c.textHash));
  return {
    upserts: wanted.filter((c) => before.get(key(c))?.textHash !== c.textHash),
    removals: indexed.filter((c) => !now.has(key(c))),
    releasedHashes: [...new Set(indexed.map((c) => c.textHash))].filter((h) => !stillUsed.has(h)),
  };
}
