// Prose: entities from defined acronyms and from the names that verbs of supply, power, control,
// dependency and connection link. A capitalised phrase alone is not proposed: prose is full of
// headings, people and products, and a name that takes part in no relation is rarely worth a proposal.
import type { TextBlock } from '../documents/types.js';
import type { MentionSink } from './builder.js';
import { initials, normaliseName } from './normalise.js';
import { isDeterminer, isExcludedName, isHeadNoun, isNameToken, typeFromName } from './prose-names.js';
import type { Provenance, RelationshipType } from './types.js';

interface VerbRule {
  re: RegExp;
  type: RelationshipType;
  /** The subject is the target (passive voice: "X is powered by Y" → X CONSUMES Y keeps subject first). */
  reverse?: boolean;
}

// "drives/controls/commands/triggers" are INFLUENCES, not DEPENDS_ON: the controller changes the
// controlled part's behaviour; DEPENDS_ON is kept for what the text says outright ("depends on",
// "relies on", "requires"). Longest phrases first: "is powered from" must win over "powered".
const VERBS: VerbRule[] = [
  { re: /^(is|are)( \w+ly)? (powered|supplied|fed|energi[sz]ed) (from|by)$/, type: 'CONSUMES' },
  { re: /^(draws?|takes?|receives?|gets?)( its)? power from$/, type: 'CONSUMES' },
  { re: /^(draws?|takes?) from$/, type: 'CONSUMES' },
  { re: /^(consumes?|uses?|draws?)$/, type: 'CONSUMES' },
  { re: /^(is|are) (provided|supplied|generated) by$/, type: 'PROVIDES', reverse: true },
  {
    re: /^((shall|will|must) )?(provides?|supplies|supply|delivers?|generates?|produces?|outputs?|feeds?|sources?|distributes?)$/,
    type: 'PROVIDES',
  },
  {
    re: /^(is|are) (driven|controlled|commanded|regulated|switched|triggered|activated|enabled|managed) by$/,
    type: 'INFLUENCES',
    reverse: true,
  },
  {
    re: /^((shall|will) )?(drives?|controls?|commands?|regulates?|switches|switch|actuates?|steers?|triggers?|manages?)$/,
    type: 'INFLUENCES',
  },
  { re: /^((shall|will) )?(depends?|relies?|relying|depending) (on|upon)$/, type: 'DEPENDS_ON' },
  { re: /^((shall|will) )?(requires?|needs?)$/, type: 'DEPENDS_ON' },
  { re: /^(is|are) (connected|linked|wired|attached) (to|with)$/, type: 'CONNECTS' },
  { re: /^((shall|will) )?(connects?|interfaces?|communicates?|talks?|links?) (to|with)$/, type: 'CONNECTS' },
  { re: /^((shall|will) )?(connects?|interfaces?)$/, type: 'CONNECTS' },
  { re: /^((shall|will) )?(contains?|includes?|comprises?|houses?) ?$/, type: 'CONTAINS' },
  { re: /^(consists?) of$/, type: 'CONTAINS' },
  { re: /^(is|are) (part) of$/, type: 'CONTAINS', reverse: true },
];

type Phrase = { name: string; start: number; end: number };

