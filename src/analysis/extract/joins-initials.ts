// A netlist names a bus by a short prefix of its nets ("DL" of DL_TX/DL_RX/DL_A/DL_B) that is often
// the initials of the interface the documents name in words ("Drive Link"). The prefix shares no word
// and often no protocol with the worded name, so only the initials can join them, and only when they
// single out one documented interface.
import type { EntityMention } from './builder.js';
import { initials } from './normalise.js';
import type { UnionFind } from './joins.js';

/** A bus prefix that could be initials: two to five capital letters, nothing else. */
const INITIALS = /^[A-Z]{2,5}$/;

const documented = (m: EntityMention): boolean =>
  m.entityType === 'INTERFACE' && m.provenance.extractor !== 'netlist';

/** Initials of a worded name of two or more words ("Drive Link" → DL); undefined for one word. */
function wordedInitials(name: string): string | undefined {
  if (!/\s/.test(name.trim())) return undefined;
  const letters = initials(name);
  return letters.length >= 2 ? letters : undefined;
}

export function joinBusesByInitials(mentions: EntityMention[], uf: UnionFind): void {
  // Which documented interfaces each set of initials could stand for, by merged entity.
  const byInitials = new Map<string, Set<number>>();
  // Every name's initials, of any type: "DL" that is also a "Data Logger" part is left alone.
  const anyByInitials = new Map<string, Set<number>>();
  mentions.forEach((m, i) => {
    for (const n of [m.name, ...m.aliases]) {
      const letters = wordedInitials(n);
      if (!letters) continue;
      const root = uf.find(i);
      anyByInitials.set(letters, (anyByInitials.get(letters) ?? new Set()).add(root));
      if (documented(m)) byInitials.set(letters, (byInitials.get(letters) ?? new Set()).add(root));
    }
  });
  const hasDocumented = new Set(mentions.flatMap((m, i) => (documented(m) ? [uf.find(i)] : [])));
  mentions.forEach((m, i) => {
    if (m.entityType !== 'INTERFACE' || m.provenance.extractor !== 'netlist') return;
    if (!INITIALS.test(m.name) || hasDocumented.has(uf.find(i))) return;
    const fits = byInitials.get(m.name);
    const any = anyByInitials.get(m.name);
    if (fits?.size !== 1 || any?.size !== 1) return;
    uf.union(i, [...fits][0]!);
  });
}
