// Prose: what stands beside a sentence's subject — an aside between commas ("LOOP_EN, an output of
// the CPU, energises…") and the names listed before it ("The Fan and the Module run on…").
import type { MentionSink } from './builder.js';
import { normaliseName } from './normalise.js';
import { isDeterminer, isNameToken } from './prose-names.js';
import { phraseAfter, phraseBefore, type Phrase } from './prose-phrases.js';
import { mention } from './prose-mention.js';
import { nameEndBeforeAside } from './prose-tails.js';
import type { Provenance } from './types.js';

export interface Appositive {
  subject: Phrase;
  /** "an output of the CPU": the part named, and whether the subject leaves (output) or enters it. */
  part?: Phrase;
  role?: 'PROVIDES' | 'CONSUMES';
}

/**
 * "LOOP_EN, an output of the Door Controller CPU, energises the Relay": an aside between commas that
 * opens with an article describes the name before it, which is the verb's subject. An aside naming
 * the subject an output (or input) of a part says which part provides (or consumes) it.
 */
export function appositive(tokens: string[], verbAt: number, known: Set<string>): Appositive | undefined {
  if (tokens[verbAt - 1] !== ',') return undefined;
  let open = verbAt - 2;
  while (open > 0 && tokens[open] !== ',') open--;
  // An aside is short and opens with an article: "a", "an", "the".
  if (open <= 0 || verbAt - 1 - open > 10 || !/^(a|an|the)$/i.test(tokens[open + 1] ?? '')) return undefined;
  const subject = phraseBefore(tokens, open, known);
  if (!subject) return undefined;
  const role = /^(output|source)$/i.test(tokens[open + 2] ?? '')
    ? 'PROVIDES'
    : /^(input|sink)$/i.test(tokens[open + 2] ?? '')
      ? 'CONSUMES'
      : undefined;
  if (!role || !/^(of|from|to|on)$/i.test(tokens[open + 3] ?? '')) return { subject };
  const part = phraseAfter(tokens, open + 4, known);
  return part && part.end === verbAt - 1 ? { subject, part, role } : { subject };
}

export function relateAppositive(a: Appositive, p: Provenance, sink: MentionSink, known: Set<string>): void {
  if (!a.part || !a.role) return;
  const part = mention(a.part.name, p, sink, known);
  const item = mention(
    a.subject.name,
    p,
    sink,
    known,
    known.has(normaliseName(a.subject.name)) ? undefined : 'SIGNAL',
  );
  if (part && item) sink.relate(part, item, a.role, p);
}

/** "The Cooling Fan and the Safety Module run on …": the names listed before the sentence's subject. */
export function compoundSubjects(tokens: string[], subject: Phrase, known: Set<string>): string[] {
  const out: string[] = [];
  let at = subject.start;
  for (;;) {
    while (at > 0 && isDeterminer(tokens[at - 1]!)) at--;
    if (at === 0 || !/^(and|,)$/.test(tokens[at - 1]!)) break;
    const ph = phraseBefore(tokens, nameEndBeforeAside(tokens, at - 1), known);
    if (!ph || !(known.has(normaliseName(ph.name)) || ph.name.split(' ').every(isNameToken))) break;
    out.push(ph.name);
    at = ph.start;
  }
  // Only a list that opens the sentence is a list of subjects; "…from Y and the Z runs on" is not.
  // "The coils of the X, the Y and the Z are energised from…": a list opened by the parts of its
  // members is still the subject, each member by its part.
  while (at > 0 && isDeterminer(tokens[at - 1]!)) at--;
  return at === 0 || PARTS_OF.test(tokens.slice(0, at).join(' ')) ? out : [];
}

/** "The coils of", "the inputs of", "each of": an opening that names the parts of what follows. */
const PARTS_OF = /^((the|each|all|both) )?([a-z]+ ){0,2}of$/i;
