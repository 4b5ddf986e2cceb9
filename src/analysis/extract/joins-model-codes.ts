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
