// A unit named with its model code in one document and without it in another ("Hydraulic Drive Unit
// HDU-1" in an ICD, "Hydraulic Drive Unit" in the BOM; "AWS-20 Automatic Weather Station" in the BOM,
// "Automatic Weather Station (AWS-20)" in the prose) is one unit. The code is a leading or trailing
// word with letters, a hyphen and digits; a protocol ("RS-485 Transceiver") is not a model code.
import type { EntityMention } from './builder.js';
import type { UnionFind } from './joins.js';
import { busKind } from './normalise.js';

const MODEL_CODE = /^[A-Z][A-Z0-9]*-\d[A-Z0-9.]*$/;
const PARTS = new Set(['SYSTEM', 'SUBSYSTEM', 'COMPONENT']);

/** The name without its model code, when it has one and enough words remain to be a name. */
export function withoutModelCode(name: string): string | undefined {
  const words = name.trim().split(/\s+/);
  if (words.length < 3) return undefined;
  const isCode = (w: string): boolean => MODEL_CODE.test(w) && !busKind(w);
  if (isCode(words[0]!)) return words.slice(1).join(' ');
  if (isCode(words[words.length - 1]!)) return words.slice(0, -1).join(' ');
  return undefined;
}

export function joinNamesByModelCode(mentions: EntityMention[], uf: UnionFind): void {
  mentions.forEach((m, i) => {
    if (!PARTS.has(m.entityType)) return;
    const bare = withoutModelCode(m.name);
    const j = bare === undefined ? undefined : uf.indexOf(bare);
    const other = j === undefined ? undefined : mentions[j];
    if (!other || !PARTS.has(other.entityType)) return;
    // Two structured sources that disagree on the kind ("Rudder Reference Unit RF-60" an assembly
    // line, "Rudder Reference Unit" a leaf block) are not joined on a name alone; a prose guess yields.
    if (other.entityType !== m.entityType && Math.min(other.weight, m.weight) >= 1) return;
    uf.union(i, j!);
  });
}

/**
 * The product named with its model code and two wordings of what it is: "AT-5 Class B AIS
 * Transponder" on the BOM's top line, "AT-5 AIS Transponder" in the model and the prose. Two systems
 * with the same code, one name's words all in the other's, are one product (a product has one top).
 */
export function joinSystemsByModelCode(mentions: EntityMention[], uf: UnionFind): void {
  const code = (name: string): string | undefined => {
    const w = name.trim().split(/\s+/);
    return [w[0]!, w[w.length - 1]!].find((x) => MODEL_CODE.test(x) && !busKind(x));
  };
  const words = (name: string, c: string): Set<string> =>
    new Set(
      name
        .toLowerCase()
        .split(/\s+/)
        .filter((w) => w && w !== c.toLowerCase()),
    );
  const systems = mentions
    .map((m, i) => ({ m, i, c: code(m.name) }))
    .filter(({ m, c }) => m.entityType === 'SYSTEM' && c && m.name.trim().split(/\s+/).length >= 3);
  for (const a of systems)
    for (const b of systems) {
      if (a.c !== b.c || uf.find(a.i) === uf.find(b.i)) continue;
      const [wa, wb] = [words(a.m.name, a.c!), words(b.m.name, b.c!)];
      if (wa.size >= 2 && wa.size < wb.size && [...wa].every((w) => wb.has(w))) uf.union(a.i, b.i);
    }
}

/**
 * "PA" in a model, its part number PAT-5103 on the BOM line "RF Power Amplifier": a part labelled by
 * an abbreviation is the one part another document names in words under the same part number.
 */
export function joinAbbreviationsByPartNumber(mentions: EntityMention[], uf: UnionFind): void {
  mentions.forEach((m, i) => {
    const pn = m.properties.part_number;
    if (!pn || !PARTS.has(m.entityType) || !/^[A-Z][A-Z0-9]{1,4}$/.test(m.name.trim())) return;
    const roots = new Set<number>();
    mentions.forEach((o, j) => {
      if (j !== i && PARTS.has(o.entityType) && o.properties.part_number === pn && /\s/.test(o.name.trim()))
        roots.add(uf.find(j));
    });
    if (roots.size === 1) uf.union(i, [...roots][0]!);
  });
}
