// The extractor's fixture products, shared by the quality tests and the development scorers: which
// products may be tuned on, and a product's documents read as an upload reads them, with its truth.
import { readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { readDocument } from '../documents/read.js';
import type { Truth } from './score.js';
import type { SourceDocument } from './types.js';

export const FIXTURES = join(import.meta.dirname, '../../../test/fixtures');

/**
 * Blind products named in extraction-blind/HELD_OUT are never tuned on: measured by hand, numbers
 * only, they are the honest estimate of how the extractor does on documents nobody here has seen.
 */
export function heldOut(): Set<string> {
  return new Set(
    readFileSync(join(FIXTURES, 'extraction-blind/HELD_OUT'), 'utf8')
      .split('\n')
      .map((l) => l.replace(/#.*/, '').trim())
      .filter(Boolean),
  );
}

/** The product directories that may be tuned on (all but the held-out ones), sorted by name. */
export function releasedProducts(): string[] {
  const held = heldOut();
  return ['extraction', 'extraction-blind']
    .flatMap((set) =>
      readdirSync(join(FIXTURES, set), { withFileTypes: true })
        .filter((d) => d.isDirectory() && !held.has(d.name))
        .map((d) => join(FIXTURES, set, d.name)),
    )
    .sort((a, b) => basename(a).localeCompare(basename(b)));
}

/** A product's documents through the real readers (so a score is what an upload gets) and its truth. */
export async function readProduct(dir: string): Promise<{ documents: SourceDocument[]; truth: Truth }> {
  // README.md describes a blind product for people; it is not one of its documents.
  const files = readdirSync(dir)
    .filter((f) => f !== 'truth.json' && f !== 'README.md')
    .sort();
  const documents = await Promise.all(
    files.map(async (name) => ({ name, doc: await readDocument(readFileSync(join(dir, name)), name) })),
  );
  return { documents, truth: JSON.parse(readFileSync(join(dir, 'truth.json'), 'utf8')) as Truth };
}