export function extractProse(
  blocks: TextBlock[],
  documentName: string,
  sink: MentionSink,
  known: Set<string>,
): void {
  for (const block of blocks) {
    if (block.kind === 'heading') continue;
    const p: Provenance = { documentName, location: block.location, extractor: 'prose' };
    const defined = defineAcronyms(block.text, p, sink);
    for (const d of defined) known.add(normaliseName(d));
    for (const sentence of block.text.split(/(?<=[.!?;])\s+(?=[A-Z(])/))
      relateSentence(sentence, p, sink, known);
  }
}

/** "Ground Support Equipment (GSE)": the full name with the acronym as its alias. */
function defineAcronyms(text: string, p: Provenance, sink: MentionSink): string[] {
  const found: string[] = [];
  for (const m of text.matchAll(/((?:[A-Za-z0-9][\w\-/²]*\s+){1,7})\(([A-Z][A-Za-z0-9\-&]{1,10})\)/g)) {
    const words = m[1]!.trim().split(/\s+/);
    const acronym = m[2]!;
    const letters = acronym.replace(/[^A-Za-z]/g, '').toUpperCase();
    for (let k = 1; k <= words.length; k++) {
      const phrase = words.slice(words.length - k).join(' ');
      if (initials(phrase).replace(/[^A-Z]/g, '') === letters && isNameToken(words[words.length - k]!)) {
        if (!isExcludedName(phrase)) {
          found.push(
            sink.entity(phrase, typeFromName(phrase), p, { aliases: [acronym], weight: 0.5 }),
            acronym,
          );
        }
        break;
      }
    }
  }
  return found;
}

function tokenize(sentence: string): string[] {
  return sentence
    .replace(/\(([A-Z][A-Za-z0-9\-&]{1,10})\)/g, ' ')
    .replace(/([,:;()"])/g, ' $1 ')
    .replace(/\.(\s|$)/g, ' . ')
    .split(/\s+/)
    .filter((t) => t);
}

/** The name ending just before `end` (backwards) or starting at `start` (forwards). */
function phraseBefore(tokens: string[], end: number, known: Set<string>): Phrase | undefined {
  for (let start = Math.max(0, end - 6); start < end; start++) {
    const name = tokens.slice(start, end).join(' ');
    const edgesAreWords = /^[\w+]/.test(tokens[start]!) && /^[\w+]/.test(tokens[end - 1]!);
    if (edgesAreWords && known.has(normaliseName(name)) && !isDeterminer(tokens[start]!))
      return { name, start, end };
  }
  let start = end;
  while (start > 0 && (isNameToken(tokens[start - 1]!) || (isHeadNoun(tokens[start - 1]!) && start === end)))
    start--;
  while (start < end && isHeadNoun(tokens[start]!) && !isNameToken(tokens[start]!)) start++;
  return start < end ? { name: tokens.slice(start, end).join(' '), start, end } : undefined;
}

function phraseAfter(tokens: string[], from: number, known: Set<string>): Phrase | undefined {
  let start = from;
  while (start < tokens.length && isDeterminer(tokens[start]!)) start++;
  for (let end = Math.min(tokens.length, start + 6); end > start; end--) {
    const name = tokens.slice(start, end).join(' ');
    if (/^[\w+]/.test(tokens[end - 1]!) && !isDeterminer(tokens[end - 1]!) && known.has(normaliseName(name)))
      return { name, start, end };
  }
  let end = start;
  while (end < tokens.length && isNameToken(tokens[end]!)) end++;
  if (end === start) return undefined;
  while (end < tokens.length && isHeadNoun(tokens[end]!)) end++;
  return { name: tokens.slice(start, end).join(' '), start, end };
}

/** "the OBC, the radio and the ADCS": every name of a list after the verb. */
function phrasesAfter(tokens: string[], from: number, known: Set<string>): Phrase[] {
  const out: Phrase[] = [];
  let at = from;
  for (;;) {
    const ph = phraseAfter(tokens, at, known);
    if (!ph) break;
    out.push(ph);
    const next = tokens[ph.end];
    if (next === ',' || next === 'and' || next === 'or') at = ph.end + (tokens[ph.end + 1] === 'and' ? 2 : 1);
    else break;
  }
  return out;
}

function relateSentence(sentence: string, p: Provenance, sink: MentionSink, known: Set<string>): void {
  const tokens = tokenize(sentence);
  let lastSubject: Phrase | undefined;
  for (let i = 1; i < tokens.length; i++) {
    for (let len = 5; len >= 1; len--) {
      // Verbs are lower case in running text: "the Drive Motor" is a name, "drives" a verb.
      if (/^[A-Z]/.test(tokens[i]!)) break;
      const verb = tokens
        .slice(i, i + len)
        .join(' ')
        .toLowerCase();
      const rule = VERBS.find((v) => v.re.test(verb));
      if (!rule) continue;
      // Skip adverbs and modal verbs between the subject and the verb.
      let subjEnd = i;
      while (
        subjEnd > 0 &&
        /^(also|only|directly|shall|will|must|then|each|both|which|that)$/i.test(tokens[subjEnd - 1]!)
      )
        subjEnd--;
      // "X is powered from Y and supplies Z": after "and" the verb keeps the sentence's subject.
      const subject =
        tokens[subjEnd - 1] === 'and' && lastSubject ? lastSubject : phraseBefore(tokens, subjEnd, known);
      const objects = phrasesAfter(tokens, i + len, known);
      if (!subject || objects.length === 0) continue;
      lastSubject = subject;
      const s = mention(subject.name, p, sink);
      if (!s) continue;
      const last = objects[objects.length - 1]!;
      // "X supplies Y to Z": Z consumes Y. "X communicates with Y over Z": both connect to Z.
      const tail = tokens[last.end]?.toLowerCase();
      const extra =
        tail && /^(to|over|via|through|using)$/.test(tail) ? phrasesAfter(tokens, last.end + 1, known) : [];
      for (const o of objects) {
        const t = mention(o.name, p, sink);
        if (!t) continue;
        if (rule.type === 'CONNECTS' && extra.length > 0 && tail !== 'to') {
          for (const via of extra) {
            const bus = mention(via.name, p, sink, 'INTERFACE');
            if (!bus) continue;
            sink.relate(s, bus, 'CONNECTS', p);
            sink.relate(t, bus, 'CONNECTS', p);
          }
          continue;
        }
        if (rule.reverse) sink.relate(t, s, rule.type, p);
        else sink.relate(s, t, rule.type, p);
        if (rule.type === 'PROVIDES' && tail === 'to')
          for (const c of extra) {
            const consumer = mention(c.name, p, sink);
            if (consumer) sink.relate(consumer, t, 'CONSUMES', p);
          }
      }
      i += len - 1;
      break;
    }
  }
}

function mention(
  name: string,
  p: Provenance,
  sink: MentionSink,
  type = typeFromName(name),
): string | undefined {
  const clean = name.replace(/^[^A-Za-z0-9+]+|[^A-Za-z0-9+²]+$/g, '');
  if (!clean || isExcludedName(clean)) return undefined;
  return sink.entity(clean, type, p, { weight: 0.5 });
}
