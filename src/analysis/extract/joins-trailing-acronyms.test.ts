// Prose that shortens a part to the acronym its name ends with ("the ROV" for the Work-Class ROV)
// names that part, when exactly one part a structured document names ends in it.
import { describe, expect, it } from 'vitest';
import type { EntityMention } from './builder.js';
import type { UnionFind } from './joins.js';
import { joinTrailingAcronyms } from './joins-trailing-acronyms.js';

const mention = (name: string, extractor: string): EntityMention =>
  ({
    name,
    entityType: 'COMPONENT',
    aliases: [],
    properties: {},
    weight: 1,
    provenance: { documentName: 'd', location: {}, extractor },
  }) as unknown as EntityMention;

const joined = (mentions: EntityMention[]): boolean[] => {
  const parent = mentions.map((_, i) => i);
  const find = (i: number): number => (parent[i] === i ? i : (parent[i] = find(parent[i]!)));
  const uf: UnionFind = {
    find,
    union: (a, b) => {
      if (find(a) !== find(b)) parent[find(a)] = find(b);
    },
    indexOf: () => undefined,
  };
  joinTrailingAcronyms(mentions, uf);
  return mentions.map((_, i) => find(i) === find(0));
};

describe('a bare acronym in prose', () => {
  it('is the one part a structured document names that ends in it', () => {
    expect(joined([mention('ROV', 'prose'), mention('Work-Class ROV', 'icd_table')])).toEqual([true, true]);
    expect(joined([mention('VFD', 'prose'), mention('Metering VFD', 'bom_table')])).toEqual([true, true]);
  });
  it('stays apart when two parts end in it', () => {
    expect(
      joined([mention('MCU', 'prose'), mention('Main MCU', 'bom_table'), mention('Safety MCU', 'bom_table')]),
    ).toEqual([true, false, false]);
  });
  it('stays apart when only prose names the longer part, or the word is no acronym', () => {
    expect(joined([mention('ROV', 'prose'), mention('Work-Class ROV', 'prose')])).toEqual([true, false]);
    expect(joined([mention('Pump', 'prose'), mention('Booster Pump', 'bom_table')])).toEqual([true, false]);
  });
});
