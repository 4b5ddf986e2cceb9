// What each component of a test run says, as semantic search embeds it, and the hash that keys its
// vector. Pure: the embedding job reads the parts (search-index.repository.ts) and these rules decide
// the text, so one text always gives one hash whatever wrote it.
import { createHash } from 'node:crypto';
import { findingInWords, type StoredFinding } from '../../analysis/telemetry/finding-words.js';
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

/**
 * A report's findings embedded, each as its own part (`finding_1`, …, after PART_NAMES.report), in the
 * report's order: a report of many findings is found by its first ones, as an engineer reads it.
 */
export const MAX_FINDING_PARTS = 20;

/**
 * The parts of each component type that may be embedded, in the order readRunParts reads them. Each
 * part is its own vector (a component is as near as its nearest part): one vector for a step's title,
 * description and exception together placed a step whose exception said "reaction wheel current crept
 * up" beside every step of its template, 161st-177th of 600 for a paraphrase that finds the phrase alone
 * first (bench/RESULTS.md, test-run search).
 */
export const PART_NAMES = {
  run: ['title', 'description'],
  card: ['title', 'description'],
  step: ['title', 'description', 'exception'],
  report: ['title', 'summary', 'content'],
  observation: ['text'],
  data: ['file_name'],
} as const satisfies Record<SearchComponentType, readonly string[]>;

/**
 * Fewer words than this and a part is not embedded alone but with its neighbour, as one text: the
 * vector of "Shock" or "Power on" is little more than its words', near any query that shares one of
 * them (a card titled "Wheel spin-up" would answer every question about wheels), which full text
 * already finds exactly; beside its description it says which shock or what is powered.
 */
export const MIN_PART_WORDS = 3;

/** The parts a component's text is made of, in PART_NAMES order (nulls are absent, e.g. no exception). */
export interface ComponentParts {
  componentType: SearchComponentType;
  componentId: string;
  parts: readonly (string | null)[];
}

export interface ComponentText {
  componentType: SearchComponentType;
  componentId: string;
  /** The part embedded (a short part folded into it is named by the part it joined). */
  part: string;
  text: string;
  textHash: string;
}

/**
 * The parts a report's findings add after its title, summary and content: each finding in the words an
 * engineer remembers it by (finding-words.ts), not its numbers, which the sentence encoder reads as noise.
 */
export function findingParts(findings: unknown): string[] {
  if (!Array.isArray(findings)) return [];
  return findings
    .flatMap((f) => (f && typeof f === 'object' ? [findingInWords(f as StoredFinding)] : []))
    .filter((t): t is string => t !== undefined)
    .slice(0, MAX_FINDING_PARTS);
}

/** The name of a component's i-th part: PART_NAMES's, then `finding_1`, `finding_2`… for a report. */
export function partName(componentType: SearchComponentType, i: number): string {
  const names: readonly string[] = PART_NAMES[componentType];
  return names[i] ?? `finding_${i - names.length + 1}`;
}

const clean = (p: string | null) => (p ?? '').replace(/\s+/g, ' ').trim();
const words = (p: string) => p.split(' ').length;

/**
 * The texts embedded for one component, each named by its part: the non-empty parts with their
 * whitespace collapsed, cut at MAX_EMBEDDED_CHARS, a part of fewer than MIN_PART_WORDS words joined
 * (one per line) to the part after it, or to the one before when it is last, or alone when it is all
 * the component says (a data file's name). A report's content is cut at REPORT_CONTENT_HEAD before.
 */
export function partTexts(
  componentType: SearchComponentType,
  parts: readonly (string | null)[],
): { part: string; text: string }[] {
  const present = parts.flatMap((p, i) =>
    clean(p) === '' ? [] : [{ part: partName(componentType, i), text: clean(p) }],
  );
  const out: { part: string; text: string }[] = [];
  let pending: string[] = [];
  present.forEach((p, i) => {
    const short = words(p.text) < MIN_PART_WORDS;
    if (short && i < present.length - 1) {
      pending.push(p.text);
    } else if (short && pending.length === 0 && out.length > 0) {
      const before = out.pop()!;
      out.push({ part: before.part, text: `${before.text}\n${p.text}` });
    } else {
      out.push({ part: p.part, text: [...pending, p.text].join('\n') });
      pending = [];
    }
  });
  return out.map((p) => ({ part: p.part, text: p.text.slice(0, MAX_EMBEDDED_CHARS) }));
}

/**
 * The first 16 bytes of the text's SHA-256, in hex: the text's key in test_run_search_texts. 128 bits
 * make a collision among even billions of texts improbable beyond concern, at half the index size.
 */
export function textHash(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex').slice(0, 32);
}

/** The texts worth embedding (the parts with text), each with its component, part and hash. */
export function componentTexts(components: readonly ComponentParts[]): ComponentText[] {
  return components.flatMap((c) =>
    partTexts(c.componentType, c.parts).map((p) => ({
      componentType: c.componentType,
      componentId: c.componentId,
      part: p.part,
      text: p.text,
      textHash: textHash(p.text),
    })),
  );
}

export interface IndexedComponent {
  componentType: SearchComponentType;
  componentId: string;
  part: string;
  textHash: string;
}

const key = (c: { componentType: string; componentId: string; part: string }) =>
  `${c.componentType}:${c.componentId}:${c.part}`;

/**
 * What the job writes: the component parts that are new or whose text changed, those indexed that are
 * gone or have no text any more (an exception cleared), and the hashes no longer pointed at from this
 * run (their vectors may now serve no component anywhere).
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
