// A name that is another thing's name with one of that thing's codes before or after it ("IF-01 HMI
// Serial Link" in a model, "Solenoid Valve YV1" in a pin list's far-end column) is that thing: the code
// and the words each already name the same entity, so nothing new is named. Both halves must point at
// one group, which keeps "RS-485 Transceiver" (RS-485 names a bus, Transceiver nothing) or "Valve YV2"
// (YV2 a member of a different line) apart.
import type { EntityMention } from './builder.js';
import type { UnionFind } from './joins.js';

const CODE = /^[A-Z]{1,4}-?\d{1,4}[A-Z]?$/;

/** The name's code and the words beside it, when a code word leads or ends a name of two or more words. */
export function codeAndWords(name: string): { code: string; words: string } | undefined {
  const parts = name
    .trim()
    .split(/\s+/)
    .map((w) => w.replace(/^[(:]+|[):,]+$/g, ''))
    .filter((w) => w && w !== '-' && w !== '–');
  if (parts.length < 2) return undefined;
  if (CODE.test(parts[0]!) && /[a-z]/.test(parts.slice(1).join(' ')))
    return { code: parts[0]!, words: parts.slice(1).join(' ') };
  const last = parts[parts.length - 1]!;
  if (CODE.test(last) && /[a-z]/.test(parts.slice(0, -1).join(' ')))
    return { code: last, words: parts.slice(0, -1).join(' ') };
  return undefined;
}

export function joinCodedNames(mentions: EntityMention[], uf: UnionFind): void {
  mentions.forEach((m, i) => {
    const split = codeAndWords(m.name);
    if (!split) return;
    const byCode = uf.indexOf(split.code);
    const byWords = uf.indexOf(split.words);
    if (byCode === undefined || byWords === undefined) return;
    if (uf.find(byCode) === uf.find(byWords) && uf.find(i) !== uf.find(byCode)) uf.union(i, byCode);
  });
}
