// The noun phrases of a prose sentence: a sentence's tokens, the name ending before a verb or starting
// after it (a name another document gave is recognised whole, in any case), and the list of names a
// verb takes ("the OBC, the radio and the ADCS").
import { normaliseName } from './normalise.js';
import { isDeterminer, isHeadNoun, isNameToken } from './prose-names.js';
import { VERBS } from './prose-verbs.js';

export type Phrase = { name: string; start: number; end: number };

export function tokenize(sentence: string): string[] {
  return sentence
    .replace(/\(([A-Z][A-Za-z0-9\-&]{1,10})\)/g, ' ')
    .replace(/([,:;()"])/g, ' $1 ')
    .replace(/\.(\s|$)/g, ' . ')
    .split(/\s+/)
    .filter((t) => t);
}

/** The name ending just before `end` (backwards) or starting at `start` (forwards). */
export function phraseBefore(tokens: string[], end: number, known: Set<string>): Phrase | undefined {
  // "the Limit Switch pair", "the Door Sensor set": a known part counted as a group is that part.
  if (end > 1 && COLLECTIVE.test(tokens[end - 1]!)) {
    const counted = phraseBefore(tokens, end - 1, known);
    if (counted && known.has(normaliseName(counted.name))) return { ...counted, end };
  }
  for (let start = Math.max(0, end - 6); start < end; start++) {
    const name = tokens.slice(start, end).join(' ');
    const edgesAreWords = /^[\w+]/.test(tokens[start]!) && /^[\w+]/.test(tokens[end - 1]!);
    if (edgesAreWords && known.has(normaliseName(name)) && !isDeterminer(tokens[start]!))
      return { name, start, end };
  }
  let start = end;
  // "Relay Enable A drives": before the verb, "A" ends the name; an article would start one.
  if (start > 1 && tokens[start - 1] === 'A' && isNameToken(tokens[start - 2]!)) start--;
  while (start > 0 && (isNameToken(tokens[start - 1]!) || (isHeadNoun(tokens[start - 1]!) && start === end)))
    start--;
  while (start < end && isHeadNoun(tokens[start]!) && !isNameToken(tokens[start]!)) start++;
  return start < end ? { name: tokens.slice(start, end).join(' '), start, end } : undefined;
}

const COLLECTIVE = /^(pair|pairs|set|sets|bank|group)$/;

export function phraseAfter(tokens: string[], from: number, known: Set<string>): Phrase | undefined {
  let start = from;
  while (start < tokens.length && isDeterminer(tokens[start]!)) start++;
  for (let end = Math.min(tokens.length, start + 6); end > start; end--) {
    const name = tokens.slice(start, end).join(' ');
    // "through the mast junction", "the radio board's supply": a known name that qualifies the noun
    // after it is not the object; the phrase names something else, which no document named.
    if (known.has(normaliseName(name)) && isModifier(tokens, start, end)) return undefined;
    // A known name followed by more of a capitalised name is the start of a longer name
    // ("Heatsink" of "Heatsink Temperature"), not the object itself.
    if (
      /^[\w+]/.test(tokens[end - 1]!) &&
      !isDeterminer(tokens[end - 1]!) &&
      known.has(normaliseName(name)) &&
      !(end < tokens.length && /^[A-Z][a-z]/.test(tokens[end]!) && isNameToken(tokens[end]!))
    )
      return { name, start, end };
  }
  let end = start;
  while (end < tokens.length && isNameToken(tokens[end]!)) end++;
  // "provides Relay Enable A and …": a capital A after a name and before what no noun follows ("and",
  // a comma, the sentence's end) is the name's letter, not an article.
  if (end > start && tokens[end] === 'A' && isLetterEnd(tokens[end + 1])) end++;
  if (end === start) return undefined;
  while (end < tokens.length && isHeadNoun(tokens[end]!)) end++;
  return { name: tokens.slice(start, end).join(' '), start, end };
}

const isLetterEnd = (next: string | undefined): boolean =>
  next === undefined || /^[,.;:)]$/.test(next) || FOLLOWS_NAME.test(next);

// Words that may follow a noun phrase without extending it: prepositions, conjunctions, relatives,
// auxiliaries and the like. A plain lower-case word outside them after a name is a noun it qualifies.
const FOLLOWS_NAME =
  /^(and|or|nor|but|to|from|over|via|through|with|without|at|in|on|of|for|by|into|onto|as|than|which|that|who|where|when|while|if|is|are|was|were|be|been|has|have|had|shall|will|must|can|may|should|would|could|using|every|each|only|also|then|so|until|after|before|during|once|per|within|under|above|below|between|across|via|directly|not|too|again|there|here|together|alone|instead|back|down|up|off|out|both)$/;

/**
 * The known name tokens[start..end) qualifies the word after it: a possessive ("the radio board's
 * supply"), or a name written in lower case followed by a plain lower-case noun ("the mast junction").
 * A capitalised name followed by a lower-case word ("the Sensor Mast carries") is still the name.
 */
function isModifier(tokens: string[], start: number, end: number): boolean {
  const next = tokens[end] ?? '';
  if (!/^[a-z]{3,}$/.test(next) || FOLLOWS_NAME.test(next)) return false;
  if (/['’]s$/.test(tokens[end - 1]!)) return true;
  const lowerCase = tokens.slice(start, end).every((t) => /^[a-z]/.test(t));
  // Verb forms after a name are its verb, not a noun: "supplies", "drives", "is fed", "running".
  return lowerCase && !/(s|ly|ed|ing)$/.test(next) && !VERBS.some((v) => v.re.test(next));
}

/** "the OBC, the radio and the ADCS": every name of a list after the verb. */
export function phrasesAfter(tokens: string[], from: number, known: Set<string>): Phrase[] {
  const out: Phrase[] = [];
  let at = from;
  for (;;) {
    const ph = phraseAfter(tokens, at, known);
    if (!ph) break;
    // "…to the DSP, and the Thermistor provides…": a name followed by a verb opens the next clause.
    const after = (tokens[ph.end] ?? '').toLowerCase();
    // So does one followed by an auxiliary: "…over the UART, and the Depth Sensor is read over…".
    if (
      out.length > 0 &&
      (VERBS.some(
        (v) => v.re.test(after) || v.re.test(`${after} ${tokens[ph.end + 1] ?? ''}`.toLowerCase()),
      ) ||
        /^(is|are|was|were|has|have|had|shall|will|must|can|may|should|does|do)$/.test(after))
    )
      break;
    out.push(ph);
    const next = tokens[ph.end];
    if (next === ',' || next === 'and' || next === 'or') at = ph.end + (tokens[ph.end + 1] === 'and' ? 2 : 1);
    else break;
    // "depends on the X and on the Y": the list's own preposition repeated after "and" keeps it
    // going; another one ("over the Link and to the Panel") starts a new phrase.
    if (
      tokens[at] === tokens[from - 1]?.toLowerCase() &&
      /^(on|upon|to|from|with|over|via)$/.test(tokens[at] ?? '')
    )
      at++;
  }
  return out;
}
