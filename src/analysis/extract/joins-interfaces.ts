// One link named two ways by two documents: a model's bus instance ("drive_bus", typed "Modbus_RTU")
// and an ICD's "Drive Modbus Link" (protocol "Modbus RTU, 19.2 kbit/s"). Names share nothing, but the
// link is the same when it joins the same parts, or when one's protocol words are all in the other's
// and no other interface of that document fits. Only a unique fit joins: two links between the same
// two parts in one document stay two.
import type { EntityMention, RelationshipMention } from './builder.js';
import type { UnionFind } from './joins.js';

/** Protocol words: letters only, units and bare sizes left out ("Modbus RTU, 19.2 kbit/s" → modbus, rtu). */
function protocolWords(m: EntityMention): Set<string> {
  const text = [m.properties.protocol ?? '', m.properties.type ?? ''].join(' ').toLowerCase();
  return new Set(
    text
      .split(/[^a-z0-9]+/)
      .filter((w) => /^[a-z][a-z0-9]+$/.test(w) && !/^(k|m|g)?(bit|bps|baud|hz)s?$/.test(w)),
  );
}

const within = (a: Set<string>, b: Set<string>): boolean => a.size > 0 && [...a].every((w) => b.has(w));

export function joinInterfacesByEnds(
  mentions: EntityMention[],
  relationships: RelationshipMention[],
  uf: UnionFind,
): void {
  const roots = new Map<number, { docs: Set<string>; ends: Set<number>; words: Set<string> }>();
  mentions.forEach((m, i) => {
    if (m.entityType !== 'INTERFACE') return;
    const r = uf.find(i);
    const g = roots.get(r) ?? { docs: new Set(), ends: new Set(), words: new Set() };
    g.docs.add(m.provenance.documentName);
    for (const w of protocolWords(m)) g.words.add(w);
    roots.set(r, g);
  });
  if (roots.size < 2) return;
  for (const rel of relationships) {
    if (rel.relationshipType !== 'CONNECTS') continue;
    const a = uf.indexOf(rel.source);
    const b = uf.indexOf(rel.target);
    if (a === undefined || b === undefined) continue;
    const [ra, rb] = [uf.find(a), uf.find(b)];
    if (roots.has(ra) && !roots.has(rb)) roots.get(ra)!.ends.add(rb);
    else if (roots.has(rb) && !roots.has(ra)) roots.get(rb)!.ends.add(ra);
  }
  const list = [...roots.entries()];
  const apart = (x: (typeof list)[number][1], y: (typeof list)[number][1]): boolean =>
    ![...x.docs].some((d) => y.docs.has(d));
  const sameEnds = (x: Set<number>, y: Set<number>): boolean =>
    x.size >= 2 && x.size === y.size && [...x].every((e) => y.has(e));
  const pairs: [number, number][] = [];
  for (const [i, [ri, gi]] of list.entries()) {
    // Candidates in other documents: the same parts at the ends, else protocol words one inside the other.
    const fits = (test: (g: (typeof list)[number][1]) => boolean) =>
      list.filter(([rj, gj], j) => j !== i && rj !== ri && apart(gi, gj) && test(gj));
    let found = fits((g) => sameEnds(gi.ends, g.ends));
    if (found.length === 0) found = fits((g) => within(gi.words, g.words) || within(g.words, gi.words));
    if (found.length !== 1) continue;
    const [rj, gj] = found[0]!;
    // The fit must be mutual: nothing else in this one's documents fits the other as well.
    const back = list.filter(
      ([rk, gk]) =>
        rk !== rj &&
        apart(gk, gj) &&
        (sameEnds(gj.ends, gk.ends) || within(gj.words, gk.words) || within(gk.words, gj.words)),
    );
    if (back.length === 1 && back[0]![0] === ri) pairs.push([ri, rj]);
  }
  for (const [a, b] of pairs) uf.union(a, b);
}
