// A document that says what its own short word stands for — an ICD cover's '"Pod" in these sheets
// means the Pod Electronics Board', a glossary's '"Controller" refers to the Main Controller' — names
// one thing twice: the short word is an alias of the named part wherever the document uses it.
import type { MentionSink } from './builder.js';
import { normaliseName } from './normalise.js';

/** The quoted word, then "means" / "stands for" / "refers to" / "denotes" and the thing it names. */
const DEFINITION =
  /["“'‘]([A-Za-z][\w\- ]{0,30}?)["”'’][^."“\n]{0,60}?\b(?:means|stands for|refers to|denotes|is short for)\s+(?:the\s+|an?\s+)?([A-Z][\w-]*(?:\s+[A-Z0-9][\w-]*){0,6})/g;

/**
 * Proposes each defined short word as an alias of the thing it stands for, when the structured
 * documents already name that thing (a definition of a word no table uses proposes nothing).
 */
export function defineShortNames(text: string, documentName: string, sink: MentionSink): void {
  for (const m of text.matchAll(DEFINITION)) {
    const short = m[1]!.trim();
    const words = m[2]!.trim().split(/\s+/);
    // The longest run of the following words that names a thing already proposed.
    for (let k = words.length; k > 0; k--) {
      const full = words.slice(0, k).join(' ');
      const named = sink.entities.find((e) => normaliseName(e.name) === normaliseName(full));
      if (!named || normaliseName(full) === normaliseName(short)) continue;
      sink.entity(
        named.name,
        named.entityType,
        { documentName, location: {}, extractor: 'prose' },
        {
          aliases: [short],
          weight: 0.1,
        },
      );
      break;
    }
  }
}
