// "receives the Cue from the Console over the DMX Link and the Command from the Desk over the CAN
// Bus": the link each thing travels on sits between one "X from Y" and the next. Past it, "and Z from
// W" is one more thing received, from a source of its own, as "X from Y and Z from W" is.
import { phraseAfter, phrasesAfter, type Phrase } from './prose-phrases.js';
import { tailAfterAside } from './prose-tails.js';

const LINK_WORD = /^(over|via|across|through|on|using)$/i;

/** The things sent after a link phrase that ends at `at`, each with the parties after its own tail. */
export function sentAfterLink(
  tokens: string[],
  at: number,
  tail: string,
  known: Set<string>,
): { item: Phrase; to: Phrase[] }[] {
  const out: { item: Phrase; to: Phrase[] }[] = [];
  for (;;) {
    at = tailAfterAside(tokens, at);
    if (!LINK_WORD.test(tokens[at] ?? '')) break;
    // One link: the "and" after it opens the next thing received, not a second link.
    const link = phraseAfter(tokens, at + 1, known);
    if (!link) break;
    let next = tailAfterAside(tokens, link.end);
    if (tokens[next] === ',') next++;
    if (tokens[next] !== 'and') break;
    const item = phraseAfter(tokens, next + 1, known);
    if (!item) break;
    const tailAt = tailAfterAside(tokens, item.end);
    if (tokens[tailAt]?.toLowerCase() !== tail) break;
    const to = phrasesAfter(tokens, tailAt + 1, known);
    if (to.length === 0) break;
    out.push({ item, to });
    at = to[to.length - 1]!.end;
  }
  return out;
}
