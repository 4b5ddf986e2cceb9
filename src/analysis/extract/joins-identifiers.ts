// Model exports name blocks by identifiers ("Power_Supply_24V", "Valve_Actuator", "Booster_Skid")
// where the BOM and the prose write the part's name in words ("24V Power Supply", "Inlet Valve
// Actuator", "BPS-40 Booster Pump Skid"). An identifier meets the one worded part whose words are
// its words in another order, or whose name ends in its words (the identifier drops a qualifier);
// a model's top block meets the one worded product that shares a word with it.
import type { EntityMention } from './builder.js';
import type { UnionFind } from './joins.js';
import { normaliseName } from './normalise.js';

const PART = new Set(['SYSTEM', 'SUBSYSTEM', 'COMPONENT']);
const isIdentifier = (name: string): boolean =>
  !/\s/.test(name.trim()) && /[a-z]_[A-Za-z0-9]|[A-Z][a-z]+_/.test(name);
const wordsOf = (name: string): string[] =>
  normaliseName(name.replace(/_/g, ' '))
    .split(' ')
    .filter((w) => w);
const sameBag = (a: string[], b: string[]): boolean =>
  a.length === b.length && [...a].sort().join(' ') === [...b].sort().join(' ');
const endsWith = (name: string[], tail: string[]): boolean =>
  tail.length >= 2 &&
  name.length > tail.length &&
  tail.every((w, i) => name[name.length - tail.length + i] === w);

export function joinIdentifiersToNames(mentions: EntityMention[], uf: UnionFind): void {
  // Worded part names, by merged entity.
  const worded = new Map<number, { words: string[][]; system: boolean }>();
  const identified = new Set<number>();
  mentions.forEach((m, i) => {
    if (!PART.has(m.entityType)) return;
    const root = uf.find(i);
    for (const n of [m.name, ...m.aliases]) {
      if (isIdentifier(n)) continue;
      if (!/\s/.test(n.trim()) || !/[a-z]/.test(n)) continue;
      const w = worded.get(root) ?? { words: [], system: false };
      w.words.push(wordsOf(n));
      w.system ||= m.entityType === 'SYSTEM' && m.weight >= 2;
      worded.set(root, w);
    }
  });
  mentions.forEach((m, i) => {
    if (!PART.has(m.entityType) || !isIdentifier(m.name)) return;
    const root = uf.find(i);
    if (worded.has(root) || identified.has(root)) return;
    const words = wordsOf(m.name);
    const fits = (test: (w: string[]) => boolean): number[] =>
      [...worded].filter(([r, w]) => r !== root && w.words.some(test)).map(([r]) => r);
    let found = fits((w) => sameBag(w, words));
    if (found.length === 0) found = fits((w) => endsWith(w, words));
    if (found.length === 0 && m.entityType === 'SYSTEM') {
      const products = [...worded].filter(([r, w]) => r !== root && w.system);
      if (products.length === 1 && products[0]![1].words.some((w) => w.some((x) => words.includes(x))))
        found = [products[0]![0]];
    }
    if (found.length !== 1) return;
    identified.add(root);
    uf.union(i, found[0]!);
  });
}

/**
 * "Aldane RDC-2 Passenger Door System" (a model's title for its top block) is the BOM's "RDC-2
 * Passenger Door System" with the maker's name in front: a system named as another part plus one
 * leading word is that part, when exactly one part has the shorter name.
 */
export function joinProductByMaker(mentions: EntityMention[], uf: UnionFind): void {
  mentions.forEach((m, i) => {
    if (m.entityType !== 'SYSTEM') return;
    const words = m.name.trim().split(/\s+/);
    if (words.length < 4 || !/^[A-Z][a-z]+$/.test(words[0]!)) return;
    const shorter = normaliseName(words.slice(1).join(' '));
    const roots = new Set<number>();
    mentions.forEach((o, j) => {
      if (PART.has(o.entityType) && [o.name, ...o.aliases].some((n) => normaliseName(n) === shorter))
        roots.add(uf.find(j));
    });
    roots.delete(uf.find(i));
    if (roots.size === 1) uf.union(i, [...roots][0]!);
  });
}
