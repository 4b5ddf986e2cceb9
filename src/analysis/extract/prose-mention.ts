// Prose: a phrase the verbs found, turned into the name of a thing (or refused: a mode, a document).
import type { MentionSink } from './builder.js';
import { normaliseName } from './normalise.js';
import { isExcludedName, typeFromName } from './prose-names.js';
import type { EntityType, Provenance } from './types.js';

export function mention(
  name: string,
  p: Provenance,
  sink: MentionSink,
  known: Set<string>,
  type?: EntityType,
): string | undefined {
  const clean = properName(name, known);
  return clean ? sink.entity(clean, type ?? typeFromName(clean), p, { weight: 0.5 }) : undefined;
}

/** The name a phrase stands for, or nothing when it names no thing (a mode, a document). */
export function properName(name: string, known: Set<string>): string | undefined {
  // Punctuation at the edges is not the name, but the sign of a negative rail is ("-12V Rail").
  let clean = name.replace(/^(?!-\d)[^A-Za-z0-9+]+|[^A-Za-z0-9+²]+$/g, '');
  if (!clean) return undefined;
  const key = normaliseName(clean);
  // An acronym the text uses but never defines as a name ("digital signal processor (DSP)") is the
  // one known part whose name has it as a word ("DSP Controller").
  if (/^[A-Z][A-Z0-9]{1,5}$/.test(clean) && !known.has(key)) {
    const hits = [...known].filter((k) => k !== key && k.split(' ').includes(key));
    if (hits.length === 1) clean = hits[0]!;
  }
  // What a structured document already named is a thing, whatever its head word ("Door State").
  if (!known.has(normaliseName(clean)) && isExcludedName(clean)) return undefined;
  return clean;
}
